import { sql } from 'drizzle-orm';
import { REVIEW_LIMITS } from '@journals/core/reviewing';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A journal and every "Journal data" field of spec 03 §3. Texts come in both languages. */
export const journals = pgTable('journals', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  titleAr: text('title_ar').notNull(),
  titleEn: text('title_en').notNull(),
  foundationNameAr: text('foundation_name_ar').notNull().default(''),
  foundationNameEn: text('foundation_name_en').notNull().default(''),
  website: text('website').notNull().default(''),
  email: text('email').notNull().default(''),
  facebook: text('facebook'),
  linkedin: text('linkedin'),
  twitter: text('twitter'),
  /** The journal mailbox's application password (spec 03 §3); never sent to the browser. */
  mailPassword: text('mail_password').notNull().default(''),
  impactFactor: real('impact_factor').notNull().default(0),
  codePrefix: text('code_prefix'),
  crossMark: boolean('cross_mark').notNull().default(false),
  welcomeMsgAr: text('welcome_msg_ar').notNull().default(''),
  welcomeMsgEn: text('welcome_msg_en').notNull().default(''),
  editorialBoardAr: text('editorial_board_ar').notNull().default(''),
  editorialBoardEn: text('editorial_board_en').notNull().default(''),
  aboutUsAr: text('about_us_ar').notNull().default(''),
  aboutUsEn: text('about_us_en').notNull().default(''),
  contactUsAr: text('contact_us_ar').notNull().default(''),
  contactUsEn: text('contact_us_en').notNull().default(''),
  publishPolicyAr: text('publish_policy_ar').notNull().default(''),
  publishPolicyEn: text('publish_policy_en').notNull().default(''),
  termsAndConditionsAr: text('terms_and_conditions_ar').notNull().default(''),
  termsAndConditionsEn: text('terms_and_conditions_en').notNull().default(''),
  reportsTermsAndConditionsEn: text('reports_terms_and_conditions_en').notNull().default(''),
  aimsAndScopesAr: text('aims_and_scopes_ar').notNull().default(''),
  aimsAndScopesEn: text('aims_and_scopes_en').notNull().default(''),
  issueFrequency: smallint('issue_frequency').notNull().default(0),
  defaultLanguage: text('default_language', { enum: ['en', 'ar'] })
    .notNull()
    .default('en'),
  multiLanguage: boolean('multi_language').notNull().default(true),
  logoKey: text('logo_key'),
  coverArKey: text('cover_ar_key'),
  coverEnKey: text('cover_en_key'),
  /** Journal features, not `if (id === 2)` (DESIGN §2). */
  ethicsQuestionnaire: boolean('ethics_questionnaire').notNull().default(false),
  extraPaperTypes: boolean('extra_paper_types').notNull().default(false),
  suggestedReviewersMin: smallint('suggested_reviewers_min').notNull().default(0),
  /**
   * The scheduled reminders' day counts (issue 10 §2), only those the journal changed: core's REMINDER_DAYS gives
   * the rest. Its form comes with administration.
   */
  reminderDays: jsonb('reminder_days')
    .notNull()
    .default(sql`'{}'::jsonb`),
  /**
   * Open review (issue 19 §2): the author's copy of the ethics approval names the reviewers. Off by default: an author
   * never receives a reviewer's identity (DESIGN §4).
   */
  openReview: boolean('open_review').notNull().default(false),
  /** A reviewer's own extension: how far past the current deadline, how many times (core REVIEW_LIMITS). */
  extensionMaxDays: smallint('extension_max_days').notNull().default(REVIEW_LIMITS.extensionMaxDays),
  extensionMaxCount: smallint('extension_max_count').notNull().default(REVIEW_LIMITS.extensionMaxCount),
  views: integer('views').notNull().default(0),
  createdAt: createdAt(),
});

/** Payment settings per journal (spec 03 §3); the admin screen comes later, the flags are read now. */
export const journalPaymentSettings = pgTable('journal_payment_settings', {
  journalId: integer('journal_id')
    .primaryKey()
    .references(() => journals.id, { onDelete: 'cascade' }),
  merchantId: text('merchant_id').notNull().default(''),
  securityKey: text('security_key').notNull().default(''),
  merchantName: text('merchant_name').notNull().default(''),
  atRegister: boolean('at_register').notNull().default(false),
  atRegisterPrice: numeric('at_register_price', { precision: 8, scale: 2 }),
  atUpload: boolean('at_upload').notNull().default(false),
  atUploadPrice: numeric('at_upload_price', { precision: 8, scale: 2 }),
  atPublish: boolean('at_publish').notNull().default(false),
  atPublishPrice: numeric('at_publish_price', { precision: 8, scale: 2 }),
  atDownload: boolean('at_download').notNull().default(false),
  atDownloadPrice: numeric('at_download_price', { precision: 8, scale: 2 }),
  membershipType: smallint('membership_type'),
});

