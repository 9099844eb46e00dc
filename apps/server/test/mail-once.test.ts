import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { messageIdOf, UNCONFIRMED } from '../src/mail/delivery';
import { adminQuery } from './template';

/**
 * Issue 23 §4, decision 0058: a worker killed with `kill -9` in the middle of sending mail, then started again,
 * sends each outbox mail once and only once. Two kills: one while the mail server is still taking the envelope
 * (the row goes back to pending and is sent after the restart), one after the mail server had the whole message
 * but before it answered (the row is taken as sent, never sent again). The worker is its own process on the
 * database the test reads while it runs, so this needs PostgreSQL (TEST_DATABASE_URL): PGlite is one process's.
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const root = path.resolve(import.meta.dirname, '../../..');
const MAILS = 12;
const SLOW_MS = 1_500;
const SECRET = 'mail-once-secret-mail-once-secret';
const MAIL_FROM = 'Journals Platform <no-reply@journals.test>';

interface Row {
  id: number;
  state: string;
  attempts: number;
  last_error: string | null;
  handed_over_at: Date | null;
  created_at: Date;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false> | T, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!serverUrl)('a worker killed in the middle of sending mail (PostgreSQL)', () => {
  let database: { name: string; url: string };
  let dataDir: string;
  let smtp: SMTPServer;
  let smtpPort = 0;
  /** Which step the mail server is slow at: taking the recipient, or answering a whole message. */
  let slowAt: 'rcpt' | 'data' | null = null;
  /** A step is being slow now. */
  let slowNow = false;
  /** Every message the server took in full (its final dot came), by Message-ID, however the sender ended. */
  const received = new Map<string, number>();
  let worker: ChildProcess | undefined;
  let output = '';

  async function rows(): Promise<Row[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (
        await client.query(
          `SELECT id, state, attempts, last_error, handed_over_at, created_at FROM mail_outbox ORDER BY id`,
        )
      ).rows as Row[];
    } finally {
      await client.end();
    }
  }

  function startWorker() {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/worker.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SECRET,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM,
        MAIL_RETRY_DELAY_SECONDS: '1',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_SECONDS: '10',
        // The scheduled jobs stay out of the way.
        HOUSEKEEPING_PERIOD_SECONDS: '3600',
        REMINDERS_PERIOD_SECONDS: '3600',
      },
    });
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
    worker = child;
    return child;
  }

  async function kill9(child: ChildProcess) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    const name = `mail_once_${process.pid}_${Date.now()}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = { name, url: url.toString() };
    dataDir = mkdtempSync(path.join(tmpdir(), 'journals-mail-once-'));

    // Migrated, with the mails waiting in the outbox before the worker starts (it queues the pending ones).
    const handle = await openDatabase({ url: database.url });
    await handle.db.insert(mailOutbox).values(
      Array.from({ length: MAILS }, (_, n) => ({
        journalId: null,
        toAddress: `reader.${n}@example.org`,
        kind: 'test',
        subject: `Once only ${n}`,
        text: `Message ${n}`,
      })),
    );
    await handle.close();

    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
        if (slowAt !== 'rcpt') return callback();
        slowNow = true;
        setTimeout(() => callback(), SLOW_MS);
      },
      onData(stream: SMTPServerDataStream, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          // The final dot came: the server holds the message now, whether or not its answer reaches the sender.
          const id = /^Message-ID:\s*(<[^>]+>)/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? 'none';
          received.set(id, (received.get(id) ?? 0) + 1);
          if (slowAt !== 'data') return callback();
          slowNow = true;
          setTimeout(() => callback(), SLOW_MS);
        });
      },
    });
    // Answering a sender that is gone is not the server's failure.
    smtp.on('error', () => undefined);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  }, 60_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) await kill9(worker);
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    if (database) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'sends every mail exactly once across two kill -9 and restarts, and every row ends sent',
    { timeout: 90_000 },
    async () => {
      // 1. Killed while the server takes a recipient: the server has no message, the row is held but not handed over.
      slowAt = 'rcpt';
      slowNow = false;
      const first = startWorker();
      await waitFor('the worker to be talking to the mail server', () => slowNow, 40_000);
      await kill9(first);
      const afterFirst = await rows();
      const cutBeforeDot = afterFirst.filter((row) => row.state === 'sending');
      expect(cutBeforeDot).toHaveLength(1);
      expect(cutBeforeDot[0]!.handed_over_at).toBeNull();

      // 2. Killed after the server took a whole message, before it answered: held and handed over.
      slowAt = 'data';
      slowNow = false;
      const second = startWorker();
      await waitFor('a message the server holds without having answered', () => slowNow, 40_000);
      await kill9(second);
      const afterSecond = await rows();
      const cutAfterDot = afterSecond.filter((row) => row.state === 'sending' && row.handed_over_at !== null);
      expect(cutAfterDot).toHaveLength(1);

      // 3. Started again on a quick server: everything left goes, once.
      slowAt = null;
      const third = startWorker();
      const final = await waitFor('every row to be sent', async () => {
        const now = await rows();
        return now.every((row) => row.state === 'sent') ? now : undefined;
      });
      const exited = new Promise<number | null>((resolve) => third.once('exit', (code) => resolve(code)));
      third.kill('SIGTERM');
      expect(await exited, output).toBe(0);

      const config = loadConfig({ SECRET, MAIL_FROM, DATA_DIR: dataDir });
      const expected = final.map((row) => messageIdOf(config, { id: row.id, createdAt: row.created_at }));
      // Each row's message arrived exactly once, and nothing else arrived.
      expect(Object.fromEntries(received)).toEqual(Object.fromEntries(expected.map((id) => [id, 1])));
      // The row cut before the dot was sent again after the restart; the one cut after it was not.
      const resent = final.find((row) => row.id === cutBeforeDot[0]!.id)!;
      expect(resent).toMatchObject({ state: 'sent', attempts: 2 });
      const unconfirmed = final.find((row) => row.id === cutAfterDot[0]!.id)!;
      expect(unconfirmed).toMatchObject({ state: 'sent', attempts: 1, last_error: UNCONFIRMED });
      expect(output).toMatch(/queued again/);
      expect(output).toMatch(/taken as sent, not sent again/);
    },
  );
});
