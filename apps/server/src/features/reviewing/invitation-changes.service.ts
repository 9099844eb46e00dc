import { REVIEW_STATUS } from '@journals/core/reviewing';
import { invitationAllows, reviewIsOpen } from '@journals/core/rules/reviewing';
import { deadlineError } from '@journals/core/schemas/reviewing';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { shownName } from '../../domain/reviewer-names';
import { reviewInvitations } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import type { Paper } from '../../domain/paper-access';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import { type Invitation, settlePaperStatus } from './review-state';
import { lockPaper, log } from '../../domain/paper-changes';
import { mailDay, paperValues, recipientOf } from '../../domain/paper-mail';
import { today } from '../../domain/reviews';

/** The editor's changes to an invitation (spec 02 §5): removing it, or moving its deadline. */

/** An invitation of this paper that is not removed, locked, or 404. */
async function lockInvitation(tx: Tx, paper: Paper, invitationId: number): Promise<Invitation> {
  const [row] = await tx
    .select()
    .from(reviewInvitations)
    .where(and(eq(reviewInvitations.id, invitationId), eq(reviewInvitations.paperId, paper.id)))
    .for('update');
  if (!row || row.removedAt !== null) throw NotFoundError();
  return row;
}

/** Removes an invitation that is not reviewed (soft delete); the paper may then be ready for its decision. */
export async function remove(deps: Deps, journal: Journal, paper: Paper, actorId: number, invitationId: number) {
  const mailIds = await deps.db.transaction(async (tx) => {
    const current = await lockPaper(tx, paper.id);
    if (!current || !reviewIsOpen(current)) throw ConflictError('errors.reviewClosed');
    return withdraw(tx, deps, journal, current, actorId, await lockInvitation(tx, current, invitationId));
  });
  await deps.jobs.dispatchMail(mailIds);
}

/**
 * Withdraws every invitation a person still has open in the journal (new or accepted, not removed) on a paper whose
 * review is open: a journal's ban (decision 0040). Each is the editor's removal, logged on its paper in the actor's
 * name, and the reviewer is told; the caller's transaction holds it all, and sends the mails returned after it.
 */
export async function withdrawOpenInvitations(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  journal: Journal,
  reviewerId: number,
  actorId: number,
): Promise<{ withdrawn: number; mailIds: number[] }> {
  const open = await tx
    .select({ id: reviewInvitations.id, paperId: reviewInvitations.paperId })
    .from(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.journalId, journal.id),
        eq(reviewInvitations.reviewerId, reviewerId),
        isNull(reviewInvitations.removedAt),
        inArray(reviewInvitations.status, [REVIEW_STATUS.invited, REVIEW_STATUS.accepted]),
      ),
    )
    .orderBy(reviewInvitations.paperId);
  const mailIds: number[] = [];
  let withdrawn = 0;
  for (const { id, paperId } of open) {
    const current = await lockPaper(tx, paperId);
    if (!current || !reviewIsOpen(current)) continue;
    mailIds.push(...(await withdraw(tx, deps, journal, current, actorId, await lockInvitation(tx, current, id))));
    withdrawn += 1;
  }
  return { withdrawn, mailIds };
}

/** The removal of a locked invitation, then what it causes (the paper may now be ready for its decision). */
async function withdraw(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  journal: Journal,
  current: Paper,
  actorId: number,
  invitation: Invitation,
): Promise<number[]> {
  if (!invitationAllows({ status: invitation.status, removed: false }, 'remove'))
    throw ConflictError('errors.cannotRemoveReviewer');
  await tx.update(reviewInvitations).set({ removedAt: new Date() }).where(eq(reviewInvitations.id, invitation.id));
  const reviewer = await recipientOf(tx, invitation.reviewerId);
  await log(tx, current, 'reviewerRemoved', actorId, current.status, shownName(invitation, reviewer?.fullName ?? ''));
  await settlePaperStatus(tx, current, actorId);
  if (!reviewer || invitation.status === REVIEW_STATUS.refused) return [];
  return queueMail(
    tx,
    ...(await templateMails(tx, journal, 'reviewerRemoved', [reviewer], paperValues(deps.config, journal, current))),
  );
}

/** The editor sets a new deadline on an invitation not yet reviewed; the old one is kept and the reviewer told. */
export async function editDeadline(
  deps: Deps,
  journal: Journal,
  paper: Paper,
  actorId: number,
  invitationId: number,
  deadline: string,
) {
  const dateError = deadlineError(deadline, today());
  if (dateError) throw FieldError('Deadline', dateError);
  const mailIds = await deps.db.transaction(async (tx) => {
    const current = await lockPaper(tx, paper.id);
    if (!current || !reviewIsOpen(current)) throw ConflictError('errors.reviewClosed');
    const invitation = await lockInvitation(tx, current, invitationId);
    if (!invitationAllows({ status: invitation.status, removed: false }, 'editDeadline'))
      throw ConflictError('errors.cannotEditDeadline');
    await tx
      .update(reviewInvitations)
      .set({ deadline, oldDeadline: invitation.deadline, deadlineChanged: true })
      .where(eq(reviewInvitations.id, invitation.id));
    const reviewer = await recipientOf(tx, invitation.reviewerId);
    await log(tx, current, 'deadlineChanged', actorId, current.status, `${invitation.deadline} → ${deadline}`);
    if (!reviewer) return [];
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'deadlineChanged', [reviewer], {
        ...paperValues(deps.config, journal, current),
        Person: reviewer.fullName,
        Old_Deadline: mailDay(invitation.deadline),
        Reviewing_Deadline: mailDay(deadline),
      })),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}
