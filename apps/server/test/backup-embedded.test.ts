import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { checkArchive } from '../src/ops/restore';
import { copyTemplateFiles, templateSnapshot } from './template';

/**
 * `npm run backup` on the embedded database while its server runs (issue 23 §1, decision 0056): the server has the
 * database open, alone, so it takes the backup itself, between the requests it goes on answering; a second server
 * on the same DATA_DIR is refused before it opens the database. The embedded database's path: the PostgreSQL pass
 * of the suite has no embedded server to ask.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database, backed up while its server runs', () => {
  let dataDir: string;
  let server: ChildProcess;
  let base = '';
  let output = '';
  const env = (port: number) => ({
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SECRET: 'backup-embedded-secret-0123456789',
    SMTP_URL: '',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'true',
    NODE_ENV: 'test',
    // The readers below ask as fast as they are answered for as long as the backup takes (longer on a loaded
    // machine): the minute's global limit is not what this test is about.
    RATE_LIMIT_GLOBAL: '1000000',
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'journals-backup-embedded-'));
    const template = inject('demoTemplate');
    copyTemplateFiles(template, dataDir);
    // The demo database in the server's own folder: it starts without migrating and seeding.
    await (await openDatabase({ dataDir, snapshot: templateSnapshot(template) })).close();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, env: env(port) });
    for (const stream of [server.stdout, server.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
    const until = Date.now() + 45_000;
    while ((await fetch(`${base}/readyz`).catch(() => null))?.status !== 200) {
      if (Date.now() > until || server.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is taken by the server, which keeps answering meanwhile', async () => {
    const out = path.join(dataDir, 'while-serving.tar.gz');
    const backup = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/backup.ts', '--out', out], {
      cwd: root,
      env: env(0),
    });
    let said = '';
    for (const stream of [backup.stdout!, backup.stderr!]) stream.on('data', (chunk: Buffer) => (said += chunk));
    const ended = new Promise<number | null>((resolve) => backup.once('exit', resolve));
    // Readers keep coming while the backup is taken.
    const answers: number[] = [];
    let done = false;
    void ended.then(() => (done = true));
    while (!done) answers.push((await fetch(`${base}/api/journals/general/archive/home`)).status);
    expect(await ended, said).toBe(0);
    expect(said).toMatch(/The server \(pid \d+\) has the embedded database open: it takes the backup while it serves/);
    expect(said).toMatch(/Backed up the embedded database .* at migration \d+/);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 200)).toBe(true);
    // The archive is whole (every entry against its manifest) and holds the demo's accounts.
    const manifest = await checkArchive(out);
    expect(manifest.source.kind).toBe('pglite');
    expect(manifest.tables.find((table) => table.name === 'users')?.rows).toBeGreaterThan(10);
    expect(existsSync(path.join(dataDir, 'backup-request.json'))).toBe(false);
  }, 60_000);

  it('refuses a second server on the same DATA_DIR before it opens the database', async () => {
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: env(await freePort()),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).not.toBe(0);
    expect(second.stderr + second.stdout).toMatch(/another server \(pid \d+\) has the embedded database .* open/);
    // The first still serves, and its claim is its own.
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect(readFileSync(path.join(dataDir, 'server.pid'), 'utf8').trim()).toBe(String(server.pid));
  }, 40_000);

  it('lets the database go when the server stops', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 30_000);
});
