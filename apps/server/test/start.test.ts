import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** What `npm start` runs (issue 8): the compiled bundle, outside tsx, finds its migrations and assets. */

const root = path.resolve(import.meta.dirname, '../../..');
let server: ChildProcess;
let dataDir: string;
let baseUrl: string;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error())));
    });
  });
}

async function waitForHealth(timeoutMs: number): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${baseUrl}/healthz`).catch(() => null);
    if (answer?.status === 200) return answer;
    if (Date.now() > until || server.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // The same check `npm start` makes: build the bundle when it is missing or older than a source.
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  dataDir = mkdtempSync(path.join(tmpdir(), 'journals-start-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
    // Another folder as the working directory: nothing may depend on where the server is started from.
    cwd: dataDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  for (const stream of [server.stdout, server.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
});

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  // About 10 s alone; with the suite's other workers on the 2-core CI machine it took over 25 s twice (an embedded
  // database migrated and seeded from nothing), so the wait is a minute: a hang, not a slow machine, fails it.
  it('starts on a fresh data folder, migrates, seeds the demo and answers /healthz', { timeout: 70_000 }, async () => {
    const health = await waitForHealth(60_000);
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('answers the demo journal', async () => {
    const answer = await fetch(`${baseUrl}/api/journals/general`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      slug: 'general',
      journalData: { title: { en: 'Journal of Applied Sciences' } },
    });
  });

  it('serves the system manual from its assets', async () => {
    const answer = await fetch(`${baseUrl}/manual.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await answer.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('keeps the signing secret it made in the data folder, readable by its owner only', () => {
    const file = path.join(dataDir, 'secret');
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses to start in production without SECRET, and says why', () => {
    const { SECRET: _unset, ...env } = process.env;
    const refused = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
      cwd: dataDir,
      env: { ...env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('SECRET is required when NODE_ENV=production');
  });
});
