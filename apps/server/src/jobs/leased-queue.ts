import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import type { Deps } from '../lib/deps';
import { bossDatabase, createQueueRetrying } from './boss-database';

/**
 * A queue of long tasks whose state is a row of our own (an import, an export; decisions 0076 and 0082): one pg-boss
 * job a task, taken by the processes that work jobs. The task holds its row by a lease it renews as it goes; a process
 * that dies leaves the lease to run out, and the sweep (at start, then every `sweepSeconds`) queues again every
 * task nobody live holds. A job finding its row held by a live holder does nothing, so a duplicate job is harmless.
 *
 * The queue starts with the first task this process queues, or at start when tasks wait (`resumeWaiting`): a process
 * that never imports or exports never polls for them. `start` starts it at once (a worker process: the web processes
 * queue, it works).
 */
export interface LeasedQueue {
  queue(id: number): Promise<void>;
  /** Starts the consumer now, whether or not tasks wait. */
  start(): Promise<void>;
  /** Starts the consumer now if tasks wait (start-up); the answer says whether it started. */
  resumeWaiting(): Promise<boolean>;
  stop(deadlineMs?: number): Promise<void>;
}

export interface LeasedQueueOptions {
  /** pg-boss's queue name. */
  name: string;
  /** What the task is, for the log ("import", "export"). */
  what: string;
  /** Runs the task of `id` as `holder`; stops soon after `signal` aborts, letting go of its row. */
  run: (id: number, holder: string, signal: AbortSignal) => Promise<void>;
  /** The tasks to queue again: busy, and held by nobody live. */
  toResume: () => Promise<number[]>;
  /** Whether any task waits or is busy (held or not): the queue starts for it at start-up. */
  anyBusy: () => Promise<boolean>;
  sweepSeconds: number;
  /** Whether this process works the jobs (or only queues them). */
  work: boolean;
}

export function leasedQueue(
  handle: Pick<DatabaseHandle, 'executeSql'>,
  deps: Pick<Deps, 'config' | 'log'>,
  options: LeasedQueueOptions,
): LeasedQueue {
  const { name, what } = options;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const stopping = new AbortController();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let sweep: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();

  const send = (b: PgBoss, id: number) =>
    b.send(name, { id }, { retryLimit: 0, expireInSeconds: 6 * 3600 }).then(() => undefined);

  async function work(id: number) {
    const task = options
      .run(id, holder, stopping.signal)
      .catch((error: unknown) =>
        deps.log.error({ err: error, id }, `${what} job failed; the sweep will take it up again`),
      );
    running.add(task);
    await task;
    running.delete(task);
  }

  async function resumeLost(b: PgBoss) {
    for (const id of await options.toResume()) await send(b, id);
  }

  function started(): Promise<PgBoss> {
    starting ??= (async () => {
      const b = new PgBoss({ db: bossDatabase(handle) as never, supervise: true, schedule: false });
      b.on('error', (error) => deps.log.error({ err: error }, `${what} queue error`));
      await b.start();
      await createQueueRetrying(b, name);
      if (options.work) {
        await b.work<{ id: number }>(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) if (!stopping.signal.aborted) await work(job.data.id);
        });
        sweep = setInterval(() => {
          resumeLost(b).catch((error) => deps.log.error({ err: error }, `${what} sweep failed`));
        }, options.sweepSeconds * 1000);
        sweep.unref();
      }
      boss = b;
      return b;
    })();
    return starting;
  }

  return {
    async queue(id) {
      await send(await started(), id);
    },
    async start() {
      await resumeLost(await started());
    },
    async resumeWaiting() {
      if (!(await options.anyBusy())) return false;
      await resumeLost(await started());
      return true;
    },
    async stop(deadlineMs = Date.now() + deps.config.SHUTDOWN_TIMEOUT_SECONDS * 1000) {
      clearInterval(sweep);
      // The tasks in hand stop after their step and let go of their rows: the next start takes them up.
      stopping.abort();
      await Promise.all(running);
      await yieldToLoop();
      if (starting) await starting.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: Math.max(deadlineMs - Date.now() - 500, 1_000) });
    },
  };
}
