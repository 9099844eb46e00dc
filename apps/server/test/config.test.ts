import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

/** The signing secret (issue 19 §6): the links it signs outlive a restart, and production brings its own. */

const folders: string[] = [];
const dataFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'journals-config-'));
  folders.push(folder);
  return folder;
};

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the signing secret', () => {
  it('is made once and kept in the data folder, readable by its owner only, so a restart signs with the same', () => {
    const DATA_DIR = path.join(dataFolder(), 'data');
    const first = loadConfig({ DATA_DIR }).SECRET;
    const second = loadConfig({ DATA_DIR }).SECRET;
    expect(second).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(DATA_DIR, 'secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataFolder() }).SECRET).not.toBe(first);
  });

  it('narrows a kept secret file that others can read to its owner at start, keeping the secret', () => {
    const DATA_DIR = dataFolder();
    const file = path.join(DATA_DIR, 'secret');
    writeFileSync(file, 'an-older-release-secret-0123456789\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(loadConfig({ DATA_DIR }).SECRET).toBe('an-older-release-secret-0123456789');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('is the SECRET setting when there is one, and then nothing is written', () => {
    const DATA_DIR = dataFolder();
    expect(loadConfig({ DATA_DIR, SECRET: 'a-secret-of-the-site-0123456789' }).SECRET).toBe(
      'a-secret-of-the-site-0123456789',
    );
    expect(() => statSync(path.join(DATA_DIR, 'secret'))).toThrow(/ENOENT/);
  });

  it('is required in production: the server refuses to start without SECRET', () => {
    const DATA_DIR = dataFolder();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR })).toThrow(
      /SECRET is required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR, SECRET: 'a-secret-of-the-site-0123456789' }).SECRET).toBe(
      'a-secret-of-the-site-0123456789',
    );
  });
});
