/** Papers as submitted: the paper, its authors, the reviewers its author suggests, and the dashboard counts. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { issues } from './issues';
import { journals, specializations } from './journals';

/** Papers: the columns the foundation reads (statistics, logs); submission adds the rest. */
export const papers = pgTable(
  'papers',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    parentPaperId: integer('parent_paper_id'),
    code: text('code'),
    status: smallint('status').notNull().default(0),
    /** The archive's titles (filled when the paper is assigned to an issue). */
    titleEn: text('title_en').notNull().default(''),
    titleAr: text('title_ar').notNull().default(''),
    creatorId: integer('creator_id').references(() => users.id),
    issueId: integer('issue_id').references(() => issues.id),
    views: integer('views').notNull().default(0),
    /** 1 for the first submission; a resubmission is a new row with the parent's code and the next version. */
    version: smallint('version').notNull().default(1),
    /** An older version after its resubmission: it keeps its status and leaves the lists. */
    superseded: boolean('superseded').notNull().default(false),
    // The wizard's fields (spec 02 §3); codes as in packages/core/src/papers.ts.
    title: text('title').notNull().default(''),
    statusOfApplicant: smallint('status_of_applicant'),
    medicalSchool: smallint('medical_school'),
    paperType: smallint('paper_type'),
    kind: smallint('kind'),
    studyType: smallint('study_type'),
    descriptiveType: smallint('descriptive_type'),
    analyticType: smallint('analytic_type'),
    experimentalType: smallint('experimental_type'),
    blindingType: smallint('blinding_type'),
    fundingSource: smallint('funding_source'),
    financialDisclosure: smallint('financial_disclosure'),
    department: text('department').notNull().default(''),
    originalProposalCode: text('original_proposal_code').notNull().default(''),
    specializationId: integer('specialization_id').references(() => specializations.id),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    abstract: text('abstract').notNull().default(''),
    /** The involvement questionnaire: [{ questionId, answer, vulnerableGroupComment }]. */
    answers: jsonb('answers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    revisionDeadline: date('revision_deadline'),
    /** Paid the at-upload fee (or none was due when it was submitted). */
    uploadPaid: boolean('upload_paid').notNull().default(false),
    publishPaid: boolean('publish_paid').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    statusDate: timestamp('status_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Kept by triggers on review_invitations (migration 0012), never written by the application: the earliest
     * deadline of the open invitations (invited or accepted, not removed), and whether the paper has a refused
     * invitation and no active one. The editorial desk's two invitation cards (DESIGN §4) read them from an index.
     */
    reviewOpenDeadline: date('review_open_deadline'),
    reviewRefusedOnly: boolean('review_refused_only').notNull().default(false),
  },
  (t) => [
    index('papers_journal_status_idx').on(t.journalId, t.status),
    index('papers_creator_idx').on(t.creatorId),
    index('papers_parent_idx').on(t.parentPaperId),
    // The author dashboard: a journal's submitted papers of one author, newest first, in index order; status
    // (last) lets its cards be counted from the index alone.
    index('papers_author_dashboard_idx')
      .on(t.journalId, t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status)
      .where(sql`${t.status} <> 0 and not ${t.superseded}`),
    // Substring search on titles and codes (ILIKE '%…%'), for the author dashboard and every list after it. New
    // entries go into the index at once (fastupdate off): a pending list is scanned whole by every search until a
    // vacuum clears it, and PGlite has no autovacuum (decision 0020).
    index('papers_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('papers_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')).with({ fastupdate: false }),
    // The editorial desk (issue 10): the nine cards in one index-only scan of the newest submitted versions…
    index('papers_desk_cards_idx')
      .on(t.journalId, t.status, t.specializationId, t.reviewOpenDeadline, t.reviewRefusedOnly)
      .where(sql`${t.status} <> 0 and not ${t.superseded}`),
    // …a card's list, newest status first…
    index('papers_desk_list_idx')
      .on(t.journalId, t.status, t.statusDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 0 and not ${t.superseded}`),
    // …the last-updated papers…
    index('papers_desk_recent_idx')
      .on(t.journalId, t.statusDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 0 and not ${t.superseded}`),
    // …and a report's range of submission dates.
    index('papers_desk_report_idx')
      .on(t.journalId, t.status, t.submittedAt)
      .where(sql`${t.status} <> 0 and not ${t.superseded}`),
  ],
);

/**
 * How many papers each creator has in a journal, by status and whether superseded: kept by triggers on papers
 * (migration 0006, statement-level, so a batch insert updates each count once), so a dashboard's cards are a
 * handful of rows whatever the author's size. Derived data: never written by the application.
 */
export const authorPaperCounts = pgTable(
  'author_paper_counts',
  {
    journalId: integer('journal_id').notNull(),
    creatorId: integer('creator_id').notNull(),
    status: smallint('status').notNull(),
    superseded: boolean('superseded').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.journalId, t.creatorId, t.status, t.superseded] })],
);

/**
 * The editorial desk's nine cards, counted as they change (issue 24, decision 0060): each row a signed number of the
 * journal's counted papers (submitted, newest version) of one class, the columns the cards read (status,
 * specialization, the review state of migration 0012). Triggers on papers insert a row per class a statement moved
 * papers into (+) or out of (−), in the same transaction; nothing is updated in place, so concurrent changes never
 * wait for each other. A card's count is the sum of its rows; housekeeping folds the rows into one per class
 * (`compact_desk_paper_counts`). Derived data: never written by the application.
 */
export const deskPaperCounts = pgTable(
  'desk_paper_counts',
  {
    journalId: integer('journal_id').notNull(),
    specializationId: integer('specialization_id'),
    status: smallint('status').notNull(),
    reviewOpenDeadline: date('review_open_deadline'),
    reviewRefusedOnly: boolean('review_refused_only').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('desk_paper_counts_journal_idx').on(t.journalId, t.specializationId)],
);

/** The authors of a paper, in order; exactly one is the main author. */
export const paperAuthors = pgTable(
  'paper_authors',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    workPlace: text('work_place').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    /** The bare ORCID iD, or null (decision 0085). */
    orcid: text('orcid'),
    /** The iD came from the creator's own ORCID sign-in, never from a form. */
    orcidAuthenticated: boolean('orcid_authenticated').notNull().default(false),
  },
  (t) => [
    index('paper_authors_paper_idx').on(t.paperId),
    // The papers a person co-authors by e-mail (core paperRelation): kept out of what they run (issue 19 §1).
    index('paper_authors_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Reviewers the author suggests (a journal setting asks for them). */
export const paperSuggestedReviewers = pgTable(
  'paper_suggested_reviewers',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    workPlace: text('work_place').notNull(),
  },
  (t) => [index('paper_suggested_reviewers_paper_idx').on(t.paperId)],
);
