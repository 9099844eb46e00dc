/** Notices about published papers (issue 46 §2, decision 0087): corrections, expressions of concern, retractions. */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { paperFiles } from './files';
import { journals } from './journals';
import { papers } from './papers';

/**
 * A notice an editor published about a published paper (core rules/notices.ts NOTICE_KINDS). It never unpublishes
 * the paper and is never edited or deleted here: it is part of the record. `doi` is the notice's own DOI, unique
 * among notices by this index and against the papers' DOIs by the service (a DOI is global, decision 0086).
 */
export const paperNotices = pgTable(
  'paper_notices',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    /** The published paper (papers.id, with its archived_papers row). */
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['correction', 'expressionOfConcern', 'retraction'] }).notNull(),
    textEn: text('text_en').notNull().default(''),
    textAr: text('text_ar').notNull().default(''),
    noticeDate: date('notice_date').notNull(),
    doi: text('doi'),
    /**
     * A correction's corrected file (paper_files.id, kind finalVersion), the paper's version of record from this
     * notice on (decision 0089); `replacedFileId` the file it replaced, kept readable as an earlier version.
     */
    correctedFileId: integer('corrected_file_id').references(() => paperFiles.id),
    replacedFileId: integer('replaced_file_id').references(() => paperFiles.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A paper's notices, oldest first (its public page, the editors' list).
    index('paper_notices_paper_idx').on(t.paperId, t.noticeDate, t.id),
    // DOIs are case-insensitive.
    uniqueIndex('paper_notices_doi_idx')
      .on(sql`lower(${t.doi})`)
      .where(sql`${t.doi} is not null`),
  ],
);
