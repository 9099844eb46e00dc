import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import pg from 'pg';
import { Mailbox } from './mailbox';
import { type CrossrefFake, startCrossrefFake } from '../../apps/server/test/crossref-fake';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** What ORCID answers for the next sign-in: the test sets it before clicking the ORCID button. */
export interface OrcidIdentity {
  orcid: string;
  name: string;
  email?: string;
}

/**
 * The whole platform as a user meets it: the real server (built web app, demo data) on a fresh database, an SMTP
 * server that catches its mail, and a local OAuth server standing in for ORCID. The site is served on 127.0.0.1 and
 * the sandbox gateway's page is reached on localhost: another origin, as a real gateway's page is.
 */
export class Platform {
  readonly mailbox = new Mailbox();
  /** Crossref's deposit API on a local port (apps/server/test/crossref-fake.ts): the journals' DOIs go there. */
  crossref!: CrossrefFake;
  readonly orcid = new OAuth2Server(undefined, undefined, {
    endpoints: { authorize: '/oauth/authorize', token: '/oauth/token' },
  });
  orcidIdentity: OrcidIdentity = { orcid: '0000-0002-1825-0097', name: 'Josiah Carberry' };
  baseURL = '';
  /** Where payers reach the sandbox gateway's page: the same server under another origin. */
  gatewayURL = '';
  private server?: ChildProcess;
  private dataDir = mkdtempSync(path.join(tmpdir(), 'journals-e2e-'));
  private dropDatabase = async () => {};
  private log: string[] = [];

  async start(): Promise<void> {
    await this.mailbox.start();
    this.crossref = await startCrossrefFake();
    await this.orcid.issuer.keys.generate('RS256');
    await this.orcid.start(0, '127.0.0.1');
    this.orcid.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
      Object.assign(response.body, this.orcidIdentity);
    });

    const port = await freePort();
    this.baseURL = `http://127.0.0.1:${port}`;
    this.gatewayURL = `http://localhost:${port}`;
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.baseURL,
      PAYMENT_SANDBOX_URL: this.gatewayURL,
      DATA_DIR: this.dataDir,
      SMTP_URL: `smtp://127.0.0.1:${this.mailbox.port}`,
      ORCID_BASE_URL: this.orcid.issuer.url!,
      SECRET: 'e2e-secret-e2e-secret-e2e-secret',
      CAPTCHA_COST: '2000',
      RATE_LIMIT_AUTH: '1000',
      RATE_LIMIT_COSTLY: '1000',
      LOG_LEVEL: 'warn',
      // A refused mail (the outbox spec) fails after its five attempts at once: with 1 s, the waits between them
      // (1–2, 2–4, 4–8 and 8–16 s) kept a worker idle for 15–30 s in each language.
      MAIL_RETRY_DELAY_SECONDS: '0',
      // DOI deposits (issue 46 §1) go to the local Crossref, their results read every second.
      CROSSREF_TEST_URL: this.crossref.base,
      CROSSREF_PRODUCTION_URL: this.crossref.base,
      CROSSREF_POLL_SECONDS: '1',
      CROSSREF_SWEEP_SECONDS: '1',
    };
    delete env.DATABASE_URL;
    if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = await this.createDatabase(process.env.TEST_DATABASE_URL);

    this.server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: ROOT, env });
    this.server.stdout?.on('data', (chunk) => this.log.push(String(chunk)));
    this.server.stderr?.on('data', (chunk) => this.log.push(String(chunk)));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.server.exitCode !== null) throw new Error(`server exited:\n${this.log.join('')}`);
      const ok = await fetch(`${this.baseURL}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`server did not start:\n${this.log.join('')}`);
  }

  private async createDatabase(serverUrl: string): Promise<string> {
    const name = `e2e_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    this.dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async stop(): Promise<void> {
    if (this.server && this.server.exitCode === null) {
      const exited = new Promise((resolve) => this.server!.once('exit', resolve));
      this.server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (this.server.exitCode === null) this.server.kill('SIGKILL');
    }
    await this.orcid.stop();
    await this.mailbox.stop();
    await this.crossref?.close();
    await this.dropDatabase();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
