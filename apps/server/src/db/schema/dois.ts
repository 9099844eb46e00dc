/** DOIs registered with Crossref (issue 46 §1, decision 0086): a journal's settings, and each paper's deposit. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { journals } from './journals';
import { papers } from './papers';

/**
 * A journal's DOI registration settings (core schemas/doi.ts): the suffix pattern, the Crossref system
 * (`off`, `test`, `production`) and the Crossref account, its password sealed (lib/secret-box.ts).
 */
export const journalDoiSettings = pgTable('journal_doi_settings', {
  journalId: integer('journal_id')
    .primaryKey()
    .references(() => journals.id, { onDelete: 'cascade' }),
  suffixPattern: text('suffix_pattern').notNull(),
  system: text('system', { enum: ['off', 'test', 'production'] })
    .notNull()
    .default('off'),
  login: text('login').notNull().default(''),
  password: text('password').notNull().default(''),
  modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A published paper's deposit with Crossref (core rules/doi.ts DOI_STATES): the row is the deposit's whole state, a
 * queued job only rings the bell (as the mail outbox's, decision 0069). `nextAttemptAt` is when a waiting deposit
 * is sent (again after a network failure) or a submitted one's result is asked for; the job that works it holds it
 * by `holder` until `heldUntil`. `system` is the Crossref system the deposit went to.
 */
export const doiDeposits = pgTable(
  'doi_deposits',
  {
    paperId: integer('paper_id')
      .primaryKey()
      .references(() => papers.id, { onDelete: 'cascade' }),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    doi: text('doi').notNull(),
    state: text('state', { enum: ['waiting', 'submitted', 'deposited', 'failed'] }).notNull(),
    system: text('system', { enum: ['test', 'production'] }).notNull(),
    batchId: text('batch_id'),
    /** Crossref's message for a refusal, or what failed on the way (a message key of core's `doi` area). */
    message: text('message').notNull().default(''),
    /** Network attempts of this round (reset when the deposit is asked for again). */
    attempts: integer('attempts').notNull().default(0),
    /** Result readings of this round. */
    polls: integer('polls').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    holder: text('holder'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    depositedAt: timestamp('deposited_at', { withTimezone: true }),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The sweep's question: what is due (waiting or submitted, its time come).
    index('doi_deposits_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('waiting', 'submitted')`),
    index('doi_deposits_journal_idx').on(t.journalId, t.state),
  ],
);
