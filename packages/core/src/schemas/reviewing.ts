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
import { day, email, id, newPassword, requiredText } from './fields';
import { paperPageResponse } from './submissions';

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
        fullName: requiredText('validation.fullName_required', LIMITS.fullName, 'validation.fullName_max'),
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

// ── Answers of the review routes, as the server sends them (instants and days as ISO text) ──────────────────────

const instant = z.string().describe('An instant, ISO 8601.');
const dayText = z.string().describe('A date, YYYY-MM-DD.');
const fileRef = z.object({ id: z.number(), kind: z.string(), originalName: z.string(), size: z.number() });

/** POST/PUT answers that only say it is done, in the request's language. */
export const doneResponse = z.object({ messageKey: z.string(), message: z.string() });

/** GET papers/{id}/reviewers: the invitations of the paper; a reviewer's own row comes without names. */
export const reviewersResponse = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      reviewerId: z.number(),
      fullName: z.string().optional(),
      email: z.string().optional(),
      externalReviewer: z.boolean(),
      status: z.number(),
      invitedAt: instant,
      deadline: dayText,
      oldDeadline: dayText.nullable(),
      deadlineChanged: z.boolean(),
      reviewedAt: instant.nullable(),
      recommendation: z.number(),
      refusalCategory: z.string().nullable(),
      refusalReason: z.string(),
      suggestedReviewer: z.string(),
    }),
  ),
});
export type ReviewersResponse = z.infer<typeof reviewersResponse>;

/** GET papers/{id}/reviewer-candidates. */
export const candidatesResponse = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      fullName: z.string(),
      email: z.string(),
      workPlace: z.string(),
      externalReviewer: z.boolean(),
      openInvitations: z.number(),
      recentReviews: z.number(),
      medianDays: z.number().nullable(),
      suggested: z.boolean(),
      addedBefore: z.boolean(),
      match: z.number(),
      conflict: z.enum(['author', 'workplace']).nullable(),
    }),
  ),
  total: z.number(),
});
export type CandidatesResponse = z.infer<typeof candidatesResponse>;

/** POST papers/{id}/reviewers. */
export const inviteResponse = doneResponse.extend({ id: z.number(), paperStatus: z.number() });

/** A review's answers, kept with the question texts as they were. */
export const reviewAnswer = z.object({
  questionId: z.number(),
  groupEn: z.string(),
  groupAr: z.string(),
  questionEn: z.string(),
  questionAr: z.string(),
  type: z.number(),
  answer: z.string(),
});

/** A review as its reader may see it (the editor's part only for editors and the review's own reviewer). */
export const reviewResultResponse = z.object({
  id: z.number(),
  status: z.number(),
  reviewedAt: instant.nullable(),
  recommendation: z.number(),
  answers: z.array(reviewAnswer),
  commentForAuthor: z.string(),
  authorAttachment: fileRef.nullable(),
  commentForEditor: z.string().optional(),
  editorAttachment: fileRef.nullable().optional(),
  refusalCategory: z.string().nullable(),
  refusalReason: z.string(),
  suggestedReviewer: z.string(),
});
export type ReviewResult = z.infer<typeof reviewResultResponse>;

/** GET papers/{id}/reviewer-comments: the comments meant for the author, numbered, never a name. */
export const reviewerCommentsResponse = z.object({
  decided: z.boolean(),
  items: z.array(
    z.object({
      id: z.number(),
      number: z.number(),
      commentForAuthor: z.string(),
      reviewedAt: instant.nullable(),
      attachment: z.object({ id: z.number(), originalName: z.string(), size: z.number() }).nullable(),
    }),
  ),
});

/** A reviewer's own extensions of an invitation: made so far, and how many and how far the journal allows. */
const extensionAllowance = z.object({ used: z.number(), maxCount: z.number(), maxDays: z.number() });

/** GET reviewing: the reviewer dashboard. */
export const reviewerDashboardResponse = z.object({
  statistics: z.object({ newInvitations: z.number(), inPeerReview: z.number(), reviewed: z.number() }),
  items: z.array(
    z.object({
      id: z.number(),
      paperId: z.number(),
      code: z.string().nullable(),
      title: z.string(),
      paperStatus: z.number(),
      status: z.number(),
      inviteDate: instant,
      deadline: dayText,
      deadlineChanged: z.boolean(),
      reviewedAt: instant.nullable(),
      extensions: extensionAllowance,
    }),
  ),
  total: z.number(),
});
export type ReviewerDashboard = z.infer<typeof reviewerDashboardResponse>;

const invitationSummary = z.object({
  id: z.number(),
  status: z.number(),
  invitedAt: instant,
  deadline: dayText,
  oldDeadline: dayText.nullable(),
  deadlineChanged: z.boolean(),
  reviewedAt: instant.nullable(),
  extensions: extensionAllowance,
});

/** GET reviewing/papers/{id}: the paper as its reviewer reads it, with no author. */
export const reviewerPaperResponse = paperPageResponse
  .pick({
    id: true,
    code: true,
    version: true,
    status: true,
    title_of_the_work: true,
    submittedAt: true,
    createdAt: true,
    statusOfApplicant: true,
    medical_School: true,
    paper_Type: true,
    new_Amendment_Renewal: true,
    typeOfTheStudy: true,
    observationalDescriptive: true,
    observationalAnalytic: true,
    experimentalType: true,
    experimentalTypeOfBlinding: true,
    fundingSource: true,
    isFinancialDisclousreMentioned: true,
    department: true,
    specializationId: true,
    keywords: true,
    abstract: true,
    answers: true,
  })
  .extend({
    specialization: z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() }).nullable(),
    files: z.array(fileRef),
    invitation: invitationSummary,
  });
export type ReviewerPaper = z.infer<typeof reviewerPaperResponse>;

export const sheetQuestion = z.object({
  id: z.number(),
  groupEn: z.string(),
  groupAr: z.string(),
  textEn: z.string(),
  textAr: z.string(),
  type: z.number(),
});
export type SheetQuestionView = z.infer<typeof sheetQuestion>;

/** GET reviewing/{invitationId}/sheet: the questions and the draft where it was left. */
export const sheetResponse = z.object({
  invitation: invitationSummary,
  questions: z.array(sheetQuestion),
  draft: z
    .object({
      answers: z.record(z.string(), z.string()),
      commentForAuthor: z.string(),
      commentForEditor: z.string(),
      recommendation: z.number(),
    })
    .nullable(),
  draftSavedAt: instant.nullable(),
});
export const draftSavedResponse = z.object({ draftSavedAt: instant.nullable() });

/** GET invitation-links: what the invitation mail's page shows. */
export const invitationLinkResponse = z.object({
  title: z.string(),
  code: z.string().nullable(),
  reviewerName: z.string(),
  status: z.number(),
  deadline: dayText,
  needsPassword: z.boolean(),
  open: z.boolean(),
});
export type InvitationLinkView = z.infer<typeof invitationLinkResponse>;

/** GET papers/{id}/decision-form. */
export const decisionFormResponse = z.object({ questions: z.array(sheetQuestion) });
/** POST papers/{id}/decision. */
export const decisionResponse = doneResponse.extend({ status: z.number() });

/**
 * POST reviewing/reminders: how many late invitations were reminded now, and how many were not because an editor
 * had reminded them within the last hour (issue 19 §5).
 */
export const remindersResponse = doneResponse.extend({ sent: z.number(), recentlyReminded: z.number() });
