import { extensionAllowance, REVIEWER_FILTERS, type ReviewerFilter } from '@journals/core/reviewing';
import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { papers, reviewInvitations } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import { containsPattern } from '../../db/like';
import { executeNamed } from '../../db/rows';

/** The reviewer's dashboard (spec 01 §2): the three cards' counts and one page of their invitations. */

export const REVIEWER_PAGE_SIZE = 10;

/** The reviewer dashboard: the three cards' counts and one page of a filter, newest invitation first. Two statements. */
export async function dashboard(
  db: Database,
  journal: Journal,
  reviewerId: number,
  query: { status: string; search?: string; page: number },
) {
  const mine = and(
    eq(reviewInvitations.journalId, journal.id),
    eq(reviewInvitations.reviewerId, reviewerId),
    isNull(reviewInvitations.removedAt),
  );
  // Both statements prepared (executeNamed): planning them beside the papers table's many indexes cost more than
  // running them (issue 24).
  const counts = await executeNamed(
    db
      .select({ status: reviewInvitations.status, n: sql<number>`count(*)::int` })
      .from(reviewInvitations)
      .where(mine)
      .groupBy(reviewInvitations.status),
  );
  const count = (filter: ReviewerFilter) =>
    counts
      .filter((row) => (REVIEWER_FILTERS[filter] as readonly number[]).includes(row.status))
      .reduce((sum, row) => sum + row.n, 0);
  const filter = query.status as ReviewerFilter;
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const rows = await executeNamed(
    db
      .select({
        id: reviewInvitations.id,
        paperId: papers.id,
        code: papers.code,
        title: papers.title,
        paperStatus: papers.status,
        status: reviewInvitations.status,
        inviteDate: reviewInvitations.invitedAt,
        deadline: reviewInvitations.deadline,
        deadlineChanged: reviewInvitations.deadlineChanged,
        reviewedAt: reviewInvitations.reviewedAt,
        extensionCount: reviewInvitations.extensionCount,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(reviewInvitations)
      .innerJoin(papers, eq(papers.id, reviewInvitations.paperId))
      .where(
        and(
          mine,
          inArray(reviewInvitations.status, [...REVIEWER_FILTERS[filter]]),
          pattern ? or(ilike(papers.title, pattern), ilike(papers.code, pattern)) : undefined,
        ),
      )
      .orderBy(desc(reviewInvitations.invitedAt), desc(reviewInvitations.id))
      .limit(REVIEWER_PAGE_SIZE)
      .offset((query.page - 1) * REVIEWER_PAGE_SIZE),
  );
  return {
    statistics: {
      newInvitations: count('newInvitations'),
      inPeerReview: count('inPeerReview'),
      reviewed: count('reviewed'),
    },
    items: rows.map(({ total: _total, extensionCount, ...row }) => ({
      ...row,
      extensions: extensionAllowance(journal, { extensionCount }),
    })),
    total: rows[0]?.total ?? 0,
  };
}
