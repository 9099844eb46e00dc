import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Storage } from '../src/storage/driver';
import { createStorage } from '../src/storage/storage';
import { startS3 } from './s3';

/**
 * One contract for every storage driver (DESIGN §7; decision 0009): the same cases run against the local folder
 * and against a real S3-compatible server spoken to over HTTP.
 */

type Opened = { storage: Storage; close: () => Promise<void> };

const drivers: [string, () => Promise<Opened>][] = [
  [
    'local',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-storage-'));
      const storage = await createStorage(loadConfig({ DATA_DIR: dataDir }));
      return { storage, close: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const s3 = await startS3();
      return { storage: await createStorage(loadConfig(s3.env)), close: s3.close };
    },
  ],
];

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const freshKey = () => `papers/1/2/${randomUUID().replaceAll('-', '')}.pdf`;

describe.each(drivers)('the %s driver', (_name, open) => {
  let opened: Opened;
  let storage: Storage;
  beforeAll(async () => {
    opened = await open();
    storage = opened.storage;
  });
  afterAll(() => opened.close());

  it('gives back the same bytes and size that were put', async () => {
    const key = freshKey();
    const content = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(100_000)]);
    await storage.put(key, content);
    const stored = await storage.get(key);
    expect(stored?.size).toBe(content.length);
    expect((await read(stored!.stream)).equals(content)).toBe(true);
  });

  it('answers null for a key that was never put', async () => {
    expect(await storage.get(freshKey())).toBeNull();
  });

  it('answers null after the key is removed', async () => {
    const key = freshKey();
    await storage.put(key, Buffer.from('to be removed'));
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('removes a missing key without an error', async () => {
    await expect(storage.remove(freshKey())).resolves.toBeUndefined();
  });

  it.each([
    '../outside.pdf',
    'papers/../../outside.pdf',
    'papers/..',
    '/papers/1.pdf',
    'papers//1.pdf',
    '',
    'a\\..\\b',
  ])('refuses the key %j for put, get and remove', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.remove(key)).rejects.toThrow(/invalid storage key/);
  });
});

describe('the local folder', () => {
  it('never shows a file half-written: it is written aside and renamed, and list leaves the drafts out', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-storage-'));
    try {
      const storage = await createStorage(loadConfig({ DATA_DIR: dataDir }));
      await storage.put('papers/1/a.pdf', Buffer.from('whole'));
      // A draft another process is writing now.
      mkdirSync(path.join(dataDir, 'files', '.incoming'), { recursive: true });
      writeFileSync(path.join(dataDir, 'files', '.incoming', '77-draft'), 'half');
      const keys: string[] = [];
      for await (const key of storage.list()) keys.push(key);
      expect(keys).toEqual(['papers/1/a.pdf']);
      expect(readdirSync(path.join(dataDir, 'files', '.incoming'))).toEqual(['77-draft']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('storage configuration', () => {
  it('refuses STORAGE_DRIVER=s3 without a bucket when the configuration is loaded', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET is required when STORAGE_DRIVER=s3/);
  });

  it('wants both S3 keys or neither', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/,
    );
  });

  it('uses path-style addressing by default only with an endpoint', () => {
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
    const aws = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' });
    expect({ region: aws.S3_REGION, pathStyle: aws.S3_FORCE_PATH_STYLE }).toEqual({
      region: 'us-east-1',
      pathStyle: false,
    });
    const minio = { STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' };
    expect(loadConfig(minio).S3_FORCE_PATH_STYLE).toBe(true);
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
  });
});