export const specializations = pgTable(
  'specializations',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [index('specializations_journal_idx').on(t.journalId)],
);

export const customTabs = pgTable(
  'custom_tabs',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    contentAr: text('content_ar').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    order: smallint('order').notNull().default(10),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('custom_tabs_slug_idx').on(t.journalId, t.slug)],
);

export const slides = pgTable('slides', {
  id: serial('id').primaryKey(),
  journalId: integer('journal_id')
    .notNull()
    .references(() => journals.id, { onDelete: 'cascade' }),
  imageKey: text('image_key').notNull(),
  captionAr: text('caption_ar').notNull(),
  captionEn: text('caption_en').notNull(),
  color: text('color'),
  enabled: boolean('enabled').notNull().default(true),
  order: smallint('order').notNull().default(0),
});

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

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  fullName: text('full_name').notNull(),
  nameOnPaper: text('name_on_paper').notNull().default(''),
  phone: text('phone'),
  jobTitle: text('job_title').notNull().default(''),
  workPlace: text('work_place').notNull().default(''),
  orcid: text('orcid').unique(),
  personalKeywords: text('personal_keywords')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  availableAsReviewer: boolean('available_as_reviewer').notNull().default(false),
  emailConfirmed: boolean('email_confirmed').notNull().default(false),
  banned: boolean('banned').notNull().default(false),
  isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
  /** Set by a paid registration; null when no fee applies or it is unpaid. */
  registrationPaid: boolean('registration_paid').notNull().default(true),
  membershipUntil: date('membership_until'),
  /** The language mails are written in: the one the user registered in. */
  language: text('language', { enum: ['en', 'ar'] })
    .notNull()
    .default('en'),
  createdAt: createdAt(),
});

export const userSpecializations = pgTable(
  'user_specializations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    specializationId: integer('specialization_id')
      .notNull()
      .references(() => specializations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.specializationId] })],
);

/** A user's roles in one journal (DESIGN §3). */
export const journalRoles = pgTable(
  'journal_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['researcher', 'reviewer', 'handlingEditor', 'editor'] }).notNull(),
    editorType: smallint('editor_type'),
    externalReviewer: boolean('external_reviewer').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.journalId, t.role] }), index('journal_roles_journal_idx').on(t.journalId)],
);

/** Reviewer and handling-editor specializations of a role. */
export const roleSpecializations = pgTable(
  'role_specializations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['reviewer', 'handlingEditor'] }).notNull(),
    specializationId: integer('specialization_id')
      .notNull()
      .references(() => specializations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role, t.specializationId] }),
    // The reviewers of a specialization (the candidate list).
    index('role_specializations_spec_idx').on(t.specializationId, t.role),
  ],
);

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins of the last hour, one row each (decision 0014): keyed by the hash of the e-mail tried (known
 * account or not) or of a trusted device, so one account meets at most 100 guesses an hour whatever the address.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    throttleKey: text('throttle_key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_key_idx').on(table.throttleKey, table.failedAt),
    index('login_failures_at_idx').on(table.failedAt),
  ],
);

