/** A journal's issues: the archive's volumes, which published papers belong to. */
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { journals } from './journals';

/** Issues (spec 03 §3): in press (0) until published (1); (journal, volume, issue) names one issue. */
export const issues = pgTable(
  'issues',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    /** The issue's name: a whole number 1–30 (core issue rules), kept as the spec's text. */
    issue: text('issue').notNull(),
    volume: integer('volume').notNull(),
    /** "MM YYYY" (the spec's chronology). */
    publishMonth: text('publish_month').notNull(),
    publishDate: date('publish_date'),
    /** Shown on the journal's home (spec 03 §5 "allow issue"). */
    isAllow: boolean('is_allow').notNull().default(true),
    status: smallint('status').notNull().default(0),
    /** When it was published: the moment, not the printed date (publishDate). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('issues_journal_volume_issue_idx').on(t.journalId, t.volume, t.issue),
    // The archive timeline and the current issue: a journal's published issues, newest first.
    index('issues_journal_published_idx').on(t.journalId, t.status, t.volume.desc(), t.id.desc()),
  ],
);
