import { z } from 'zod';

/**
 * What the platform knows of its own running (issue 23 §3): each scheduled job's last run, the mail waiting in the
 * outbox, the job queue and the migrations. The server's /readyz and the platform administrator's health screen
 * answer with these; the overdue rule is the server's (features/system/operations.ts).
 */
export const scheduledJobState = z.object({
  /** housekeeping or reminders (the screen names them). */
  job: z.string(),
  periodSeconds: z.number(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  /** The last failed run's error, when no success came after it. */
  lastError: z.string().nullable(),
  /** Failed runs among those kept (a week). */
  failures: z.number().int(),
  /** No successful run for two periods. */
  overdue: z.boolean(),
});
export type ScheduledJobState = z.infer<typeof scheduledJobState>;

export const platformHealthResponse = z.object({
  scheduled: z.array(scheduledJobState),
  /** Waiting, in the hands of a worker now (decision 0058), and given up after every attempt. */
  outbox: z.object({ pending: z.number().int(), sending: z.number().int(), failed: z.number().int() }),
  /** pg-boss's jobs by queue and state; `started` is false where no process ever started the queue (no SMTP_URL). */
  queue: z.object({
    started: z.boolean(),
    jobs: z.array(z.object({ queue: z.string(), state: z.string(), jobs: z.number().int() })),
  }),
  migrations: z.object({ applied: z.number().int(), known: z.number().int() }),
  /** DOI deposits with Crossref (issue 46 §1) on their way (waiting or sent) and refused, across the journals. */
  doiDeposits: z.object({ pending: z.number().int(), failed: z.number().int() }),
});
export type PlatformHealthResponse = z.infer<typeof platformHealthResponse>;
