/** The final decision on a version of a paper. */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { papers } from './papers';

/**
 * The final decision on one version of a paper (spec 02 §3 "Final decision"): 1 accept, 2 reject, 3 accept with
 * modifications (the revision deadline is the paper's). Its attachment is a paper file of kind
 * `decisionAttachment`; answers keep the question texts as they were when the decision was made.
 */
export const finalDecisions = pgTable('final_decisions', {
  id: serial('id').primaryKey(),
  paperId: integer('paper_id')
    .notNull()
    .unique()
    .references(() => papers.id, { onDelete: 'cascade' }),
  decision: smallint('decision').notNull(),
  comments: text('comments').notNull(),
  /** [{ questionEn, questionAr, type, answer }] */
  answers: jsonb('answers')
    .notNull()
    .default(sql`'[]'::jsonb`),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
});
