/** What the scheduled jobs record so that each run, and each reminder, happens once. */
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { journals } from './journals';

/**
 * One row per run of a scheduled job (jobs/schedule.ts): the primary key lets exactly one process claim each
 * period's slot, whatever the number of processes; `outcome` says what the run did.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    runner: text('runner').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: jsonb('outcome'),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/**
 * Each reminder sent by the scheduled job (issue 10 §2), one row per milestone: the primary key lets exactly one
 * run send it, whatever the number of workers or retries. `milestone` names the date it counts from (a reviewer who
 * extends the deadline reaches new milestones); the row is written in the transaction that queues the mail.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    milestone: text('milestone').notNull(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.milestone] })],
);
