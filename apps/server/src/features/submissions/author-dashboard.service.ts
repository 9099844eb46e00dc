import { PAPER_STATUS } from '@journals/core/enums';
import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { CHANNELS, type Database, type DatabaseHandle } from '../../db/client';
import { jsonInstant } from '../../db/json';
import { authorPaperCounts, papers } from '../../db/schema';
import { HeardCache, hearChanges } from '../../lib/heard-cache';
import { type JsonText, jsonText } from '../../lib/json-text';
import type { Journal } from '../../domain/journal-context';
import { containsPattern } from '../../db/like';

/**
 * The author's dashboard (spec 01 §2): the newest version of each submitted paper with the cards' counts, in one
 * prepared statement written by the database, and each card's first page remembered until a change (decision 0063).
 */
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
 * What a process remembers of authors' dashboards until the database announces a change to their papers (decision
 * 0063): the first page of each card, the one nearly every visit shows, keyed by the author, the journal and the
 * card. Later pages and searches are read each time. One per database.
 */
const rememberedDashboards = new WeakMap<Database, HeardCache<JsonText>>();
export function authorDashboardsOf(db: Database) {
  let dashboards = rememberedDashboards.get(db);
  if (!dashboards) rememberedDashboards.set(db, (dashboards = new HeardCache<JsonText>()));
  return dashboards;
}
const CARDS = ['', ...Object.keys(AUTHOR_STATUS_FILTERS)];
const dashboardKey = (userId: number, journalId: number, status = '') => `${userId}:${journalId}:${status}`;

/**
 * Hears the database's announcements of changed papers (migration 0030: their `creator:journal` pairs): every card
 * of those authors' dashboards in those journals is forgotten, or every dashboard (`*`). Returns the way to stop.
 */
export function hearAuthorDashboardChanges(database: Pick<DatabaseHandle, 'db' | 'listen'>) {
  return hearChanges(database, authorDashboardsOf(database.db), {
    channel: CHANNELS.authorDashboards,
    keysOf: (pairs) => pairs.flatMap((pair) => CARDS.map((card) => `${pair}:${card}`)),
  });
}

/**
 * The newest versions of the user's submitted papers, newest first, with the six counts, in one statement
 * whatever the author's size (`dashboardQuery`). The total comes from the cards, or with a search from the page;
 * only a search asked for a page past its end needs a second statement, the count. The answer is JSON text: its
 * items as the database wrote them. A card's first page is remembered (`authorDashboardsOf`).
 */
export async function authorDashboard(
  db: Database,
  journal: Journal,
  userId: number,
  query: { status?: AuthorStatusFilter; search?: string; page: number },
): Promise<JsonText> {
  if (query.page > 1 || query.search?.trim()) return readDashboard(db, journal, userId, query);
  const answer = await authorDashboardsOf(db).read(dashboardKey(userId, journal.id, query.status), () =>
    readDashboard(db, journal, userId, query),
  );
  return answer!;
}

async function readDashboard(
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
