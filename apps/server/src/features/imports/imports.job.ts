import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { bossDatabase, createQueueRetrying } from '../../jobs/boss-database';
import type { DatabaseHandle } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { runPass } from './imports.pass';
import { busyImports, busyImportsToResume } from './imports.progress';

/**
 * The import's background work (decision 0076): one pg-boss queue, one job per pass (the dry run, then the real
 * import). The job holds its import by a lease renewed with every record; a process that dies leaves the lease to
 * run out, and the sweep (at start, then every SWEEP_SECONDS) queues the import again: it resumes after its last
 * committed record. Jobs that find their import held by a live holder do nothing, so a duplicate job is harmless.
 *
 * The queue starts with the first import this process queues, or at start when imports wait: a process that never
 * imports never polls for them (`always` starts it at once: the worker process).
 */
const QUEUE = 'journal-import';
/** The sweep's period at most; a shorter lease (IMPORT_LEASE_SECONDS) sweeps as often as it runs out. */
const SWEEP_SECONDS = 30;

export interface ImportJobs {
  queue(importId: number): Promise<void>;
  /** Starts the consumer now, whether or not imports wait (a worker process: the web processes queue, it works). */
  start(): Promise<void>;
  /** Starts the consumer now if imports wait (start-up); the answer says whether it started. */
  resumeWaiting(): Promise<boolean>;
  stop(deadlineMs?: number): Promise<void>;
}

export function importJobs(
  handle: Pick<DatabaseHandle, 'executeSql'>,
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'>,
  options: { work: boolean },
): ImportJobs {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const stopping = new AbortController();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let sweep: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();

  const send = (b: PgBoss, importId: number) =>
    b.send(QUEUE, { importId }, { retryLimit: 0, expireInSeconds: 6 * 3600 }).then(() => undefined);

  async function work(importId: number) {
    const task = runPass(deps, importId, holder, stopping.signal).catch((error: unknown) =>
      deps.log.error({ err: error, importId }, 'import job failed; the sweep will take it up again'),
    );
    running.add(task);
    await task;
    running.delete(task);
  }

  async function resumeLost(b: PgBoss) {
    for (const id of await busyImportsToResume(deps.db)) await send(b, id);
  }

  function started(): Promise<PgBoss> {
    starting ??= (async () => {
      const b = new PgBoss({ db: bossDatabase(handle) as never, supervise: true, schedule: false });
      b.on('error', (error) => deps.log.error({ err: error }, 'import queue error'));
      await b.start();
      await createQueueRetrying(b, QUEUE);
      if (options.work) {
        await b.work<{ importId: number }>(QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) if (!stopping.signal.aborted) await work(job.data.importId);
        });
        sweep = setInterval(
          () => {
            resumeLost(b).catch((error) => deps.log.error({ err: error }, 'import sweep failed'));
          },
          Math.min(SWEEP_SECONDS, deps.config.IMPORT_LEASE_SECONDS) * 1000,
        );
        sweep.unref();
      }
      boss = b;
      return b;
    })();
    return starting;
  }

  return {
    async queue(importId) {
      await send(await started(), importId);
    },
    async start() {
      await resumeLost(await started());
    },
    async resumeWaiting() {
      // A busy import still held by a process killed a moment ago waits for its lease: the sweep then takes it.
      if ((await busyImports(deps.db)).length === 0) return false;
      await resumeLost(await started());
      return true;
    },
    async stop(deadlineMs = Date.now() + deps.config.SHUTDOWN_TIMEOUT_SECONDS * 1000) {
      clearInterval(sweep);
      // The passes in hand stop after their record and let go of their import: the next start resumes it.
      stopping.abort();
      await Promise.all(running);
      await yieldToLoop();
      if (starting) await starting.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: Math.max(deadlineMs - Date.now() - 500, 1_000) });
    },
  };
}
