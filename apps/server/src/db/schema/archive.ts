/** The public archive: the papers published in issues, their readers and the download memberships. */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { paperFiles } from './files';
import { issues } from './issues';
import { journals } from './journals';
import { papers } from './papers';

/**
 * A paper's place in an issue and its archive metadata (spec 03 §3 "archived paper"): prefilled from the submission
 * when the paper is assigned, then the archive's own — editing it never changes the submission or its history. The
 * row exists from assignment (in press) on; it is public only once its issue is published (`published`, kept equal
 * to the issue's status so that public reads need no join to filter).
 */
export const archivedPapers = pgTable(
  'archived_papers',
  {
    /** The submitted paper (papers.id): one archive entry per paper. */
    paperId: integer('paper_id')
      .primaryKey()
      .references(() => papers.id, { onDelete: 'cascade' }),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id),
    published: boolean('published').notNull().default(false),
    /** The issue's publication date, copied at publish so that lists sort and show it without a join. */
    publishDate: date('publish_date'),
    orderInIssue: smallint('order_in_issue').notNull(),
    fromPage: integer('from_page'),
    toPage: integer('to_page'),
    /** The bare DOI ("10.x/y"), or null (core's DOI rule reads the forms people type). */
    doi: text('doi'),
    /** Paper type 1–7 (core PAPER_TYPES). */
    paperType: smallint('paper_type'),
    titleEn: text('title_en').notNull().default(''),
    titleAr: text('title_ar').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    abstractEn: text('abstract_en').notNull().default(''),
    abstractAr: text('abstract_ar').notNull().default(''),
    correspondingAuthor: text('corresponding_author').notNull().default(''),
    jointAuthors: text('joint_authors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The authors' ORCID iDs (decision 0085): the corresponding author's (bare, or null), and the joint authors' in
     * the order of `jointAuthors` ('' where one has none), each marked authenticated when it came from the author's
     * own ORCID sign-in.
     */
    correspondingAuthorOrcid: text('corresponding_author_orcid'),
    correspondingAuthorOrcidAuthenticated: boolean('corresponding_author_orcid_authenticated').notNull().default(false),
    jointAuthorOrcids: text('joint_author_orcids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    jointAuthorOrcidsAuthenticated: boolean('joint_author_orcids_authenticated')
      .array()
      .notNull()
      .default(sql`'{}'::boolean[]`),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specializationIds: integer('specialization_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The final PDF (paper_files.id, kind finalVersion). */
    finalFileId: integer('final_file_id').references(() => paperFiles.id),
    views: integer('views').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An issue's papers in order (the issue page, the table of contents, the order shifts).
    index('archived_papers_issue_order_idx').on(t.issueId, t.orderInIssue),
    // The most-read papers of a journal's home.
    index('archived_papers_most_read_idx')
      .on(t.journalId, t.views.desc())
      .where(sql`${t.published}`),
    // A paper known again by its DOI (an import, decision 0076): DOIs are case-insensitive.
    index('archived_papers_journal_doi_idx')
      .on(t.journalId, sql`lower(${t.doi})`)
      .where(sql`${t.doi} is not null`),
    // A journal's published papers newest first: a search without words walks it until enough pass the filters.
    index('archived_papers_newest_idx')
      .on(t.journalId, t.publishDate.desc().nullsLast(), t.paperId.desc())
      .where(sql`${t.published}`),
  ],
);

/**
 * Who read a published paper today, to count a view once per visitor per day without a cookie: a daily salted hash
 * of address and agent (issue 21 §3). Rows older than a day are only kept until housekeeping clears them.
 */
export const archiveVisits = pgTable(
  'archive_visits',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitor: text('visitor').notNull(),
    /** 'view' or 'download': each counted once per visitor per day. */
    kind: text('kind', { enum: ['view', 'download'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.day, t.visitor, t.kind] }), index('archive_visits_day_idx').on(t.day)],
);

/**
 * A reader's download membership of one journal (spec 03 §3, monthly or yearly), bought through the gateway; the
 * full texts of a journal that charges at download are theirs until `until` (inclusive).
 */
export const journalMemberships = pgTable(
  'journal_memberships',
  {
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: date('until').notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.journalId, t.userId] })],
);
