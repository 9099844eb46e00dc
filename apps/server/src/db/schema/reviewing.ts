/** Peer review: a journal's review sheet and the reviewers' invitations with their reviews. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { journals, specializations } from './journals';
import { papers } from './papers';

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
