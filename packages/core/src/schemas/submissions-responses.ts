import { z } from 'zod';
import { PAPER_FILE_KINDS } from '../files';

/*
 * The answers of the submission routes (docs/decisions/0005-submission-api.md), as the server sends them: instants
 * as ISO 8601 text, dates as YYYY-MM-DD. They document the API (the OpenAPI document); the server does not
 * serialise through them.
 */

const instant = z.string().describe('An instant, ISO 8601.');
const day = z.string().describe('A date, YYYY-MM-DD.');

/** A current file of a paper, in one of the submission slots. */
export const paperFileItem = z.object({
  id: z.number(),
  paperId: z.number(),
  kind: z.enum(PAPER_FILE_KINDS),
  originalName: z.string(),
  size: z.number(),
  createdAt: instant,
});

/** GET papers/mine: a page of the author's submitted papers (newest first) and the dashboard's counts. */
export const myPapersResponse = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      code: z.string().nullable(),
      title: z.string(),
      createdAt: instant,
      submittedAt: instant.nullable(),
      status: z.number(),
      statusDate: instant.nullable(),
    }),
  ),
  total: z.number(),
  statistics: z.object({
    all: z.number(),
    accepted: z.number(),
    rejected: z.number(),
    acceptedWithRevisions: z.number(),
    waiting: z.number(),
    published: z.number(),
  }),
});

/** GET papers/drafts: the user's drafts, newest first. */
export const draftsResponse = z.object({
  items: z.array(z.object({ id: z.number(), title: z.string(), createdAt: instant, modifiedAt: instant })),
  total: z.number(),
});

const storedPerson = z.object({ fullName: z.string(), email: z.string(), phone: z.string(), workPlace: z.string() });

/** A final decision with its questionnaire (the question texts as they were) and attachment. */
export const finalDecisionView = z.object({
  decision: z.number(),
  comments: z.string(),
  date: instant,
  answers: z.array(
    z.object({
      questionId: z.number().optional(),
      questionEn: z.string(),
      questionAr: z.string(),
      type: z.number(),
      answer: z.string(),
    }),
  ),
  attachment: paperFileItem.extend({ kind: z.literal('decisionAttachment') }).nullable(),
});

/** GET papers/{id} (and an original proposal): the wizard's fields, people, files, state and what is due. */
export const paperPageResponse = z.object({
  id: z.number(),
  code: z.string().nullable(),
  version: z.number(),
  status: z.number(),
  statusDate: instant.nullable(),
  createdAt: instant,
  submittedAt: instant.nullable(),
  creatorId: z.number().nullable(),
  parentPaperId: z.number().nullable(),
  superseded: z.boolean(),
  revisionDeadline: day.nullable(),
  uploadPaid: z.boolean(),
  statusOfApplicant: z.number().nullable(),
  medical_School: z.number().nullable(),
  paper_Type: z.number().nullable(),
  new_Amendment_Renewal: z.number().nullable(),
  typeOfTheStudy: z.number().nullable(),
  observationalDescriptive: z.number().nullable(),
  observationalAnalytic: z.number().nullable(),
  experimentalType: z.number().nullable(),
  experimentalTypeOfBlinding: z.number().nullable(),
  fundingSource: z.number().nullable(),
  isFinancialDisclousreMentioned: z.number().nullable(),
  department: z.string(),
  title_of_the_work: z.string(),
  original_Proposal_Code: z.string(),
  specializationId: z.number().nullable(),
  keywords: z.array(z.string()),
  abstract: z.string(),
  /** An author's ORCID iD is '' when none; authenticated when it is the creator's own, from ORCID sign-in. */
  authors: z.array(storedPerson.extend({ isMain: z.boolean(), orcid: z.string(), orcidAuthenticated: z.boolean() })),
  reviewers: z.array(storedPerson),
  answers: z.array(
    z.object({
      questionId: z.number(),
      answer: z.enum(['yes', 'no']).optional(),
      vulnerableGroupComment: z.string().optional(),
    }),
  ),
  files: z.array(paperFileItem),
  payment: z.object({ due: z.boolean(), amount: z.string().nullable() }),
  /** The at-publish fee of an accepted paper (issue 21 §1), due until its author pays it. */
  publishPayment: z.object({ due: z.boolean(), amount: z.string().nullable() }),
  finalDecision: finalDecisionView.nullable(),
  issue: z.object({ id: z.number(), volume: z.number(), issue: z.string(), publishMonth: z.string() }).nullable(),
  finalFile: z
    .object({ id: z.number(), kind: z.literal('finalVersion'), originalName: z.string(), size: z.number() })
    .nullable(),
  /** The caller runs this paper's review (core `paperRelation`): the page offers the editor's part. */
  managedByYou: z.boolean(),
});

/** GET papers/{id}/history: every version of the paper, oldest first. */
export const paperHistoryResponse = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      code: z.string().nullable(),
      version: z.number(),
      status: z.number(),
      createdAt: instant,
      submittedAt: instant.nullable(),
      files: z.array(paperFileItem),
      /**
       * The version's reviewers: every current invitation for those who run the review (with the reviewer's
       * name), the finished reviews of a decided version for anyone else (never a name).
       */
      reviewers: z.array(
        z.object({
          fullName: z.string().optional(),
          status: z.number(),
          decision: z.number().nullable().describe('The recommendation, null before the review.'),
          reviewedAt: instant.nullable(),
        }),
      ),
      finalDecision: finalDecisionView.nullable(),
    }),
  ),
});

/** A draft created (201) or saved. */
export const paperIdResponse = z.object({ id: z.number() });

/** POST papers/{id}/files/{kind}: the file stored in the slot (its earlier file is removed). */
export const uploadedFileResponse = z.object({
  id: z.number(),
  kind: z.enum(PAPER_FILE_KINDS),
  originalName: z.string(),
  size: z.number(),
});

/** POST papers/{id}/submit: the paper and its code (submitting again answers the same code). */
export const submitResponse = z.object({ id: z.number(), code: z.string().nullable() });

/** POST papers/{id}/resubmit (201): the new version. */
export const resubmitResponse = z.object({ id: z.number(), code: z.string().nullable(), version: z.number() });
