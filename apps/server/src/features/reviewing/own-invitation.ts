import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { papers, reviewInvitations } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';

/** A reviewer's own invitation: found for the caller (404 otherwise), or locked with its paper for an answer. */

/** The caller's own current invitation of this journal, or 404. */
export async function ownInvitation(db: Tx, journal: Journal, reviewerId: number, invitationId: number) {
  const [row] = await db
    .select()
    .from(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.id, invitationId),
        eq(reviewInvitations.journalId, journal.id),
        eq(reviewInvitations.reviewerId, reviewerId),
        isNull(reviewInvitations.removedAt),
      ),
    );
  if (!row) throw NotFoundError();
  return row;
}

/**
 * Locks an invitation's paper, then the invitation, for an answer; a removed one is 404, a closed review 409. The
 * paper first, as every editor's change of an invitation locks them (invitation-changes, lockPaper): an answer and a
 * removal at the same moment then wait for each other, where the opposite order deadlocked on PostgreSQL and one of
 * them failed with a 500 (decision 0073). The invitation is read again once locked: what the reader saw may have
 * changed while it waited.
 */
export async function lockForAnswer(tx: Tx, invitationId: number) {
  const [found] = await tx
    .select({ paperId: reviewInvitations.paperId })
    .from(reviewInvitations)
    .where(eq(reviewInvitations.id, invitationId));
  if (!found) throw NotFoundError();
  const [paper] = await tx.select().from(papers).where(eq(papers.id, found.paperId)).for('update');
  if (!paper) throw NotFoundError();
  const [invitation] = await tx
    .select()
    .from(reviewInvitations)
    .where(eq(reviewInvitations.id, invitationId))
    .for('update');
  if (!invitation || invitation.removedAt !== null) throw NotFoundError();
  return { invitation, paper };
}

export const answered = () => ConflictError('errors.invitationAnswered');
