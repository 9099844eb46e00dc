import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shownReviewerName } from '../../domain/reviewer-names';
import { journalRoles, paperFiles, reviewInvitations, users } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { Paper } from '../../domain/paper-access';

/** The paper page's reviewers section (issue 9 §1), and a review's attachment for its download. */

/**
 * The paper page's reviewers section (issue 9 §1): every current invitation for those who run the review; only
 * their own for a reviewer, without anyone else's name. One statement.
 */
export async function reviewersOf(db: Database, paper: Paper, onlyReviewerId: number | null) {
  const rows = await db
    .select({
      id: reviewInvitations.id,
      reviewerId: reviewInvitations.reviewerId,
      fullName: shownReviewerName(),
      email: users.email,
      externalReviewer: sql<boolean>`coalesce((select ${journalRoles.externalReviewer} from ${journalRoles}
        where ${journalRoles.userId} = ${reviewInvitations.reviewerId} and ${journalRoles.journalId} = ${reviewInvitations.journalId}
        and ${journalRoles.role} = 'reviewer'), false)`,
      status: reviewInvitations.status,
      invitedAt: reviewInvitations.invitedAt,
      deadline: reviewInvitations.deadline,
      oldDeadline: reviewInvitations.oldDeadline,
      deadlineChanged: reviewInvitations.deadlineChanged,
      reviewedAt: reviewInvitations.reviewedAt,
      recommendation: reviewInvitations.recommendation,
      refusalCategory: reviewInvitations.refusalCategory,
      refusalReason: reviewInvitations.refusalReason,
      suggestedReviewer: reviewInvitations.suggestedReviewer,
    })
    .from(reviewInvitations)
    .innerJoin(users, eq(users.id, reviewInvitations.reviewerId))
    .where(
      and(
        eq(reviewInvitations.paperId, paper.id),
        sql`${reviewInvitations.removedAt} is null`,
        onlyReviewerId === null ? undefined : eq(reviewInvitations.reviewerId, onlyReviewerId),
      ),
    )
    .orderBy(asc(reviewInvitations.invitedAt), asc(reviewInvitations.id));
  if (onlyReviewerId === null) return rows;
  // A reviewer reads their own invitation: no names, no refusal details of others (there are none here anyway).
  return rows.map(({ fullName: _name, email: _email, ...own }) => own);
}

/** A review attachment's row, for the download route (the caller has been checked). */
export async function reviewFile(db: Database, invitationId: number, fileId: number) {
  const [file] = await db
    .select()
    .from(paperFiles)
    .where(and(eq(paperFiles.id, fileId), eq(paperFiles.invitationId, invitationId)));
  if (!file) throw NotFoundError();
  return file;
}
