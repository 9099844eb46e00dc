/** A journal's issues: the archive's volumes, which published papers belong to. */
import { boolean, date, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { journals } from './journals';

/** Issues (spec 03 §3); management comes with the issues capability, the statistics read them now. */
export const issues = pgTable('issues', {
  id: serial('id').primaryKey(),
  journalId: integer('journal_id')
    .notNull()
    .references(() => journals.id, { onDelete: 'cascade' }),
  issue: text('issue').notNull(),
  volume: integer('volume').notNull(),
  /** "MM YYYY" (the spec's chronology). */
  publishMonth: text('publish_month').notNull(),
  publishDate: date('publish_date'),
  isAllow: boolean('is_allow').notNull().default(true),
  status: smallint('status').notNull().default(0),
});
