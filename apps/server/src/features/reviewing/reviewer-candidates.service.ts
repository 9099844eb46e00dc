import { REVIEW_LIMITS } from '@journals/core/reviewing';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { journalRoles, reviewInvitations, roleSpecializations, users } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import type { Paper } from '../../domain/paper-access';
import { rowsOf } from '../../db/rows';
import { notBannedIn } from '../../domain/journal-bans';
import { containsPattern } from '../../db/like';

/**
 * The reviewers of a journal with a reviewer specialization, each with the invitations they hold now, the reviews
 * they finished in the last 12 months and their median days to review; the paper's authors (by e-mail) and
 * colleagues (by workplace) flagged as conflicts; the author's suggestions marked. Sorted: no conflict, fewest
 * open invitations, best match (personal keywords shared with the paper), name. One statement.
 */
export async function candidates(
  db: Database,
  journal: Journal,
  paper: Paper,
  specializationId: number,
  search: string | undefined,
) {
  const pattern = search?.trim() ? containsPattern(search.trim()) : null;
  const keywords = paper.keywords.map((keyword) => keyword.toLowerCase());
  const rows = await rowsOf<{
    id: number;
    full_name: string;
    email: string;
    work_place: string;
    external_reviewer: boolean;
    open_invitations: number;
    recent_reviews: number;
    median_days: number | null;
    is_author: boolean;
    same_workplace: boolean;
    suggested: boolean;
    added_before: boolean;
    match: number;
    total: number;
  }>(
    db,
    // The order needs only the open invitations, the conflicts and the match of every candidate; the year's reviews
    // and the median days are read for the page shown (50 at most), through the reviewer index.
    sql`
    with people as (
      select lower(email) as email, lower(trim(work_place)) as work_place from paper_authors where paper_id = ${paper.id}
    ),
    cand as (
      select u.id, u.full_name, u.email, u.work_place, u.personal_keywords, jr.external_reviewer
      from ${roleSpecializations} rs
      join ${journalRoles} jr on jr.user_id = rs.user_id and jr.journal_id = ${journal.id} and jr.role = 'reviewer'
      join ${users} u on u.id = rs.user_id
      where rs.specialization_id = ${specializationId} and rs.role = 'reviewer' and not u.banned
        and ${notBannedIn(journal.id, sql`u.id`)}
        ${pattern ? sql`and (u.full_name ilike ${pattern} or u.email ilike ${pattern})` : sql``}
    ),
    open as (
      select reviewer_id, count(*)::int as n from ${reviewInvitations}
      where journal_id = ${journal.id} and status in (1, 2) and removed_at is null
      group by reviewer_id
    ),
    ranked as (
      select c.*, coalesce(o.n, 0) as open_invitations,
        lower(c.email) in (select email from people) as is_author,
        lower(trim(c.work_place)) in (select work_place from people where work_place <> '') as same_workplace,
        case when cardinality(c.personal_keywords) = 0 then 0
          else (select count(*) from unnest(c.personal_keywords) k where lower(k) = any(${sql.param(keywords)}::text[]))::int
        end as match,
        (count(*) over ())::int as total
      from cand c left join open o on o.reviewer_id = c.id
    ),
    top as (
      select * from ranked
      order by (is_author or same_workplace), open_invitations, match desc, full_name, id
      limit ${REVIEW_LIMITS.candidatesPage}
    )
    select t.id, t.full_name, t.email, t.work_place, t.external_reviewer, t.open_invitations, t.is_author,
      t.same_workplace, t.match, t.total,
      coalesce(s.recent_reviews, 0) as recent_reviews,
      round(s.median_days::numeric, 1)::float8 as median_days,
      exists (select 1 from paper_suggested_reviewers x where x.paper_id = ${paper.id} and lower(x.email) = lower(t.email)) as suggested,
      exists (select 1 from ${reviewInvitations} o where o.paper_id = ${paper.id} and o.reviewer_id = t.id and o.removed_at is null) as added_before
    from top t
    left join lateral (
      select count(*) filter (where ri.reviewed_at > now() - make_interval(months => ${REVIEW_LIMITS.recentMonths}))::int as recent_reviews,
        percentile_cont(0.5) within group (order by extract(epoch from ri.reviewed_at - ri.invited_at) / 86400) as median_days
      from ${reviewInvitations} ri
      where ri.reviewer_id = t.id and ri.journal_id = ${journal.id} and ri.status = 3
    ) s on true
    order by (t.is_author or t.same_workplace), t.open_invitations, t.match desc, t.full_name, t.id`,
  );
  const items = rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    workPlace: row.work_place,
    externalReviewer: row.external_reviewer,
    openInvitations: row.open_invitations,
    recentReviews: row.recent_reviews,
    medianDays: row.median_days,
    suggested: row.suggested,
    addedBefore: row.added_before,
    match: row.match,
    conflict: row.is_author ? ('author' as const) : row.same_workplace ? ('workplace' as const) : null,
  }));
  return { items, total: rows[0]?.total ?? 0 };
}
