import { PAPER_STATUS } from '@journals/core/enums';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import { hasFinalDecision } from '@journals/core/rules/workflow';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Database } from '../../db/client';
import { shownReviewerName } from '../../domain/reviewer-names';
import { papers, reviewInvitations, users } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { type Caller, mayRead, type Paper } from '../../domain/paper-access';
import { readPaper } from './paper-page.service';
import { currentFiles, decisionsOf } from './paper-view.service';

export async function draftsOf(db: Database, journal: Journal, userId: number) {
  const items = await db
    .select({ id: papers.id, title: papers.title, createdAt: papers.createdAt, modifiedAt: papers.modifiedAt })
    .from(papers)
    .where(and(eq(papers.journalId, journal.id), eq(papers.creatorId, userId), eq(papers.status, PAPER_STATUS.draft)))
    .orderBy(desc(papers.createdAt), desc(papers.id));
  return { items, total: items.length };
}

/**
 * Every version of the paper, oldest first: code, dates, files, reviewers and final decision. Those who run the
 * review (`seesReviewers`) get every current invitation with the reviewer's name, status and recommendation; anyone
 * else only the finished reviews of decided versions, numbered like the reviewers' comments, never with a name.
 */
export async function history(db: Database, paper: Paper, seesReviewers = false) {
  const versions = paper.code
    ? await db
        .select()
        .from(papers)
        .where(and(eq(papers.journalId, paper.journalId), eq(papers.code, paper.code), ne(papers.status, 0)))
        .orderBy(asc(papers.version), asc(papers.id))
    : [paper];
  const ids = versions.map((version) => version.id);
  const files = await currentFiles(db, ids);
  const decisions = await decisionsOf(db, ids);
  const invitations = await db
    .select({
      paperId: reviewInvitations.paperId,
      fullName: shownReviewerName(),
      status: reviewInvitations.status,
      recommendation: reviewInvitations.recommendation,
      reviewedAt: reviewInvitations.reviewedAt,
    })
    .from(reviewInvitations)
    .innerJoin(users, eq(users.id, reviewInvitations.reviewerId))
    .where(
      and(
        inArray(reviewInvitations.paperId, ids),
        isNull(reviewInvitations.removedAt),
        seesReviewers ? undefined : eq(reviewInvitations.status, REVIEW_STATUS.reviewed),
      ),
    )
    // Reviewed first, in the order of their reviews: the numbering of the comments for the author.
    .orderBy(sql`${reviewInvitations.reviewedAt} asc nulls last`, asc(reviewInvitations.id));
  const reviewersOf = (version: (typeof versions)[number]) => {
    if (!seesReviewers && !hasFinalDecision(version.status)) return [];
    return invitations
      .filter((invitation) => invitation.paperId === version.id)
      .map(({ fullName, status, recommendation, reviewedAt }) => ({
        ...(seesReviewers ? { fullName } : {}),
        status,
        decision: recommendation || null,
        reviewedAt,
      }));
  };
  return {
    items: versions.map((version) => ({
      id: version.id,
      code: version.code,
      version: version.version,
      status: version.status,
      createdAt: version.createdAt,
      submittedAt: version.submittedAt,
      files: files.filter((file) => file.paperId === version.id),
      reviewers: reviewersOf(version),
      finalDecision: decisions.get(version.id) ?? null,
    })),
  };
}

/**
 * The original proposal of an amendment or renewal: the earliest version with that code, for whoever may read
 * it or may read a paper of the same author that cites it (the handling editor of the amendment).
 */
export async function originalProposal(db: Database, journal: Journal, caller: Caller, code: string) {
  return readPaper(db, await readableOriginal(db, journal, caller, code));
}

/** The original proposal's row, under the same rule: its own readers, or readers of a citation by its author. */
export async function readableOriginal(db: Database, journal: Journal, caller: Caller, code: string) {
  const [original] = await db
    .select()
    .from(papers)
    .where(and(eq(papers.journalId, journal.id), eq(papers.code, code), ne(papers.status, PAPER_STATUS.draft)))
    .orderBy(asc(papers.version), asc(papers.id))
    .limit(1);
  if (!original) throw NotFoundError();
  let allowed = await mayRead(db, caller, original);
  if (!allowed) {
    // Only a citation by the original's own author counts: citing a stranger's code opens nothing.
    const citing = await db
      .select()
      .from(papers)
      .where(
        and(
          eq(papers.journalId, journal.id),
          eq(papers.originalProposalCode, code),
          original.creatorId === null ? sql`false` : eq(papers.creatorId, original.creatorId),
        ),
      );
    for (const paper of citing) if (!allowed && (await mayRead(db, caller, paper))) allowed = true;
  }
  if (!allowed) throw NotFoundError();
  return original;
}
