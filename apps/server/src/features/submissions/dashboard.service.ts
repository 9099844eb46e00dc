import { PAPER_STATUS } from '@journals/core/enums';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import { hasFinalDecision } from '@journals/core/rules/workflow';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shownReviewerName } from '../../domain/reviewer-names';
import { jsonInstant } from '../../db/json';
import { authorPaperCounts, papers, reviewInvitations, users } from '../../db/schema';
import { type JsonText, jsonText } from '../../lib/json-text';
import { NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { type Caller, mayRead, type Paper } from '../../domain/paper-access';
import { readPaper } from './paper-page.service';
import { currentFiles, decisionsOf } from './paper-view.service';
import { containsPattern } from '../../db/like';

export const DASHBOARD_PAGE_SIZE = 10;

/** The author dashboard's cards and filter names (DESIGN §4: the author's "waiting" card is 1–3). */
export const AUTHOR_STATUS_FILTERS = {
  accepted: [PAPER_STATUS.accepted],
  rejected: [PAPER_STATUS.rejected],
  acceptedWithRevisions: [PAPER_STATUS.acceptedWithRevisions],
  waiting: [PAPER_STATUS.submitted, PAPER_STATUS.underReview, PAPER_STATUS.pendingDecision],
  published: [PAPER_STATUS.published],
} as const;
export type AuthorStatusFilter = keyof typeof AUTHOR_STATUS_FILTERS;

const SUBMITTED_STATUSES = Object.values(PAPER_STATUS).filter((status) => status !== PAPER_STATUS.draft);
/**
 * The predicate of papers_author_dashboard_idx, written as literals: a prepared statement's generic plan cannot
 * prove a partial index's predicate from parameters, and would sort every paper of the author instead.
 */
const SUBMITTED_VERSION = sql`${papers.status} <> ${sql.raw(String(PAPER_STATUS.draft))} and not ${papers.superseded}`;

/** The dashboard's statement shapes: the first page, a later page, a search (any page). */
export type DashboardShape = 'first' | 'later' | 'search';

/**
 * The dashboard's one statement, prepared in three shapes so the database plans each once per connection: the
 * cards from the trigger-kept counts (a handful of rows) beside the page, aggregated by the database into the JSON
 * text the answer carries (`json_agg` of rows named as the answer's items, db/json.ts). One row comes back: the
 * counts, the page, and with a search the number of matches.
 * - The first page, the one nearly every visit shows, reads its ten rows straight from
 *   papers_author_dashboard_idx (about a sixth cheaper for the database than finding ids first).
 * - A later page finds its ten ids index-only in that index first, so the rows it skips are index entries, not
 *   rows, then reads those ten.
 * - A search does the same and carries its total (`count(*) over ()`).
 */
export function dashboardQuery(db: Database, shape: DashboardShape) {
  const searching = shape === 'search';
  const matches = searching
    ? or(ilike(papers.title, sql.placeholder('pattern')), ilike(papers.code, sql.placeholder('pattern')))
    : undefined;
  const where = and(
    eq(papers.journalId, sql.placeholder('journalId')),
    eq(papers.creatorId, sql.placeholder('userId')),
    SUBMITTED_VERSION,
    sql`${papers.status} = any(${sql.placeholder('statuses')})`,
    matches,
  );
  const newestFirst = [desc(papers.createdAt), desc(papers.id)];
  const counts = db
    .select({ counts: sql`json_object_agg(${authorPaperCounts.status}, ${authorPaperCounts.n})::text` })
    .from(authorPaperCounts)
    .where(
      and(
        eq(authorPaperCounts.journalId, sql.placeholder('journalId')),
        eq(authorPaperCounts.creatorId, sql.placeholder('userId')),
        ne(authorPaperCounts.status, PAPER_STATUS.draft),
        eq(authorPaperCounts.superseded, false),
      ),
    );
  // The answer's item, column for column: json_agg writes each row as an object with these names.
  const itemColumns = {
    id: papers.id,
    code: papers.code,
    title: papers.title,
    createdAt: jsonInstant(papers.createdAt).as('createdAt'),
    submittedAt: jsonInstant(papers.submittedAt).as('submittedAt'),
    status: papers.status,
    statusDate: jsonInstant(papers.statusDate).as('statusDate'),
  };
  // Instants written as fixed-width UTC text sort as the instants do.
  const pageOf = (item: SQL) =>
    sql<string>`(select coalesce(json_agg(item order by "createdAt" desc, "id" desc), '[]')::text from ${item})`;
  const total = db.select({ n: count() }).from(papers).where(where);
  const one = sql`(values (1)) as one`;

  if (shape === 'first') {
    const item = db
      .select(itemColumns)
      .from(papers)
      .where(where)
      .orderBy(...newestFirst)
      .limit(DASHBOARD_PAGE_SIZE)
      .as('item');
    const statement = db
      .select({ counts: sql<string | null>`(${counts})`, items: pageOf(sql`${item}`), matching: sql<null>`null` })
      .from(one);
    return { statement, total };
  }
  const pageIds = db.$with('page_ids').as(
    db
      .select({ id: papers.id, matching: (searching ? sql`count(*) over ()` : sql`0`).as('matching') })
      .from(papers)
      .where(where)
      .orderBy(...newestFirst)
      .limit(DASHBOARD_PAGE_SIZE)
      .offset(sql.placeholder('offset')),
  );
  const item = db.select(itemColumns).from(pageIds).innerJoin(papers, eq(papers.id, pageIds.id)).as('item');
  const statement = db
    .with(pageIds)
    .select({
      counts: sql<string | null>`(${counts})`,
      items: pageOf(sql`${item}`),
      matching: sql<number | null>`(select max(${pageIds.matching}) from ${pageIds})`.mapWith(Number),
    })
    .from(one);
  return { statement, total };
}

function preparedDashboard(db: Database, shape: DashboardShape) {
  const { statement, total } = dashboardQuery(db, shape);
  const name = `author_dashboard_${shape}`;
  return { statement: statement.prepare(name), count: total.prepare(`${name}_total`) };
}
const preparedDashboards = new WeakMap<Database, Record<DashboardShape, ReturnType<typeof preparedDashboard>>>();

/**
 * The newest versions of the user's submitted papers, newest first, with the six counts, in one statement
 * whatever the author's size (`dashboardQuery`). The total comes from the cards, or with a search from the page;
 * only a search asked for a page past its end needs a second statement, the count. The answer is JSON text: its
 * items as the database wrote them.
 */
export async function authorDashboard(
  db: Database,
  journal: Journal,
  userId: number,
  query: { status?: AuthorStatusFilter; search?: string; page: number },
): Promise<JsonText> {
  let prepared = preparedDashboards.get(db);
  if (!prepared) {
    prepared = {
      first: preparedDashboard(db, 'first'),
      later: preparedDashboard(db, 'later'),
      search: preparedDashboard(db, 'search'),
    };
    preparedDashboards.set(db, prepared);
  }
  const statuses = query.status ? [...AUTHOR_STATUS_FILTERS[query.status]] : undefined;
  const search = query.search?.trim();
  const { statement, count: countMatching } = prepared[search ? 'search' : query.page > 1 ? 'later' : 'first'];
  const values = {
    journalId: journal.id,
    userId,
    statuses: statuses ?? SUBMITTED_STATUSES,
    pattern: search ? containsPattern(search) : undefined,
    offset: (query.page - 1) * DASHBOARD_PAGE_SIZE,
  };
  const [row] = await statement.execute(values);
  const counts = JSON.parse(row?.counts ?? '{}') as Record<string, number>;
  const byStatus = Object.entries(counts).map(([status, n]) => ({ status: Number(status), n }));
  const sum = (wanted: readonly number[]) =>
    byStatus.filter((row) => wanted.includes(row.status)).reduce((all, row) => all + row.n, 0);
  const all = sum(Object.values(PAPER_STATUS));
  let total = statuses ? sum(statuses) : all;
  if (search) total = row?.matching ?? (query.page > 1 ? (await countMatching.execute(values))[0]!.n : 0);
  const statistics = {
    all,
    ...(Object.fromEntries(
      Object.entries(AUTHOR_STATUS_FILTERS).map(([name, wanted]) => [name, sum(wanted)]),
    ) as Record<AuthorStatusFilter, number>),
  };
  return jsonText(`{"items":${row?.items ?? '[]'},"total":${total},"statistics":${JSON.stringify(statistics)}}`);
}

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
