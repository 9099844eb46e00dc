import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { messageIdOf, UNCONFIRMED } from '../src/mail/delivery';
import { startSmtpFake, waitFor, type SmtpFake } from './smtp-fake';
import { root } from './started-process';
import { adminQuery } from './template';

/**
 * Worker processes killed with `kill -9` in the middle of sending mail lose none and send none twice (decisions
 * 0058, 0069). Each worker is its own process on the database the test reads while it runs, so this needs
 * PostgreSQL (TEST_DATABASE_URL): PGlite is one process's.
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const SECRET = 'mail-once-secret-mail-once-secret';
const MAIL_FROM = 'Journals Platform <no-reply@journals.test>';

interface Row {
  id: number;
  to_address: string;
  state: string;
  attempts: number;
  last_error: string | null;
  claimed_by: string | null;
  handed_over_at: Date | null;
  created_at: Date;
}

/**
 * A database of its own with `mails` waiting in the outbox before any worker starts (a worker queues the pending
 * ones as it starts), a mail server, and worker processes started from source on them; all gone after.
 */
function mailScene(prefix: string, mails: number, workerEnv: Record<string, string>) {
  const scene = {
    url: '',
    smtp: undefined as unknown as SmtpFake,
    output: '',
    async rows(): Promise<Row[]> {
      const client = new pg.Client({ connectionString: scene.url });
      await client.connect();
      try {
        const result = await client.query(
          `SELECT id, to_address, state, attempts, last_error, claimed_by, handed_over_at, created_at
           FROM mail_outbox ORDER BY id`,
        );
        return result.rows as Row[];
      } finally {
        await client.end();
      }
    },
    /** A wait that, when it times out, tells what the workers logged and where each row stands. */
    async explained<T>(wait: () => Promise<T>): Promise<T> {
      try {
        return await wait();
      } catch (error) {
        const rows = await scene.rows().catch(() => []);
        const states = rows.map((row) => `${row.id}:${row.state}/${row.attempts}/${row.claimed_by ?? '-'}`).join(' ');
        const pids = workers.map((worker) => `${worker.pid}:${worker.exitCode ?? worker.signalCode ?? 'running'}`);
        const told = `${(error as Error).message}\nworkers ${pids.join(' ')}\nrows ${states}\n${scene.output.slice(-6_000)}`;
        throw new Error(told, { cause: error });
      }
    },
    startWorker(): ChildProcess {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/worker.ts')], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: scene.url,
          DATA_DIR: dataDir,
          SECRET,
          SMTP_URL: scene.smtp.url,
          MAIL_FROM,
          MAIL_RETRY_DELAY_SECONDS: '1',
          LOG_LEVEL: 'info',
          SHUTDOWN_TIMEOUT_SECONDS: '10',
          // The scheduled jobs stay out of the way.
          HOUSEKEEPING_PERIOD_SECONDS: '3600',
          REMINDERS_PERIOD_SECONDS: '3600',
          ...workerEnv,
        },
      });
      for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (scene.output += chunk));
      workers.push(child);
      return child;
    },
  };
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const workers: ChildProcess[] = [];
  let dataDir = '';

  beforeAll(async () => {
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    scene.url = url.toString();
    dataDir = mkdtempSync(path.join(tmpdir(), `journals-${prefix}-`));
    const handle = await openDatabase({ url: scene.url });
    await handle.db.insert(mailOutbox).values(
      Array.from({ length: mails }, (_, n) => ({
        journalId: null,
        toAddress: `reader.${n}@example.org`,
        kind: 'test',
        subject: `Once only ${n}`,
        text: `Message ${n}`,
      })),
    );
    await handle.close();
    scene.smtp = await startSmtpFake();
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) await kill9(worker);
    await scene.smtp?.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return scene;
}

