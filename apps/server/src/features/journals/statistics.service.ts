import { PAPER_STATUS } from '@journals/core/enums';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import type { EditorialStatistics } from '@journals/core/schemas/journals';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

const n = (value: number) => sql.raw(String(value));
const DECISION_ACTIONS = sql.raw(`'finalDecision', 'directlyRejected'`);

/**
 * A journal's editorial statistics (issue 10 §4) in one statement, whatever its size: each figure one aggregate
 * over the journal's rows (papers by journal and status, its logs, its invitations), no query per paper. Cached by
 * the route; see `editorialStatisticsResponse` for what each figure counts.
 */
export async function editorialStatistics(db: Database, journalId: number): Promise<EditorialStatistics> {
  const [row] = await rowsOf<{
    per_year: { year: number; received: number; published: number }[] | string | null;
    received: string;
    accepted: string;
    rejected: string;
    first_decision_days: number | string | null;
    review_days: number | string | null;
    reviews: string;
    published: string;
  }>(
    db,
    sql`with versions as (
        select id, code, version, status, superseded, submitted_at, status_date, issue_id
        from papers where journal_id = ${journalId} and status <> ${n(PAPER_STATUS.draft)}
      ), received as (
        select extract(year from submitted_at)::int as year, count(*)::int as n
        from versions where version = 1 and submitted_at is not null group by 1
      ), published as (
        select extract(year from coalesce(i.publish_date::timestamptz, v.status_date))::int as year, count(*)::int as n
        from versions v left join issues i on i.id = v.issue_id
        where v.status = ${n(PAPER_STATUS.published)} and not v.superseded group by 1
      ), first_decisions as (
        select v.submitted_at, min(l.created_at) as decided_at
        from paper_logs l join papers v on v.id = l.paper_id
        where l.journal_id = ${journalId} and l.action in (${DECISION_ACTIONS}) and v.version = 1
          and v.submitted_at is not null
        group by v.id, v.submitted_at
      )
      select
        (select json_agg(json_build_object('year', y.year, 'received', coalesce(r.n, 0), 'published', coalesce(p.n, 0))
            order by y.year)
          from (select year from received union select year from published) y
          left join received r on r.year = y.year left join published p on p.year = y.year) as per_year,
        (select coalesce(sum(n), 0) from received) as received,
        (select count(*) from versions where not superseded
          and status in (${n(PAPER_STATUS.accepted)}, ${n(PAPER_STATUS.published)})) as accepted,
        (select count(*) from versions where not superseded and status = ${n(PAPER_STATUS.rejected)}) as rejected,
        (select percentile_cont(0.5) within group (order by extract(epoch from decided_at - submitted_at) / 86400)
          from first_decisions where decided_at >= submitted_at) as first_decision_days,
        (select percentile_cont(0.5) within group (order by extract(epoch from reviewed_at - invited_at) / 86400)
          from review_invitations where journal_id = ${journalId} and status = ${n(REVIEW_STATUS.reviewed)}
            and removed_at is null and reviewed_at >= invited_at) as review_days,
        (select count(*) from review_invitations where journal_id = ${journalId}
          and status = ${n(REVIEW_STATUS.reviewed)} and removed_at is null) as reviews,
        (select coalesce(sum(n), 0) from published) as published`,
  );
  const perYear = typeof row?.per_year === 'string' ? JSON.parse(row.per_year) : (row?.per_year ?? []);
  const accepted = Number(row?.accepted ?? 0);
  const decided = accepted + Number(row?.rejected ?? 0);
  const days = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  return {
    perYear,
    received: Number(row?.received ?? 0),
    decided,
    acceptanceRate: decided === 0 ? null : accepted / decided,
    medianDaysToFirstDecision: days(row?.first_decision_days),
    medianDaysToReview: days(row?.review_days),
    reviews: Number(row?.reviews ?? 0),
    published: Number(row?.published ?? 0),
  };
}