/** Single-use, expiring links: account activation and password reset. */
export const userTokens = pgTable('user_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['activate', 'reset'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Captcha solutions already used: a replayed solution is refused (STACK: ALTCHA). */
export const captchaUses = pgTable('captcha_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Rate-limit counters that every server process on PostgreSQL shares (decision 0015): one row per limit and
 * client key, its hits in the window that ends at `expiresAt`. The migration makes it UNLOGGED: counters need no
 * crash safety, and skipping the WAL keeps the writes cheap. Housekeeping deletes ended windows.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * One row per run of a scheduled job (jobs/schedule.ts): the primary key lets exactly one process claim each
 * period's slot, whatever the number of processes; `outcome` says what the run did.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    runner: text('runner').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: jsonb('outcome'),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

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
    /** Which mail this is (activation, reset, …), for admins and tests. */
    kind: text('kind').notNull(),
    state: text('state', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_state_idx').on(t.state)],
);

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

/** The documents of a paper (DESIGN §7): stored under opaque keys, downloaded through an authorized route. */
export const paperFiles = pgTable(
  'paper_files',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'proposalFile',
        'signedInformedConsent',
        'departmentApprovalDocuments',
        'paymentReceipt',
        'finalVersion',
        'decisionAttachment',
        'reviewForAuthor',
        'reviewForEditor',
      ],
    }).notNull(),
    /** A reviewer's attachment belongs to their invitation (kinds reviewForAuthor, reviewForEditor). */
    invitationId: integer('invitation_id').references(() => reviewInvitations.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    /** Marked removed in the wizard: kept for history, no longer the paper's file of that kind. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('paper_files_paper_idx').on(t.paperId, t.kind)],
);

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

/** Payments through a provider (DESIGN §7); amounts are numeric, callbacks idempotent by reference. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'upload', 'publish', 'download'] }).notNull(),
    paperId: integer('paper_id').references(() => papers.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 8, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EGP'),
    provider: text('provider').notNull().default('sandbox'),
    /** Our reference sent to the provider; the callback names it. */
    reference: text('reference').notNull().unique(),
    state: text('state', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    providerTransactionId: text('provider_transaction_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('payments_user_idx').on(t.userId)],
);

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

/**
 * The review sheet of a journal (spec 01 §3): questions with a group heading, texts in both languages, an answer
 * type 0–10 and an order. Reviewers and the editor's final decision answer the same questions.
 */
export const reviewQuestions = pgTable(
  'review_questions',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    groupEn: text('group_en').notNull().default(''),
    groupAr: text('group_ar').notNull().default(''),
    textEn: text('text_en').notNull(),
    textAr: text('text_ar').notNull(),
    type: smallint('type').notNull(),
    order: smallint('order').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [index('review_questions_journal_idx').on(t.journalId, t.order)],
);

/**
 * A reviewer's invitation to one version of a paper and, once submitted, their review (DESIGN §4): status 1 invited,
 * 2 accepted, 3 reviewed, 4 refused; removed by an editor is a soft delete. Answers keep the question texts as they
 * were; the draft is the sheet as the reviewer left it.
 */
export const reviewInvitations = pgTable(
  'review_invitations',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(1),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    deadline: date('deadline').notNull(),
    oldDeadline: date('old_deadline'),
    deadlineChanged: boolean('deadline_changed').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    refusalCategory: text('refusal_category'),
    refusalReason: text('refusal_reason').notNull().default(''),
    suggestedReviewer: text('suggested_reviewer').notNull().default(''),
    recommendation: smallint('recommendation').notNull().default(0),
    /** [{ questionId, groupEn, groupAr, questionEn, questionAr, type, answer }] once reviewed. */
    answers: jsonb('answers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    commentForAuthor: text('comment_for_author').notNull().default(''),
    commentForEditor: text('comment_for_editor').notNull().default(''),
    /** The sheet as the reviewer left it: { answers, commentForAuthor, commentForEditor, recommendation }. */
    draft: jsonb('draft'),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
    /** How many times the reviewer moved the deadline themselves (bounded by the journal's extensionMaxCount). */
    extensionCount: smallint('extension_count').notNull().default(0),
    /** When an editor last reminded this reviewer by hand ("remind late reviewers" sends one per hour at most). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /**
     * Invited by e-mail (issue 19 §4): the name and reviewer specialization the editor typed. Until the person
     * accepts, editors see this name, never the account's own, and the account holds no reviewer role for it here.
     */
    invitedName: text('invited_name'),
    specializationId: integer('specialization_id').references(() => specializations.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('review_invitations_paper_idx').on(t.paperId),
    // The reviewer dashboard and the candidates' figures: one reviewer's invitations, newest first.
    index('review_invitations_reviewer_idx').on(t.reviewerId, t.journalId, t.invitedAt.desc()),
    // The invitations each reviewer holds now (the candidate list's first sort key), counted from the index alone.
    index('review_invitations_open_idx')
      .on(t.journalId, t.reviewerId)
      .where(sql`${t.status} in (1, 2) and ${t.removedAt} is null`),
    // A reviewer is on a version once ("added before"); a removed invitation frees the place.
    uniqueIndex('review_invitations_once_idx')
      .on(t.paperId, t.reviewerId)
      .where(sql`${t.removedAt} is null`),
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
 * Each reminder sent by the scheduled job (issue 10 §2), one row per milestone: the primary key lets exactly one
 * run send it, whatever the number of workers or retries. `milestone` names the date it counts from (a reviewer who
 * extends the deadline reaches new milestones); the row is written in the transaction that queues the mail.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    milestone: text('milestone').notNull(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.milestone] })],
);
