import type { PlatformHealthResponse } from '@journals/core/schemas/operations';
import type { Config } from '../../config';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { knownMigrations } from '../../db/migrations';
import { rowsOf } from '../../db/rows';
import { scheduledJobPeriods } from '../../jobs/scheduled-jobs';

/**
 * What the database knows of the platform's running, for every process at once (issue 23 §3): the mail waiting or
 * failed in the outbox, the job queue's jobs by state, each scheduled job's last successful run, and the migrations
 * applied. /readyz, /metrics and the platform administrator's health screen read it here, once per asking.
 */
/**
 * The answer of the health screen (core's schema): pg-boss's jobs by queue and state are empty when the queue is not
 * started (no SMTP_URL anywhere); a job is overdue after two periods without success, counted from this process's
 * start when none is on record.
 */
export type OperationsState = PlatformHealthResponse;

/** A job that has not succeeded for two periods and a minute is overdue: each process looks twice a period. */
const GRACE_MS = 60_000;

const READ = sql.raw(`
SELECT
  (SELECT count(*) FROM mail_outbox WHERE state = 'pending')::int AS "pending",
  (SELECT count(*) FROM mail_outbox WHERE state = 'sending')::int AS "sending",
  (SELECT count(*) FROM mail_outbox WHERE state = 'failed')::int AS "failed",
  (SELECT count(*) FROM doi_deposits WHERE state IN ('waiting', 'submitted'))::int AS "doiPending",
  (SELECT count(*) FROM doi_deposits WHERE state = 'failed')::int AS "doiFailed",
  (SELECT count(*) FROM drizzle.__drizzle_migrations)::int AS "migrations",
  (SELECT coalesce(json_agg(runs), '[]') FROM (
     SELECT job,
       max(finished_at) FILTER (WHERE NOT coalesce(outcome ? 'error', false)) AS "lastSuccessAt",
       max(finished_at) FILTER (WHERE coalesce(outcome ? 'error', false)) AS "lastFailureAt",
       (array_agg(outcome->>'error' ORDER BY finished_at DESC) FILTER (WHERE coalesce(outcome ? 'error', false)))[1]
         AS "lastError",
       count(*) FILTER (WHERE coalesce(outcome ? 'error', false))::int AS "failures"
     FROM scheduled_runs GROUP BY job) runs) AS "runs",
  to_regclass('pgboss.job') IS NOT NULL AS "queueStarted"`);

const QUEUES = sql.raw(
  `SELECT name AS "queue", state::text AS "state", count(*)::int AS "jobs" FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2`,
);

interface Row {
  pending: number;
  sending: number;
  failed: number;
  doiPending: number;
  doiFailed: number;
  migrations: number;
  runs: {
    job: string;
    lastSuccessAt: string | null;
    lastFailureAt: string | null;
    lastError: string | null;
    failures: number;
  }[];
  queueStarted: boolean;
}

let known: number | undefined;

export async function readOperations(
  db: Database,
  config: Pick<Config, 'HOUSEKEEPING_PERIOD_SECONDS' | 'REMINDERS_PERIOD_SECONDS'>,
  startedAt: number,
): Promise<OperationsState> {
  const [row] = (await rowsOf(db, READ)) as [Row];
  const jobs = row.queueStarted ? await rowsOf<OperationsState['queue']['jobs'][number]>(db, QUEUES) : [];
  const now = Date.now();
  const scheduled = Object.entries(scheduledJobPeriods(config)).map(([job, periodSeconds]) => {
    const runs = row.runs.find((run) => run.job === job);
    const lastSuccessAt = runs?.lastSuccessAt ? new Date(runs.lastSuccessAt).toISOString() : null;
    const lastFailureAt = runs?.lastFailureAt ? new Date(runs.lastFailureAt).toISOString() : null;
    const since = lastSuccessAt ? Date.parse(lastSuccessAt) : startedAt;
    return {
      job,
      periodSeconds,
      lastSuccessAt,
      lastFailureAt,
      lastError: lastFailureAt && (!lastSuccessAt || lastFailureAt > lastSuccessAt) ? (runs?.lastError ?? null) : null,
      failures: runs?.failures ?? 0,
      overdue: now - since > 2 * periodSeconds * 1000 + GRACE_MS,
    };
  });
  return {
    outbox: { pending: row.pending, sending: row.sending, failed: row.failed },
    queue: { started: row.queueStarted, jobs },
    scheduled,
    migrations: { applied: row.migrations, known: (known ??= knownMigrations().length) },
    doiDeposits: { pending: row.doiPending, failed: row.doiFailed },
  };
}
