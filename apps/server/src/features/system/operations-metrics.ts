import { Gauge, type Registry } from 'prom-client';
import type { OperationsState } from './operations';

/**
 * The operations readings as Prometheus gauges, read from the database once per scrape whatever the number of
 * gauges: the scrape calls the answered `refresh` first, and every gauge's collect shares that reading.
 */
export function operationsMetrics(registry: Registry, read: () => Promise<OperationsState>) {
  let reading: Promise<OperationsState> | undefined;
  const state = () => (reading ??= read());
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (gauge: Gauge<L>, state: OperationsState) => void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        fill(this, await state());
      },
    });

  gauge(
    'journals_mail_outbox_messages',
    'Outbox mail waiting to be sent (pending), being sent (sending) or given up (failed).',
    ['state'],
    (g, s) => {
      g.set({ state: 'pending' }, s.outbox.pending);
      g.set({ state: 'sending' }, s.outbox.sending);
      g.set({ state: 'failed' }, s.outbox.failed);
    },
  );
  gauge(
    'journals_job_queue_jobs',
    "The job queue's jobs by queue and state (failed: retries exhausted).",
    ['queue', 'state'],
    (g, s) => {
      for (const row of s.queue.jobs) g.set({ queue: row.queue, state: row.state }, row.jobs);
    },
  );
  gauge(
    'journals_scheduled_job_last_success_timestamp_seconds',
    'When each scheduled job last finished without error (0: none on record in the last week).',
    ['job'],
    (g, s) => {
      for (const job of s.scheduled)
        g.set({ job: job.job }, job.lastSuccessAt ? Date.parse(job.lastSuccessAt) / 1000 : 0);
    },
  );
  gauge(
    'journals_scheduled_job_overdue',
    '1 when a scheduled job has not succeeded for two periods.',
    ['job'],
    (g, s) => {
      for (const job of s.scheduled) g.set({ job: job.job }, job.overdue ? 1 : 0);
    },
  );
  gauge('journals_scheduled_job_failures', 'Failed runs of each scheduled job in the last week.', ['job'], (g, s) => {
    for (const job of s.scheduled) g.set({ job: job.job }, job.failures);
  });
  gauge(
    'journals_doi_deposits',
    'DOI deposits with Crossref on their way (pending: waiting or sent) or refused (failed), across the journals.',
    ['state'],
    (g, s) => {
      g.set({ state: 'pending' }, s.doiDeposits.pending);
      g.set({ state: 'failed' }, s.doiDeposits.failed);
    },
  );
  gauge('journals_migrations', 'Migrations applied to the database and known to this process.', ['kind'], (g, s) => {
    g.set({ kind: 'applied' }, s.migrations.applied);
    g.set({ kind: 'known' }, s.migrations.known);
  });
  return {
    refresh() {
      reading = read();
      // A failed reading fails this scrape only; the next one reads again.
      reading.catch(() => {});
    },
  };
}
