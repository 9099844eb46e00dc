import { z } from 'zod';
import { paperPageResponse } from './submissions-responses';

/** Answers of the review routes, as the server sends them (instants and days as ISO text). */

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
