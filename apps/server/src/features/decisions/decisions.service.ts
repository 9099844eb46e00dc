import type { Language } from '@journals/core/enums';
import { PAPER_STATUS } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import { answerSnapshot, FINAL_DECISIONS, keptAnswers, REVIEW_STATUS } from '@journals/core/reviewing';
import { canRefuseDirectly, reviewIsOpen } from '@journals/core/rules/reviewing';
import { deadlineError, type FinalDecisionRequest } from '@journals/core/schemas/reviewing';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { finalDecisions, paperFiles, paperLogs, papers, reviewInvitations, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { ConflictError, FieldError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import type { Paper } from '../../domain/paper-access';
import { queueMail } from '../../mail/outbox';
import { type Recipient, templateMails } from '../../mail/templates';
import { storeUpload } from '../../domain/paper-files';
import type { Upload } from '../../lib/uploads';

import { commentsForAuthor, sheetQuestions, today } from '../../domain/reviews';
import { lockPaper, log } from '../../domain/paper-changes';
import { mailDay, paperValues, recipientOf } from '../../domain/paper-mail';

/**
 * The editor's decisions (spec 02 §2, §4–§5; issue 9 §4): refusing a paper directly, and the final decision with
 * its comments, attachment, revision deadline and the editor's answers to the journal's sheet.
 */

/** The paper's author, to be told: its creator's account (the one who submitted). */
async function authorOf(tx: Tx, paper: Paper): Promise<Recipient[]> {
  const author = paper.creatorId === null ? undefined : await recipientOf(tx, paper.creatorId);
  return author ? [author] : [];
}

/**
 * Open invitations end with the decision: they leave the reviewers' lists, each with its `reviewerRemoved` log entry
 * (after the decision's, at the paper's new status), and their reviewers are told.
 */
async function closeOpenInvitations(tx: Tx, paper: Paper, actorId: number, status: number) {
  const closed = await tx
    .update(reviewInvitations)
    .set({ removedAt: new Date() })
    .where(
      and(
        eq(reviewInvitations.paperId, paper.id),
        isNull(reviewInvitations.removedAt),
        inArray(reviewInvitations.status, [REVIEW_STATUS.invited, REVIEW_STATUS.accepted]),
      ),
    )
    .returning({ id: reviewInvitations.id, reviewerId: reviewInvitations.reviewerId });
  if (closed.length === 0) return [];
  const reviewers = await tx
    .select({ id: users.id, email: users.email, language: users.language, fullName: users.fullName })
    .from(users)
    .where(
      inArray(
        users.id,
        closed.map((row) => row.reviewerId),
      ),
    );
  const nameOf = new Map(reviewers.map((reviewer) => [reviewer.id, reviewer.fullName]));
  await tx.insert(paperLogs).values(
    closed
      .sort((a, b) => a.id - b.id)
      .map((row) => ({
        journalId: paper.journalId,
        paperId: paper.id,
        action: 'reviewerRemoved' as const,
        actorId,
        paperStatus: status,
        notes: nameOf.get(row.reviewerId) ?? null,
      })),
  );
  return reviewers.map(({ id: _id, ...recipient }) => recipient);
}

/**
 * Refuses a paper directly (DESIGN §4): only at status 1 and without a parent paper, and only as the editor saw
 * it (a paper changed meanwhile is not refused). Status 6 with a decision row (no comment means out of scope), its
 * log and the mail to the author, in one transaction.
 */
export async function refusePaper(
  deps: Deps,
  journal: Journal,
  paper: Paper,
  actorId: number,
  body: { outOfScope: boolean; reason: string; seenStatusDate?: string },
) {
  const mailIds = await deps.db.transaction(async (tx) => {
    const current = await lockPaper(tx, paper.id);
    if (!current || current.superseded || !canRefuseDirectly(current)) throw ConflictError('errors.cannotRefusePaper');
    if (body.seenStatusDate && new Date(body.seenStatusDate).getTime() !== current.statusDate.getTime())
      throw ConflictError('errors.paperChanged');
    const now = new Date();
    const comments = body.outOfScope ? '' : body.reason;
    await tx
      .update(papers)
      .set({ status: PAPER_STATUS.rejected, statusDate: now, modifiedAt: now })
      .where(eq(papers.id, current.id));
    await tx.insert(finalDecisions).values({
      paperId: current.id,
      decision: FINAL_DECISIONS.reject,
      comments,
      decidedBy: actorId,
      decidedAt: now,
    });
    await log(tx, current, 'directlyRejected', actorId, PAPER_STATUS.rejected, comments || 'outOfScope');
    const closedReviewers = await closeOpenInvitations(tx, current, actorId, PAPER_STATUS.rejected);
    const values = paperValues(deps.config, journal, current);
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'directRefusal', await authorOf(tx, current), (recipient) => ({
        ...values,
        Author_Name: recipient.fullName,
        Refuse_Paper_Reason: comments || translate(recipient.language, 'reviewing.out_of_scope_mail'),
      }))),
      ...(await templateMails(tx, journal, 'reviewerRemoved', closedReviewers, values)),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}

/** What the final-decision form asks: the journal's sheet questions. */
export async function decisionForm(db: Database, journal: Journal) {
  return { questions: await sheetQuestions(db, journal.id) };
}

const STATUS_OF_DECISION: Record<number, number> = {
  [FINAL_DECISIONS.accept]: PAPER_STATUS.accepted,
  [FINAL_DECISIONS.reject]: PAPER_STATUS.rejected,
  [FINAL_DECISIONS.acceptWithModifications]: PAPER_STATUS.acceptedWithRevisions,
};

/** The mail's text of the reviewers' comments for the author: "Reviewer 1: …", never a name. */
function reviewerComments(language: Language, comments: { number: number; commentForAuthor: string }[]) {
  return comments
    .filter((comment) => comment.commentForAuthor.trim())
    .map(
      (comment) =>
        `${translate(language, 'reviewing.reviewer_number', { number: comment.number })}:\n${comment.commentForAuthor}`,
    )
    .join('\n\n');
}

/**
 * Records the final decision (DESIGN §4): statuses 1–3 only; 3 needs a revision deadline from today on. The
 * status (4, 6 or 5), the decision with its answers kept with their texts, the attachment, the log and the mail
 * to the author carrying the decision and the reviewers' comments for the author: one transaction.
 */
export async function decide(
  deps: Deps,
  journal: Journal,
  paper: Paper,
  actorId: number,
  body: FinalDecisionRequest,
  attachment: Upload<'decisionAttachment'> | undefined,
) {
  if (body.revisionDeadline) {
    const dateError = deadlineError(body.revisionDeadline, today());
    if (dateError) throw FieldError('RevisionDeadline', dateError);
  }
  const questions = await sheetQuestions(deps.db, journal.id);
  const kept = keptAnswers(
    questions,
    Object.fromEntries(Object.entries(body.answers).map(([id, value]) => [Number(id), value])),
  );
  // The decision keeps the answers with their question texts (without the group headings: decision 0010's shape).
  const answers = answerSnapshot(questions, kept).map(({ groupEn: _en, groupAr: _ar, ...answer }) => answer);
  let storedKey: string | null = null;
  try {
    const result = await deps.db.transaction(async (tx) => {
      const current = await lockPaper(tx, paper.id);
      if (!current || !reviewIsOpen(current)) throw ConflictError('errors.reviewClosed');
      const status = STATUS_OF_DECISION[body.decision]!;
      const now = new Date();
      const revisionDeadline =
        body.decision === FINAL_DECISIONS.acceptWithModifications ? (body.revisionDeadline ?? null) : null;
      await tx
        .update(papers)
        .set({ status, statusDate: now, modifiedAt: now, revisionDeadline })
        .where(eq(papers.id, current.id));
      await tx.insert(finalDecisions).values({
        paperId: current.id,
        decision: body.decision,
        comments: body.comments.trim(),
        answers,
        decidedBy: actorId,
        decidedAt: now,
      });
      if (attachment) {
        const stored = await storeUpload(deps.storage, journal.id, current.id, attachment);
        storedKey = stored.storageKey;
        await tx.insert(paperFiles).values(stored);
      }
      await log(tx, current, 'finalDecision', actorId, status, String(body.decision));
      const closedReviewers = await closeOpenInvitations(tx, current, actorId, status);
      const comments = await commentsForAuthor(tx, current.id);
      const values = paperValues(deps.config, journal, current);
      const mailIds = await queueMail(
        tx,
        ...(await templateMails(tx, journal, 'finalDecision', await authorOf(tx, current), (recipient) => {
          const lines = [body.comments.trim()];
          if (revisionDeadline)
            lines.push(
              translate(recipient.language, 'reviewing.revision_by_mail', { date: mailDay(revisionDeadline) }),
            );
          const fromReviewers = reviewerComments(recipient.language, comments);
          if (fromReviewers) lines.push(fromReviewers);
          return {
            ...values,
            Author_Name: recipient.fullName,
            Final_Decision: translate(recipient.language, `submissions.decision_${body.decision}`),
            Proposal_Comments: lines.join('\n\n'),
          };
        })),
        ...(await templateMails(tx, journal, 'reviewerRemoved', closedReviewers, values)),
      );
      return { status, mailIds };
    });
    await deps.jobs.dispatchMail(result.mailIds);
    return { status: result.status };
  } catch (error) {
    if (storedKey) await deps.storage.remove(storedKey).catch(() => undefined);
    throw error;
  }
}
