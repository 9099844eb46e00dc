import { statusAfterReviews } from '@journals/core/rules/reviewing';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { papers, reviewInvitations } from '../../db/schema';
import { log } from '../../domain/paper-changes';
import type { Paper } from '../../domain/paper-access';

/** Where a paper's review stands: its invitations (the current ones, by status) and the status they settle it in. */

export type Invitation = typeof reviewInvitations.$inferSelect;

/**
 * After a review, a refusal or a removal: moves the paper to pending decision when every active invitation is
 * reviewed (core `statusAfterReviews`), with its log, in the caller's transaction. Returns the new status.
 */
export async function settlePaperStatus(tx: Tx, paper: Paper, actorId: number | null): Promise<number> {
  const invitations = await tx
    .select({ status: reviewInvitations.status, removedAt: reviewInvitations.removedAt })
    .from(reviewInvitations)
    .where(eq(reviewInvitations.paperId, paper.id));
  const next = statusAfterReviews(
    paper.status,
    invitations.map((row) => ({ status: row.status, removed: row.removedAt !== null })),
  );
  if (next !== paper.status) {
    const now = new Date();
    await tx.update(papers).set({ status: next, statusDate: now, modifiedAt: now }).where(eq(papers.id, paper.id));
    await log(tx, paper, 'statusChanged', actorId, next);
  }
  return next;
}
