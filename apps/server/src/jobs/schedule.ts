import { hostname } from 'node:os';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { ExecuteSql } from '../db/client';
import type { Metrics } from '../lib/metrics';

/** A job that runs once per period, whatever the number of processes that schedule it. */
export interface ScheduledJob {
  name: string;
  periodMs: number;
  /** What the run did, kept with its record (scheduled_runs.outcome). */
  run: () => Promise<unknown>;
}

/**
 * Time is cut into slots of one period by the database's clock, so that every process agrees on them; the first
 * process to insert a slot's row runs it, the others find the row and do nothing (decision 0015).
 */
const CLAIM = `
INSERT INTO scheduled_runs (job, slot, runner)
VALUES ($1, floor(extract(epoch FROM now()) * 1000 / $2::numeric)::bigint, $3)
ON CONFLICT DO NOTHING
RETURNING slot::text AS slot`;

const FINISH = `UPDATE scheduled_runs SET finished_at = now(), outcome = $3::jsonb WHERE job = $1 AND slot = $2::bigint`;

/**
 * Runs each job once per period across every process that calls this (web processes and `npm run worker` alike).
 * Each process looks twice a period, so every slot is claimed even when timers drift; raw SQL, not Drizzle, so
 * that the statement counts tests take stay those of the requests.
 */
export function startSchedule(
  executeSql: ExecuteSql,
  log: Logger,
  jobs: ScheduledJob[],
  metrics?: Pick<Metrics, 'jobRuns'>,
) {
  const runner = `${hostname()}:${process.pid}`;
  let running: Promise<void> = Promise.resolve();

  async function tick(job: ScheduledJob) {
    const claimed = await executeSql(CLAIM, [job.name, job.periodMs, runner]);
    const slot = (claimed.rows[0] as { slot: string } | undefined)?.slot;
    if (slot === undefined) return;
    const outcome = await job.run().catch(async (error: unknown) => {
      // A failed run is recorded as such (its error in the outcome), so that the platform's health screen, /readyz
      // and the metrics tell a job that fails from one that never runs (issue 23 §3).
      await executeSql(FINISH, [job.name, slot, JSON.stringify({ error: String(error) })]);
      metrics?.jobRuns.inc({ job: job.name, outcome: 'failed' });
      throw error;
    });
    await executeSql(FINISH, [job.name, slot, JSON.stringify(outcome ?? null)]);
    metrics?.jobRuns.inc({ job: job.name, outcome: 'ok' });
    log.info({ job: job.name, slot, outcome }, 'scheduled job done');
  }

  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      running = running.then(() => tick(job)).catch((error) => log.error({ err: error, job: job.name }, 'job failed'));
    }, job.periodMs / 2);
    timer.unref();
    return timer;
  });

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await running;
    },
  };
}
