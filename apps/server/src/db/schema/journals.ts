/** A journal and what it shows: its settings, specializations, custom tabs and slider. */
import { sql } from 'drizzle-orm';
import { REVIEW_LIMITS } from '@journals/core/reviewing';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
  /**
   * Switched off by the platform administrator (issue 22 §4, decision 0051): the public site says so, its mails are
   * not delivered and its reminders stop; its back office and records stay.
   */
  active: boolean('active').notNull().default(true),
  // What indexers, harvesters and DOI deposits need (issue 21 §5); the administration screens will edit them.
  printIssn: text('print_issn').notNull().default(''),
  onlineIssn: text('online_issn').notNull().default(''),
  publisherEn: text('publisher_en').notNull().default(''),
  publisherAr: text('publisher_ar').notNull().default(''),
  /** The journal's Crossref prefix, e.g. "10.5555"; empty when it registers no DOIs. */
  doiPrefix: text('doi_prefix').notNull().default(''),
  depositorName: text('depositor_name').notNull().default(''),
  depositorEmail: text('depositor_email').notNull().default(''),
  /** The licence of its published papers (a URL, e.g. Creative Commons), for JATS, Crossref and the paper page. */
  licenseUrl: text('license_url').notNull().default(''),
  createdAt: createdAt(),
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
