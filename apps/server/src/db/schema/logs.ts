/** The paper log: one row per transition of a paper. */
import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { journals } from './journals';
import { papers } from './papers';

/** The paper log (spec 03 §3): every transition writes one row in the transaction that makes it. */
export const paperLogs = pgTable(
  'paper_logs',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    paperStatus: smallint('paper_status').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    // The paper logs screen (issue 10 §3): a journal's entries newest first in index order, with or without the
    // status filter; one paper's entries (every version) for its log and for a search that found its paper first.
    index('paper_logs_journal_idx').on(t.journalId, t.createdAt, t.id),
    index('paper_logs_journal_status_idx').on(t.journalId, t.paperStatus, t.createdAt, t.id),
    index('paper_logs_paper_idx').on(t.paperId, t.createdAt, t.id),
  ],
);
