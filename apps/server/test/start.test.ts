import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from './s3';
import { startSmtpFake, waitFor, type SmtpFake } from './smtp-fake';
import { composeEnvironment, freePort, root, startCompiled, type StartedProcess, waitForOk } from './started-process';
import { adminQuery } from './template';

/** What `npm start` runs (issue 8): the compiled bundle, outside tsx, finds its migrations and assets. */

let server: ChildProcess;
let dataDir: string;
let baseUrl: string;
let output = '';

async function waitForHealth(timeoutMs: number): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${baseUrl}/healthz`).catch(() => null);
    if (answer?.status === 200) return answer;
    if (Date.now() > until || server.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(() => {
  // The same check `npm start` makes: build the bundle when it is missing or older than a source. Once for the file:
  // every describe below starts the compiled server.
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
});

describe('the compiled server', () => {
  beforeAll(async () => {
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

/**
 * Issue 44 §4: every configuration the operations guide documents starts from a DATA_DIR that does not exist yet
 * and becomes ready (`/readyz` 200): the embedded database with and without SECRET (with it, the first start
 * crashed writing `server.pid` into the missing folder), S3 storage, behind a proxy; on PostgreSQL, the server
 * alone, and compose.yaml's own variables with the web process and a separate worker that delivers a mail. Each
 * process gets only the variables named here (and PATH, HOME). The embedded ones belong to the embedded pass, the
 * PostgreSQL ones to the PostgreSQL pass (TEST_DATABASE_URL): each start migrates a database from nothing, about
 * 10 s alone.
 */
describe('every documented configuration, started from an empty folder', () => {
  const SECRET = 'configurations-secret-configurations';
  const postgres = process.env.TEST_DATABASE_URL ?? '';
  const embedded = it.skipIf(Boolean(postgres));
  const onPostgres = it.skipIf(!postgres);
  const folders: string[] = [];
  let s3: TestS3;
  let smtp: SmtpFake;
  const started: StartedProcess[] = [];
  const databases: string[] = [];

  beforeAll(async () => {
    s3 = await startS3();
    smtp = await startSmtpFake();
  });
  afterAll(async () => {
    await Promise.all(started.splice(0).map((process) => process.stop()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    for (const name of databases) await adminQuery(postgres, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await s3?.close();
    await smtp?.close();
  });

  async function freshDatabase(): Promise<string> {
    const name = `configuration_${process.pid}_${Date.now()}`;
    await adminQuery(postgres, `CREATE DATABASE ${name}`);
    databases.push(name);
    const url = new URL(postgres);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** A working folder, and a DATA_DIR two levels below it that does not exist: nobody made it for the server. */
  function freshFolder() {
    const base = mkdtempSync(path.join(tmpdir(), 'journals-configuration-'));
    folders.push(base);
    return { base, dataDir: path.join(base, 'fresh', 'data') };
  }

  async function startReady(env: Record<string, string>, init?: RequestInit) {
    const { base, dataDir } = freshFolder();
    const port = await freePort();
    const server = startCompiled(
      'server',
      // The port is this machine's free one (compose's 3000 may be taken).
      { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: String(port) },
      base,
    );
    started.push(server);
    const ready = await waitForOk(`http://127.0.0.1:${port}/readyz`, server, 80_000, init);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    return { server, port, base, dataDir };
  }

  embedded('embedded, without SECRET: makes the folder and its secret, owner-only', { timeout: 90_000 }, async () => {
    const { dataDir } = await startReady({ SEED_DEMO: 'false' });
    expect(statSync(path.join(dataDir, 'secret')).mode & 0o777).toBe(0o600);
  });

  embedded(
    'embedded, with SECRET (as the operations guide says): makes the folder, keeps no secret file',
    { timeout: 90_000 },
    async () => {
      const { dataDir } = await startReady({ SECRET, SEED_DEMO: 'false' });
      expect(existsSync(path.join(dataDir, 'secret'))).toBe(false);
    },
  );

  embedded('embedded, files in S3-compatible storage', { timeout: 90_000 }, async () => {
    await startReady({ SECRET, SEED_DEMO: 'false', ...s3.env });
  });

  embedded('embedded, behind a reverse proxy', { timeout: 90_000 }, async () => {
    await startReady(
      { SECRET, SEED_DEMO: 'false', TRUST_PROXY: '1', PUBLIC_URL: 'https://journals.example.org' },
      { headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' } },
    );
  });

  onPostgres('PostgreSQL (TEST_DATABASE_URL)', { timeout: 90_000 }, async () => {
    await startReady({ SECRET, DATABASE_URL: await freshDatabase() });
  });

  onPostgres(
    "compose.yaml's variables: the web process and a separate worker that delivers a mail (TEST_DATABASE_URL)",
    { timeout: 90_000 },
    async () => {
      const environment = composeEnvironment({ SECRET, METRICS_TOKEN: 'configurations-metrics-token' });
      expect(environment).toMatchObject({ NODE_ENV: 'production', STORAGE_DRIVER: 's3', SEED_DEMO: 'false' });
      // The services compose would start are this machine's: its PostgreSQL, an S3 server, a mail server.
      const databaseUrl = await freshDatabase();
      const services = { DATABASE_URL: databaseUrl, ...s3.env, SMTP_URL: smtp.url };
      const { port, base, dataDir } = await startReady({ ...environment, ...services, RUN_JOBS: 'false' });
      // A mail waiting in the outbox (the web process migrated the database); the worker queues it as it starts.
      const address = `compose.${Date.now()}@example.org`;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(
          `INSERT INTO mail_outbox (journal_id, to_address, kind, subject, text) VALUES (NULL, $1, 'test', 'Hello', 'x')`,
          [address],
        );
      } finally {
        await client.end();
      }
      const worker = startCompiled('worker', { ...environment, ...services, DATA_DIR: dataDir }, base);
      started.push(worker);
      await waitFor(
        'the mail at the mail server',
        () => smtp.byRecipient.get(address) === 1 || worker.child.exitCode !== null,
        30_000,
      );
      expect(worker.child.exitCode, worker.output()).toBeNull();
      expect(smtp.byRecipient.get(address)).toBe(1);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`, {
        headers: { authorization: 'Bearer configurations-metrics-token' },
      });
      expect(ready.status).toBe(200);
    },
  );
});