async function kill9(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The pid of the process holding a `sending` row (its claim is `host:pid:start/attempt`). */
const holderPid = (row: Row) => row.claimed_by!.split(':')[1]!;

describe.skipIf(!serverUrl)('a worker killed in the middle of sending mail, then started again (PostgreSQL)', () => {
  const scene = mailScene('mail_once', 12, {});

  it(
    'sends every mail exactly once across two kill -9 and restarts, and every row ends sent',
    { timeout: 90_000 },
    async () => {
      const { smtp } = scene;
      // 1. Killed while the server takes a recipient: the server has no message, the row is held but not handed over.
      smtp.slowRcptMs = 1_500;
      const first = scene.startWorker();
      await waitFor('the worker to be talking to the mail server', () => smtp.busy(), 40_000);
      await kill9(first);
      const afterFirst = await scene.rows();
      const cutBeforeDot = afterFirst.filter((row) => row.state === 'sending');
      expect(cutBeforeDot).toHaveLength(1);
      expect(cutBeforeDot[0]!.handed_over_at).toBeNull();

      // 2. Killed after the server took a whole message, before it answered: held and handed over.
      smtp.slowRcptMs = 0;
      smtp.slowDataMs = 1_500;
      // The server's answer to the killed worker ends first, so that busy means the next one.
      await waitFor('the answer to the killed worker to end', () => !smtp.busy());
      const second = scene.startWorker();
      await waitFor('a message the server holds without having answered', () => smtp.busy(), 40_000);
      await kill9(second);
      const afterSecond = await scene.rows();
      const cutAfterDot = afterSecond.filter((row) => row.state === 'sending' && row.handed_over_at !== null);
      expect(cutAfterDot).toHaveLength(1);

      // 3. Started again on a quick server: everything left goes, once.
      smtp.slowDataMs = 0;
      const third = scene.startWorker();
      const final = await waitFor(
        'every row to be sent',
        async () => {
          const now = await scene.rows();
          return now.every((row) => row.state === 'sent') ? now : undefined;
        },
        20_000,
      );
      const exited = new Promise<number | null>((resolve) => third.once('exit', (code) => resolve(code)));
      third.kill('SIGTERM');
      expect(await exited, scene.output).toBe(0);

      const config = loadConfig({ SECRET, MAIL_FROM, DATA_DIR: tmpdir() });
      const expected = final.map((row) => messageIdOf(config, { id: row.id, createdAt: row.created_at }));
      // Each row's message arrived exactly once, and nothing else arrived.
      expect(Object.fromEntries(smtp.byMessageId)).toEqual(Object.fromEntries(expected.map((id) => [id, 1])));
      // The row cut before the dot was sent again after the restart; the one cut after it was not.
      const resent = final.find((row) => row.id === cutBeforeDot[0]!.id)!;
      expect(resent).toMatchObject({ state: 'sent', attempts: 2 });
      const unconfirmed = final.find((row) => row.id === cutAfterDot[0]!.id)!;
      expect(unconfirmed).toMatchObject({ state: 'sent', attempts: 1, last_error: UNCONFIRMED });
      expect(scene.output).toMatch(/queued again/);
      expect(scene.output).toMatch(/taken as sent, not sent again/);
    },
  );
});

/**
 * Issue 44 §1, decision 0069: with another worker still running, nothing waits for a restart — the other sends the
 * row the killed worker was sending (its holder is gone) and the rest of its batch (their jobs died with it).
 */
describe.skipIf(!serverUrl)('a worker killed in the middle of a batch, another still running (PostgreSQL)', () => {
  const scene = mailScene('mail_workers', 20, { MAIL_RECOVERY_SECONDS: '2' });

  it(
    'sends every mail exactly once through the worker that is left, without a restart',
    { timeout: 90_000 },
    async () => {
      const { smtp } = scene;
      // A slow server: each worker holds a batch of five, one mail being sent, four waiting their turn. Five seconds a
      // mail, so that the first worker is far from done when the second has started (tsx takes its time on a busy
      // CI machine: at a second a mail the first once sent them all before the second began).
      smtp.slowRcptMs = 5_000;
      const first = scene.startWorker();
      const second = scene.startWorker();
      // Both workers have been seen holding a mail, and the first holds one now (sampled every 50 ms: the moments
      // when both hold one at once are not needed, only that the second works and the first is mid-batch).
      const seen = new Set<string>();
      const held = await scene.explained(() =>
        waitFor(
          'both workers to be sending',
          async () => {
            const now = await scene.rows();
            const holders = now.filter((row) => row.state === 'sending').map(holderPid);
            for (const pid of holders) seen.add(pid);
            const bothWork = seen.has(String(first.pid)) && seen.has(String(second.pid));
            return bothWork && holders.includes(String(first.pid)) ? now : undefined;
          },
          40_000,
        ),
      );
      // Kill the first worker in the middle of its batch.
      const victim = held.find((row) => row.state === 'sending' && holderPid(row) === String(first.pid))!;
      expect(victim).toBeDefined();
      await kill9(first);
      smtp.slowRcptMs = 50;

      const final = await scene.explained(() =>
        waitFor(
          'every row to be sent by the worker left',
          async () => {
            const now = await scene.rows();
            return now.every((row) => row.state === 'sent') ? now : undefined;
          },
          60_000,
        ),
      );
      expect(second.exitCode).toBeNull();
      // Each message arrived once: the killed worker's row cut before its dot was sent again, and nothing twice.
      for (const row of final) expect(smtp.byRecipient.get(row.to_address), row.to_address).toBe(1);
      expect(final.find((row) => row.id === victim.id)).toMatchObject({ state: 'sent', attempts: 2 });
      expect(scene.output).toMatch(/queued again/);
    },
  );
});
