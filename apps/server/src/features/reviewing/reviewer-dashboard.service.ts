import {
  extensionAllowance,
  REVIEWER_FILTER_NAMES,
  REVIEWER_FILTERS,
  type ReviewerFilter,
} from '@journals/core/reviewing';
import { sql } from 'drizzle-orm';
import { CHANNELS, type Database, type DatabaseHandle } from '../../db/client';
import type { Journal } from '../../domain/journal-context';
import { containsPattern } from '../../db/like';
import { jsonInstant } from '../../db/json';
import { preparedRows } from '../../db/rows';
import { HeardCache, hearChanges } from '../../lib/heard-cache';

/** The reviewer's dashboard (spec 01 §2): the three cards' counts and one page of their invitations. */

export const REVIEWER_PAGE_SIZE = 10;

interface Row {
  /** The reviewer's invitations by status, as JSON text ({"1": 3, …}). */
  counts: string;
  /** Null when the page is empty (the counts come alone). */
  id: number | null;
  paperId: number;
  code: string | null;
  title: string;
  paperStatus: number;
  status: number;
  inviteDate: string;
  deadline: string;
  deadlineChanged: boolean;
  reviewedAt: string | null;
  extensionCount: number;
  /** With a search, how many match; otherwise the counts give it. */
  total: number | null;
}

/**
 * The dashboard's one statement, prepared per filter and with or without a search (issue 24): the counts by status
 * beside one page of the filter. Built on every request with the query builder it cost the server about 1.6 ms, and
 * as two statements planned each time the database about 1.5 ms, for a page of two rows; now it is one round trip
 * to a plan kept by the connection.
 */
function dashboardStatement(filter: ReviewerFilter, searching: boolean, first: boolean) {
  const mine = sql`i.journal_id = ${sql.placeholder('journalId')} and i.reviewer_id = ${sql.placeholder('reviewerId')}
    and i.removed_at is null`;
  const matches = searching
    ? sql` and (p.title ilike ${sql.placeholder('pattern')} or p.code ilike ${sql.placeholder('pattern')})`
    : sql``;
  return sql`select c.counts, page.* from
    (select coalesce(json_object_agg(g.status, g.n), '{}')::text as counts
      from (select i.status, count(*)::int as n from review_invitations i where ${mine} group by i.status) g) c
    left join lateral (
      select i.id, p.id as "paperId", p.code, p.title, p.status as "paperStatus", i.status,
        ${jsonInstant(sql`i.invited_at`)} as "inviteDate", i.deadline::text as deadline,
        i.deadline_changed as "deadlineChanged", ${jsonInstant(sql`i.reviewed_at`)} as "reviewedAt",
        i.extension_count as "extensionCount", ${searching ? sql`(count(*) over ())::int` : sql`null::int`} as total
      from review_invitations i join papers p on p.id = i.paper_id
      where ${mine} and i.status in (${sql.raw(REVIEWER_FILTERS[filter].join(', '))})${matches}
      order by i.invited_at desc, i.id desc
      limit ${sql.raw(String(REVIEWER_PAGE_SIZE))} offset ${first ? sql.raw('0') : sql.placeholder('offset')}
    ) page on true`;
}

/**
 * What a process remembers of reviewers' dashboards until the database announces a change to their invitations or
 * the papers invited to (decision 0063): the rows of each filter's first page, keyed by the reviewer, the journal
 * and the filter. Later pages and searches are read each time. One per database.
 */
const rememberedDashboards = new WeakMap<Database, HeardCache<Row[]>>();
export function reviewerDashboardsOf(db: Database) {
  let dashboards = rememberedDashboards.get(db);
  if (!dashboards) rememberedDashboards.set(db, (dashboards = new HeardCache<Row[]>()));
  return dashboards;
}

/**
 * Hears the database's announcements of changed invitations and papers (migration 0031: `reviewer:journal` pairs):
 * every filter of those reviewers' dashboards in those journals is forgotten, or every dashboard (`*`).
 */
export function hearReviewerDashboardChanges(database: Pick<DatabaseHandle, 'db' | 'listen'>) {
  return hearChanges(database, reviewerDashboardsOf(database.db), {
    channel: CHANNELS.reviewerDashboards,
    keysOf: (pairs) => pairs.flatMap((pair) => REVIEWER_FILTER_NAMES.map((filter) => `${pair}:${filter}`)),
  });
}

/**
 * The reviewer dashboard: the three cards' counts and one page of a filter, newest invitation first. One statement,
 * none for a filter's first page read again (`reviewerDashboardsOf`).
 */
export async function dashboard(
  db: Database,
  journal: Journal,
  reviewerId: number,
  query: { status: string; search?: string; page: number },
) {
  const filter = query.status as ReviewerFilter;
  const search = query.search?.trim();
  // The first page has its offset written in: with an unknown offset PostgreSQL never trusts the generic plan and
  // plans the statement again on every run.
  const first = query.page === 1;
  const read = () =>
    preparedRows<Row>(
      db,
      `reviewer_dashboard_${filter}${search ? '_search' : ''}${first ? '_first' : ''}`,
      () => dashboardStatement(filter, Boolean(search), first),
      {
        journalId: journal.id,
        reviewerId,
        offset: (query.page - 1) * REVIEWER_PAGE_SIZE,
        ...(search && { pattern: containsPattern(search) }),
      },
    );
  const rows =
    first && !search
      ? (await reviewerDashboardsOf(db).read(`${reviewerId}:${journal.id}:${filter}`, read))!
      : await read();
  const byStatus = JSON.parse(rows[0]?.counts ?? '{}') as Record<string, number>;
  const count = (name: ReviewerFilter) =>
    REVIEWER_FILTERS[name].reduce((sum, status) => sum + (byStatus[String(status)] ?? 0), 0);
  const items = rows.filter((row) => row.id !== null);
  return {
    statistics: {
      newInvitations: count('newInvitations'),
      inPeerReview: count('inPeerReview'),
      reviewed: count('reviewed'),
    },
    items: items.map(({ counts: _counts, total: _total, extensionCount, id, ...row }) => ({
      id: id!,
      ...row,
      extensions: extensionAllowance(journal, { extensionCount }),
    })),
    total: search ? (items[0]?.total ?? 0) : count(filter),
  };
}
