/** Moving in (issue 45, decision 0076): a journal's imports, their report lines, and what they brought. */
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { issues } from './issues';
import { journals } from './journals';
import { papers } from './papers';

/**
 * An import (core schemas/imports.ts): its source and file, its state, the counts of its last pass (the dry run's
 * while `checked`, the real import's from then on) and its progress. The job that works on it holds it by
 * `holder` until `held_until` (renewed with every record); a holder gone past that is replaced by the sweep.
 */
export const journalImports = pgTable(
  'journal_imports',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    state: text('state').notNull(),
    fileName: text('file_name'),
    /** The uploaded file, under DATA_DIR/imports (the job reads it; removed when the import is discarded). */
    fileKey: text('file_key'),
    url: text('url'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    onRefusal: text('on_refusal'),
    createCount: integer('create_count').notNull().default(0),
    updateCount: integer('update_count').notNull().default(0),
    skipCount: integer('skip_count').notNull().default(0),
    refuseCount: integer('refuse_count').notNull().default(0),
    /** The records and files of the whole file (known once checked), and those the running pass has done. */
    records: integer('records').notNull().default(0),
    recordsDone: integer('records_done').notNull().default(0),
    files: integer('files').notNull().default(0),
    filesDone: integer('files_done').notNull().default(0),
    /** When the running pass began or resumed, and its records done then: the pace for the time left. */
    paceFrom: timestamp('pace_from', { withTimezone: true }),
    paceRecords: integer('pace_records').notNull().default(0),
    holder: text('holder'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** A file that could not be read at all: its message key and values (state `failed`). */
    errorKey: text('error_key'),
    errorValues: jsonb('error_values'),
  },
  (t) => [index('journal_imports_journal_idx').on(t.journalId, t.id.desc())],
);

/**
 * A record of an import's last pass, in file order: what was (or would be) done with it, and why. A line of the real
 * import keeps what it made (paper, issue) and, for an update, what it replaced, so the import can be undone; its
 * `made_at` is the archived paper's modified_at as the import left it (anything else touching it since changes it).
 */
export const journalImportLines = pgTable(
  'journal_import_lines',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => journalImports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    place: text('place').notNull(),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    sourceId: text('source_id'),
    title: text('title').notNull().default(''),
    reasonKey: text('reason_key'),
    reasonValues: jsonb('reason_values'),
    paperId: integer('paper_id').references(() => papers.id, { onDelete: 'set null' }),
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 1 when this line's record created its issue (undo removes the issue once empty). */
    createdIssue: smallint('created_issue').notNull().default(0),
    /** For an update: the paper's archive fields, authors and final file before it. */
    replaced: jsonb('replaced'),
    madeAt: timestamp('made_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    index('journal_import_lines_action_idx').on(t.importId, t.action, t.position),
  ],
);

/**
 * The source identifier of every paper an import brought ("ojs:<journal>:<id>", "sheet:<id>"…): a paper without a DOI
 * is known again by it, so the same file imported twice creates nothing twice. A table of its own rather than a
 * column of archived_papers: the archive's rows stay the archive's (decision 0076).
 */
export const importedPapers = pgTable(
  'imported_papers',
  {
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.journalId, t.sourceId] }), uniqueIndex('imported_papers_paper_idx').on(t.paperId)],
);
