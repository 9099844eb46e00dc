import {
  answerSnapshot,
  keptAnswers,
  REVIEW_STATUS,
  type ReviewAttachmentSlot,
  sheetErrors,
} from '@journals/core/reviewing';
import { invitationAllows } from '@journals/core/rules/reviewing';
import type { ReviewDraft, ReviewSubmit } from '@journals/core/schemas/reviewing';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paperFiles, reviewInvitations } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import { removeStored, storeUpload } from '../../domain/paper-files';
import type { Upload } from '../../lib/uploads';
import { type Invitation, settlePaperStatus } from './review-state';
import { log } from '../../domain/paper-changes';
import { paperValues, recipientOf } from '../../domain/paper-mail';
import { paperEditors } from './paper-editors';
import { sheetQuestions } from '../../domain/reviews';
import { invitationSummary } from './reviewer-paper.service';
import { lockForAnswer, answered } from './own-invitation';

/** The review sheet: its questions and the reviewer's draft, then the submitted review. */

/** The sheet to fill: the questions, and the draft where the reviewer left it. Only an accepted invitation. */
export async function sheet(db: Database, journal: Journal, invitation: Invitation) {
  if (invitation.status !== REVIEW_STATUS.accepted) throw ConflictError('errors.sheetNotOpen');
  const questions = await sheetQuestions(db, invitation.journalId);
  const draft = (invitation.draft as ReviewDraft | null) ?? null;
  // A question deleted since the draft was saved takes its answer with it (issue 22 §2).
  const asked = new Set(questions.map((question) => String(question.id)));
  return {
    invitation: invitationSummary(journal, invitation),
    questions,
    draft: draft && {
      ...draft,
      answers: Object.fromEntries(Object.entries(draft.answers ?? {}).filter(([id]) => asked.has(id))),
    },
    draftSavedAt: invitation.draftSavedAt,
  };
}

/** Keeps the sheet as the reviewer left it (no field is required in a draft). */
export async function saveDraft(db: Database, invitation: Invitation, draft: ReviewDraft) {
  const saved = await db
    .update(reviewInvitations)
    .set({ draft, draftSavedAt: new Date() })
    .where(and(eq(reviewInvitations.id, invitation.id), eq(reviewInvitations.status, REVIEW_STATUS.accepted)))
    .returning({ draftSavedAt: reviewInvitations.draftSavedAt });
  if (saved.length === 0) throw ConflictError('errors.sheetNotOpen');
  return { draftSavedAt: saved[0]!.draftSavedAt };
}

/**
 * Submits the review: every applicable question answered, the comment for the author and a recommendation; the
 * attachments stored; the invitation reviewed with its answers kept with their texts; the paper to pending
 * decision when it was the last; editors told. One transaction; a stored file of a failed submit is deleted.
 */
export async function submitReview(
  deps: Deps,
  journal: Journal,
  invitationId: number,
  body: ReviewSubmit,
  uploads: Partial<Record<ReviewAttachmentSlot, Upload<ReviewAttachmentSlot>>>,
) {
  const questions = await sheetQuestions(deps.db, journal.id);
  const answers = Object.fromEntries(Object.entries(body.answers).map(([id, value]) => [Number(id), value]));
  const errors = sheetErrors(questions, answers);
  if (Object.keys(errors).length > 0) throw new AppError('validation', 'errors.validation', errors);
  const kept = keptAnswers(questions, answers);
  const storedKeys: string[] = [];
  try {
    const mailIds = await deps.db.transaction(async (tx) => {
      const { invitation, paper } = await lockForAnswer(tx, invitationId);
      if (!invitationAllows({ status: invitation.status, removed: false }, 'submitReview')) throw answered();
      for (const [slot, upload] of Object.entries(uploads)) {
        if (!upload) continue;
        const stored = await storeUpload(deps.storage, journal.id, paper.id, upload);
        storedKeys.push(stored.storageKey);
        await tx.insert(paperFiles).values({
          ...stored,
          kind: slot === 'attachForAuthor' ? 'reviewForAuthor' : 'reviewForEditor',
          invitationId: invitation.id,
        });
      }
      const snapshot = answerSnapshot(questions, kept);
      await tx
        .update(reviewInvitations)
        .set({
          status: REVIEW_STATUS.reviewed,
          reviewedAt: new Date(),
          answers: snapshot,
          recommendation: body.recommendation,
          commentForAuthor: body.commentForAuthor.trim(),
          commentForEditor: body.commentForEditor.trim(),
          draft: null,
        })
        .where(eq(reviewInvitations.id, invitation.id));
      const reviewer = await recipientOf(tx, invitation.reviewerId);
      await log(tx, paper, 'invitationFinished', invitation.reviewerId, paper.status, reviewer?.fullName);
      await settlePaperStatus(tx, paper, invitation.reviewerId);
      return queueMail(
        tx,
        ...(await templateMails(tx, journal, 'reviewFinished', await paperEditors(tx, paper), {
          ...paperValues(deps.config, journal, paper),
          Person: reviewer?.fullName ?? '',
        })),
      );
    });
    await deps.jobs.dispatchMail(mailIds);
  } catch (error) {
    await Promise.all(storedKeys.map((key) => removeStored(deps.storage, key).catch(() => undefined)));
    throw error;
  }
}
