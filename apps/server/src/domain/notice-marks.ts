import { NOTICE_KINDS, type NoticeKind } from '@journals/core/rules/notices';
import { sql } from 'drizzle-orm';
import { paperNotices } from '../db/schema';

/**
 * What lists show of a paper's notices (issue 46 §2, decision 0089), read as columns of the list's own statement
 * (correlated subqueries on the notices' index by paper): no statement per row, none of its own.
 */

/**
 * The archived paper's id, qualified: drizzle leaves a column bare in a statement of one table, where inside the
 * subquery it would name the notice's own `paper_id`.
 */
const ARCHIVED_PAPER_ID = sql.raw('"archived_papers"."paper_id"');

/** The kinds from the mildest to the gravest as SQL (core constants, never input). */
const GRAVITY = sql.raw(`array[${NOTICE_KINDS.map((kind) => `'${kind}'`).join(', ')}]::text[]`);

/**
 * The gravest notice about the archived paper of the statement's `archived_papers` row (retraction > expression of
 * concern > correction), or null.
 */
export const noticeMarkColumn = () =>
  sql<NoticeKind | null>`(select ${paperNotices.kind} from ${paperNotices}
    where ${paperNotices.paperId} = ${ARCHIVED_PAPER_ID}
    order by array_position(${GRAVITY}, ${paperNotices.kind}::text) desc limit 1)`;

/**
 * The dates of the corrections that replaced the file of the statement's archived paper (YYYY-MM-DD), in the order
 * they were published: one earlier version each (core `earlierVersions`).
 */
export const replacedOnColumn = () =>
  sql<string[]>`coalesce((select json_agg(${paperNotices.noticeDate}::text order by ${paperNotices.id})
    from ${paperNotices}
    where ${paperNotices.paperId} = ${ARCHIVED_PAPER_ID} and ${paperNotices.replacedFileId} is not null), '[]'::json)`;
