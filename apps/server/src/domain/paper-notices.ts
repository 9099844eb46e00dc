import type { PublicNotice } from '@journals/core/schemas/notices';
import { type AnyColumn, sql } from 'drizzle-orm';
import { paperNotices } from '../db/schema';

/**
 * A published paper's notices as every public surface shows them (decisions 0087, 0088): the paper page, its
 * citation tags, OAI-PMH, JATS, the Crossref deposit and the sitemap.
 */

export const publicNoticeOf = (row: typeof paperNotices.$inferSelect): PublicNotice => ({
  id: row.id,
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
    'id', ${paperNotices.id},
    'kind', ${paperNotices.kind},
    'text', json_build_object('en', ${paperNotices.textEn}, 'ar', ${paperNotices.textAr}),
    'noticeDate', ${paperNotices.noticeDate},
    'doi', ${paperNotices.doi}) order by ${paperNotices.noticeDate}, ${paperNotices.id})
    from ${paperNotices} where ${paperNotices.paperId} = ${paperId}), '[]'::json)`;

/** The date of the paper's latest notice (YYYY-MM-DD), or null: the sitemap's lastmod when it is later (0088). */
export const latestNoticeDateColumn = (paperId: AnyColumn) =>
  sql<
    string | null
  >`(select max(${paperNotices.noticeDate})::text from ${paperNotices} where ${paperNotices.paperId} = ${paperId})`;

/** The paper's notices' pages as the sitemap lists them: each id and when it was published (decision 0088). */
export const noticePagesColumn = (paperId: AnyColumn) =>
  sql<{ id: number; at: string }[]>`coalesce((select json_agg(json_build_object(
    'id', ${paperNotices.id}, 'at', ${paperNotices.createdAt}) order by ${paperNotices.id})
    from ${paperNotices} where ${paperNotices.paperId} = ${paperId}), '[]'::json)`;
