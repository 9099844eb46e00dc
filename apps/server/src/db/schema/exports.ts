/** Leaving (issue 45, decision 0082): a journal's exports of its whole archive. */
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { journals } from './journals';

/**
 * An export (core schemas/exports.ts): its format, its state and progress, and once done its file under
 * DATA_DIR/exports (removed with the row). The job that makes it holds it by `holder` until `held_until`, renewed as
 * it writes; a holder gone past that is replaced by the sweep, which makes the file again from the start.
 */
export const journalExports = pgTable(
  'journal_exports',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    state: text('state').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    papers: integer('papers').notNull().default(0),
    papersDone: integer('papers_done').notNull().default(0),
    /** The finished file's path under DATA_DIR, its download name and size. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    bytes: bigint('bytes', { mode: 'number' }),
    holder: text('holder'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    errorKey: text('error_key'),
    /**
     * The papers written without their PDF because the storage no longer had it (decision 0084): how many, and the
     * first EXPORT_LIMITS.missingListed of them by id and titles. Null when none was missing.
     */
    missingFiles: jsonb('missing_files').$type<{
      count: number;
      papers: { id: number; titleEn: string; titleAr: string }[];
    }>(),
  },
  (t) => [index('journal_exports_journal_idx').on(t.journalId, t.id.desc())],
);
