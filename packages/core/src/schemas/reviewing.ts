import { z } from 'zod';
import { LIMITS } from '../limits';
import {
  FINAL_DECISION_CODES,
  FINAL_DECISIONS,
  RECOMMENDATIONS,
  REFUSAL_CATEGORIES,
  REVIEW_LIMITS,
  REVIEWER_FILTER_NAMES,
} from '../reviewing';
import { day, email, id, newPassword, requiredLine, requiredText } from './fields';

/** Requests of the review loop (spec 01 §3, §5; spec 02 §3, §5). Messages are catalogue keys. */

/** A deadline is today or later ("less than today" otherwise); the server and the form ask the same. */
export const deadlineError = (value: string, today: string): string | null =>
  value < today ? 'validation.date_before_today' : null;

export const inviteReviewerRequest = z
  .object({
    specializationId: id,
    /** A user who holds the reviewer role with that specialization… */
    reviewerId: id.optional(),
    /** …or someone without an account yet: an external reviewer account is made for them. */
    newReviewer: z
      .object({
        fullName: requiredLine('validation.fullName_required', LIMITS.fullName, 'validation.fullName_max'),
        email,
      })
      .optional(),
    deadline: day,
    /** The editor has seen the conflict of interest and invites anyway. */
    confirmConflict: z.boolean().optional(),
  })
  .refine((body) => (body.reviewerId === undefined) !== (body.newReviewer === undefined), {
    error: 'validation.reviewer_required',
    path: ['reviewerId'],
  });
export type InviteReviewerRequest = z.infer<typeof inviteReviewerRequest>;

export const deadlineRequest = z.object({ deadline: day });

export const candidatesQuery = z.object({
  specializationId: id,
  search: z.string().max(100).optional(),
});

export const reviewerDashboardQuery = z.object({
  status: z.enum(REVIEWER_FILTER_NAMES as [string, ...string[]]).default('newInvitations'),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Declining an invitation: a category, a required reason, an optional suggested reviewer. */
export const refusalRequest = z.object({
  category: z.enum(REFUSAL_CATEGORIES, { error: 'validation.refusal_category' }),
  reason: requiredText('validation.required', REVIEW_LIMITS.refusalReason, 'validation.max'),
  suggestion: z
    .string()
    .max(REVIEW_LIMITS.suggestion, { error: 'validation.max' })
    .optional()
    .transform((value) => value?.trim() ?? ''),
});
export type RefusalRequest = z.infer<typeof refusalRequest>;

/** The signed link of an invitation mail: the reviewer, the paper and the signature. */
export const invitationLink = z.object({
  rId: id,
  pId: id,
  sig: z.string().min(10).max(400),
});
export const publicAcceptRequest = invitationLink.extend({
  /** Someone invited without an account sets their password when they accept. */
  password: newPassword.optional(),
});
export const publicRefusalRequest = z.object({ ...invitationLink.shape, ...refusalRequest.shape });

const answerValue = z.string().max(10);
/** Answers by question id. */
export const sheetAnswers = z.record(z.string().regex(/^\d{1,9}$/), answerValue);

/** The sheet as the reviewer works on it: everything optional, kept as a draft. */
export const reviewDraftRequest = z.object({
  answers: sheetAnswers.default({}),
  commentForAuthor: z.string().max(REVIEW_LIMITS.comment, { error: 'validation.max' }).default(''),
  commentForEditor: z.string().max(REVIEW_LIMITS.comment, { error: 'validation.max' }).default(''),
  recommendation: z.union([z.literal(0), ...RECOMMENDATIONS.map((code) => z.literal(code))]).default(0),
});
export type ReviewDraft = z.infer<typeof reviewDraftRequest>;

/**
 * The submitted sheet: the comment for the author and the recommendation are required; each applicable question
 * needs a valid answer (checked against the journal's questions by `sheetErrors`).
 */
export const reviewSubmitRequest = reviewDraftRequest.extend({
  commentForAuthor: requiredText('validation.required', REVIEW_LIMITS.comment, 'validation.max'),
  recommendation: z.union(
    RECOMMENDATIONS.map((code) => z.literal(code)),
    {
      error: 'validation.recommendation_required',
    },
  ),
});
export type ReviewSubmit = z.infer<typeof reviewSubmitRequest>;

/** Refusing a paper directly: out of scope, or else a reason of up to 300 characters (spec 02 §5). */
export const refusePaperRequest = z
  .object({
    outOfScope: z.boolean().default(false),
    reason: z
      .string()
      .max(REVIEW_LIMITS.refuseReason, { error: 'validation.refuse_reason_max' })
      .optional()
      .transform((value) => value?.trim() ?? ''),
    /** The status date the editor saw: a paper changed meanwhile is not refused. */
    seenStatusDate: z.string().max(40).optional(),
  })
  .refine((body) => body.outOfScope || body.reason.length > 0, {
    error: 'validation.refuse_reason_required',
    path: ['reason'],
  });

/** The editor's final decision (spec 02 §3, §5): comments required; deadline required for 3. */
export const finalDecisionRequest = z
  .object({
    decision: z.coerce
      .number({ error: 'validation.decision_required' })
      .refine((value) => (FINAL_DECISION_CODES as number[]).includes(value), {
        error: 'validation.decision_required',
      }),
    comments: requiredText('validation.comments_required', REVIEW_LIMITS.decisionComments, 'validation.max'),
    revisionDeadline: z
      .string()
      .optional()
      .transform((value) => (value?.trim() ? value.trim() : undefined))
      .pipe(day.optional()),
    answers: sheetAnswers.default({}),
  })
  .refine((body) => body.decision !== FINAL_DECISIONS.acceptWithModifications || body.revisionDeadline, {
    error: 'validation.revision_deadline_required',
    path: ['revisionDeadline'],
  });
export type FinalDecisionRequest = z.infer<typeof finalDecisionRequest>;
