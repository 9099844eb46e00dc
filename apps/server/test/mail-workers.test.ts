import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { startSmtpFake, waitFor, type SmtpFake } from './smtp-fake';
import { adminQuery } from './template';

/**
 * Issue 44 §1, decision 0069: a worker killed with `kill -9` in the middle of a batch, while another worker runs,
 * loses no mail — with no restart, the other worker sends every message exactly once: the row the killed worker
 * was sending (its holder is gone) and the rest of its batch (their jobs died with it). Two worker processes on one
 * database need PostgreSQL (TEST_DATABASE_URL).
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const root = path.resolve(import.meta.dirname, '../../..');
const MAILS = 20;

describe.skipIf(!serverUrl)('a worker killed in the middle of a batch, another still running (PostgreSQL)', () => {
  let database: { name: string; url: string };
  let dataDir: string;
  let smtp: SmtpFake;
  const workers: ChildProcess[] = [];
  let output = '';

  async function rows() {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const result = await client.query(
        `SELECT id, to_address, state, attempts, claimed_by FROM mail_outbox ORDER BY id`,
      );
      return result.rows as {
        id: number;
        to_address: string;
        state: string;
        attempts: number;
        claimed_by: string | null;
      }[];
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
        SECRET: 'mail-workers-secret-mail-workers',
        SMTP_URL: smtp.url,
        MAIL_RETRY_DELAY_SECONDS: '1',
        MAIL_RECOVERY_SECONDS: '2',
        LOG_LEVEL: 'info',
        HOUSEKEEPING_PERIOD_SECONDS: '3600',
        REMINDERS_PERIOD_SECONDS: '3600',
      },
    });
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    const name = `mail_workers_${process.pid}_${Date.now()}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = { name, url: url.toString() };
    dataDir = mkdtempSync(path.join(tmpdir(), 'journals-mail-workers-'));
    const handle = await openDatabase({ url: database.url });
    await handle.db.insert(mailOutbox).values(
      Array.from({ length: MAILS }, (_, n) => ({
        journalId: null,
        toAddress: `reader.${n}@example.org`,
        kind: 'bulk',
        subject: `Batch ${n}`,
        text: `Message ${n}`,
      })),
    );
    await handle.close();
    smtp = await startSmtpFake();
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await smtp?.close();
    if (database) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'sends every mail exactly once through the worker that is left, without a restart',
    { timeout: 90_000 },
    async () => {
      // A slow server: each worker holds a batch of five, one mail being sent, four waiting their turn.
      smtp.slowRcptMs = 1_000;
      const first = startWorker();
      const second = startWorker();
      const held = await waitFor(
        'both workers to be sending',
        async () => {
          const now = await rows();
          const holders = new Set(
            now.filter((row) => row.state === 'sending').map((row) => row.claimed_by!.split(':')[1]),
          );
          return holders.size === 2 ? now : undefined;
        },
        40_000,
      );
      // Kill the first worker in the middle of its batch.
      const victim = held.find(
        (row) => row.state === 'sending' && row.claimed_by!.split(':')[1] === String(first.pid),
      )!;
      expect(victim).toBeDefined();
      const exited = new Promise((resolve) => first.once('exit', resolve));
      first.kill('SIGKILL');
      await exited;
      smtp.slowRcptMs = 50;

      const final = await waitFor(
        'every row to be sent by the worker left',
        async () => {
          const now = await rows();
          return now.every((row) => row.state === 'sent') ? now : undefined;
        },
        60_000,
      );
      expect(second.exitCode).toBeNull();
      // Each message arrived once: the killed worker's row cut before its dot was sent again, and nothing twice.
      for (const row of final) expect(smtp.byRecipient.get(row.to_address), row.to_address).toBe(1);
      expect(final.find((row) => row.id === victim.id)).toMatchObject({ state: 'sent', attempts: 2 });
      expect(output).toMatch(/queued again/);
    },
  );
});
