import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { bossDatabase, createQueueRetrying } from '../../jobs/boss-database';
import type { DatabaseHandle } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { exportsToResume, makeExport } from './export-pass';

/**
 * The exports' background work (decision 0082), as the imports' (decision 0076) but simpler: one pg-boss queue,
 * one job per export. A job holds its export by a lease renewed as it writes; an export whose holder is gone is
 * queued again by the sweep (at start, then every SWEEP_SECONDS, in the processes that work jobs) and made again
 * from the start. A job finding its export held by a live holder does nothing. The queue starts with the first
 * export this process queues, or at start when exports wait.
 */
const QUEUE = 'journal-export';
const SWEEP_SECONDS = 30;

export interface ExportJobs {
  queue(exportId: number): Promise<void>;
  start(): Promise<void>;
  resumeWaiting(): Promise<boolean>;
  stop(deadlineMs?: number): Promise<void>;
}

export function exportJobs(
  handle: Pick<DatabaseHandle, 'executeSql'>,
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'>,
  options: { work: boolean },
): ExportJobs {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const stopping = new AbortController();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let sweep: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();

  const send = (b: PgBoss, exportId: number) =>
    b.send(QUEUE, { exportId }, { retryLimit: 0, expireInSeconds: 6 * 3600 }).then(() => undefined);

  async function work(exportId: number) {
    const task = makeExport(deps, exportId, holder, stopping.signal).catch((error: unknown) =>
      deps.log.error({ err: error, exportId }, 'export job failed; the sweep will take it up again'),
    );
    running.add(task);
    await task;
    running.delete(task);
  }

  async function resumeLost(b: PgBoss) {
    for (const id of await exportsToResume(deps.db)) await send(b, id);
  }

  function started(): Promise<PgBoss> {
    starting ??= (async () => {
      const b = new PgBoss({ db: bossDatabase(handle) as never, supervise: true, schedule: false });
      b.on('error', (error) => deps.log.error({ err: error }, 'export queue error'));
      await b.start();
      await createQueueRetrying(b, QUEUE);
      if (options.work) {
        await b.work<{ exportId: number }>(QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) if (!stopping.signal.aborted) await work(job.data.exportId);
        });
        sweep = setInterval(() => {
          resumeLost(b).catch((error) => deps.log.error({ err: error }, 'export sweep failed'));
        }, SWEEP_SECONDS * 1000);
        sweep.unref();
      }
      boss = b;
      return b;
    })();
    return starting;
  }

  return {
    async queue(exportId) {
      await send(await started(), exportId);
    },
    async start() {
      await resumeLost(await started());
    },
    async resumeWaiting() {
      if ((await exportsToResume(deps.db)).length === 0) return false;
      await resumeLost(await started());
      return true;
    },
    async stop(deadlineMs = Date.now() + deps.config.SHUTDOWN_TIMEOUT_SECONDS * 1000) {
      clearInterval(sweep);
      stopping.abort();
      await Promise.all(running);
      await yieldToLoop();
      if (starting) await starting.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: Math.max(deadlineMs - Date.now() - 500, 1_000) });
    },
  };
}
