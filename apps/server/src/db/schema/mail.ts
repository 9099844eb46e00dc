/** Mail: the outbox written with the change that causes it, and the journals' templates. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MAIL_STATES } from '@journals/core/enums';
import { createdAt } from './columns';
import { journals } from './journals';

/** Mail written in the same transaction as the change that causes it (DESIGN §7). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id').references(() => journals.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** A bulk message's one-click unsubscribe link (RFC 8058 List-Unsubscribe); workflow mail has none. */
    unsubscribeUrl: text('unsubscribe_url'),
    /** Which mail this is (activation, reset, …), for admins and tests. */
    kind: text('kind').notNull(),
    /** `sending`: a worker claimed it and is talking to the mail server (mail/delivery.ts, decision 0058). */
    state: text('state', { enum: MAIL_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Who holds the row while `sending`: the process (host:pid:start) and the attempt; every write checks it. */
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * Set just before the message's final dot is written: from then on the mail server may hold it, so it is never
     * sent again by itself (decision 0058).
     */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /**
     * When a `pending` row is due to be tried (now, when written; later after a refusal or while the mail server
     * cannot be reached). A row past it with no job that took it is queued again by the recovery sweep, so no mail
     * waits for ever (decision 0069).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_state_idx').on(t.state),
    // The recovery sweep: pending rows past their time.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    // A journal's outbox screen, newest first, a page at a time.
    index('mail_outbox_journal_idx').on(t.journalId, t.id),
    // A journal's bulk mail of the last day, counted against its budget at every send (decision 0073).
    index('mail_outbox_bulk_budget_idx')
      .on(t.journalId, t.createdAt)
      .where(sql`${t.kind} = 'bulk'`),
  ],
);

/**
 * The journal's mail templates (spec 03 §3 "Mail template", DESIGN §7): one per message type, subject and body in
 * both languages, with the spec's placeholders ({_Proposal_Title_}, …). A type without a row uses the default.
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    messageType: text('message_type').notNull(),
    englishTitle: text('english_title').notNull(),
    arabicTitle: text('arabic_title').notNull(),
    englishMessage: text('english_message').notNull(),
    arabicMessage: text('arabic_message').notNull(),
  },
  (t) => [uniqueIndex('mail_templates_type_idx').on(t.journalId, t.messageType)],
);

/**
 * People who unsubscribed from a journal's bulk mail (issue 22 §3, DESIGN §2: opt-outs are per journal), by address:
 * a bulk message leaves them out; workflow mail still reaches them.
 */
export const bulkMailOptOuts = pgTable(
  'bulk_mail_opt_outs',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bulk_mail_opt_outs_idx').on(t.journalId, t.email)],
);
