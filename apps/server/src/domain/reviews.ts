import type { Language } from '@journals/core/enums';
import { nameForAuthor } from '@journals/core/file-names';
import { isoDay, REVIEW_STATUS } from '@journals/core/reviewing';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { paperFiles, reviewInvitations, reviewQuestions } from '../db/schema';

/**
 * What the desk, the review loop and the decisions read of a paper's reviews: the review loop's day, the journal's
 * sheet questions, and the reviewers' comments for the author.
 */

export const today = () => isoDay(new Date());

/** The journal's sheet questions, in order. */
export function sheetQuestions(db: Tx, journalId: number) {
  return db
    .select({
      id: reviewQuestions.id,
      groupEn: reviewQuestions.groupEn,
      groupAr: reviewQuestions.groupAr,
      textEn: reviewQuestions.textEn,
      textAr: reviewQuestions.textAr,
      type: reviewQuestions.type,
    })
    .from(reviewQuestions)
    .where(and(eq(reviewQuestions.journalId, journalId), eq(reviewQuestions.isDeleted, false)))
    .orderBy(asc(reviewQuestions.order), asc(reviewQuestions.id));
}

/**
 * The reviewers' comments meant for the paper's author, once decided (DESIGN §4): each review's comment and
 * attachment for the author, numbered, never with a name. One statement. With the reader's language, each
 * attachment carries the neutral name the author receives it under (DESIGN §3); without, its original name
 * (for those who run the review).
 */
export async function commentsForAuthor(db: Tx, paperId: number, authorsLanguage?: Language) {
  const rows = await db
    .select({
      id: reviewInvitations.id,
      commentForAuthor: reviewInvitations.commentForAuthor,
      reviewedAt: reviewInvitations.reviewedAt,
      // Qualified by hand: drizzle leaves columns unqualified in a one-table select.
      attachment: sql<{ id: number; originalName: string; size: number } | null>`(select json_build_object(
        'id', f.id, 'originalName', f.original_name, 'size', f.size)
        from ${paperFiles} f where f.invitation_id = "review_invitations"."id"
        and f.kind = 'reviewForAuthor' and f.removed_at is null limit 1)`,
    })
    .from(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.paperId, paperId),
        eq(reviewInvitations.status, REVIEW_STATUS.reviewed),
        isNull(reviewInvitations.removedAt),
      ),
    )
    .orderBy(asc(reviewInvitations.reviewedAt), asc(reviewInvitations.id));
  return rows.map((row, index) => {
    const number = index + 1;
    const attachment =
      row.attachment && authorsLanguage
        ? { ...row.attachment, originalName: nameForAuthor(authorsLanguage, number, row.attachment.originalName) }
        : row.attachment;
    return { ...row, attachment, number };
  });
}

/** The number the author knows a review by (as commentsForAuthor numbers them), or null when it is not listed. */
export async function reviewerNumber(db: Tx, paperId: number, invitationId: number): Promise<number | null> {
  const comments = await commentsForAuthor(db, paperId);
  return comments.find((comment) => comment.id === invitationId)?.number ?? null;
}
