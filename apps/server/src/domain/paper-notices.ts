import type { PublicNotice } from '@journals/core/schemas/notices';
import { type AnyColumn, sql } from 'drizzle-orm';
import { paperNotices } from '../db/schema';

/**
 * A published paper's notices as every public surface shows them (decision 0087): the paper page today; search,
 * the archive, OAI-PMH and JATS later.
 */

export const publicNoticeOf = (row: typeof paperNotices.$inferSelect): PublicNotice => ({
  kind: row.kind,
  text: { en: row.textEn, ar: row.textAr },
  noticeDate: row.noticeDate,
  doi: row.doi,
});

/**
 * The notices of the paper in `paperId`, oldest first, as a column of the query that reads the paper (a JSON list):
 * the page's answer needs no statement of its own for them.
 */
export const publicNoticesColumn = (paperId: AnyColumn) =>
  sql<PublicNotice[]>`coalesce((select json_agg(json_build_object(
    'kind', ${paperNotices.kind},
    'text', json_build_object('en', ${paperNotices.textEn}, 'ar', ${paperNotices.textAr}),
    'noticeDate', ${paperNotices.noticeDate},
    'doi', ${paperNotices.doi}) order by ${paperNotices.noticeDate}, ${paperNotices.id})
    from ${paperNotices} where ${paperNotices.paperId} = ${paperId}), '[]'::json)`;
