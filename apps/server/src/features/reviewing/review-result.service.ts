import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paperFiles } from '../../db/schema';
import type { Invitation } from './review-state';

/** The submitted review, read-only (spec 01 §6, issue 9 §3): what each reader of it sees. */

export interface ReviewViewer {
  /** Runs the paper's review: sees everything of it. */
  manager: boolean;
  /** The review's own author. */
  reviewer: boolean;
}

/**
 * The read-only review (spec 01 §6, issue 9 §3): answers, recommendation, and the comments and attachments by
 * who reads it. The comment and attachment for the editor go to those who run the review (and back to their
 * writer); the comment for the author to them too, and to the paper's author once decided, never with a name.
 */
export async function reviewResult(db: Database, invitation: Invitation, viewer: ReviewViewer) {
  const files = await db
    .select({ id: paperFiles.id, kind: paperFiles.kind, originalName: paperFiles.originalName, size: paperFiles.size })
    .from(paperFiles)
    .where(and(eq(paperFiles.invitationId, invitation.id), isNull(paperFiles.removedAt)));
  const seesEditorPart = viewer.manager || viewer.reviewer;
  return {
    id: invitation.id,
    status: invitation.status,
    reviewedAt: invitation.reviewedAt,
    recommendation: invitation.recommendation,
    answers: invitation.answers as ReviewAnswer[],
    commentForAuthor: invitation.commentForAuthor,
    authorAttachment: files.find((file) => file.kind === 'reviewForAuthor') ?? null,
    commentForEditor: seesEditorPart ? invitation.commentForEditor : undefined,
    editorAttachment: seesEditorPart ? (files.find((file) => file.kind === 'reviewForEditor') ?? null) : undefined,
    refusalCategory: invitation.refusalCategory,
    refusalReason: invitation.refusalReason,
    suggestedReviewer: invitation.suggestedReviewer,
  };
}

export interface ReviewAnswer {
  questionId: number;
  groupEn: string;
  groupAr: string;
  questionEn: string;
  questionAr: string;
  type: number;
  answer: string;
}
