import { ISSUE_STATUS } from '@journals/core/enums';
import type { PublicNotice } from '@journals/core/schemas/notices';
import { type SQL, and, asc, count, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { archivedPapers, issues } from '../../db/schema';
import { latestNoticeDateColumn, noticePagesColumn, publicNoticesColumn } from '../../domain/paper-notices';
import { type PaperMetadata, paperMetadataColumns } from '../../domain/published-papers';

/**
 * What machines read of a journal's archive: its published papers with their issue, a page at a time on a keyset
 * (the paper id, never OFFSET), its published issues, and for the editors' exports an issue's papers whether
 * published or not. Only `archived_papers.published` rows are public (issue 21 §1: in press is private everywhere).
 */

/**
 * A record's datestamp: the last change of its metadata, or its publication when that came later (a paper assigned
 * in press becomes visible at publish, so a harvester asking `from` its last visit must see it then).
 */
const datestamp = sql<Date>`greatest(${archivedPapers.modifiedAt}, ${issues.publishedAt})`.mapWith(
  (value: string | Date) => new Date(value),
);

const COLUMNS = {
  paperId: archivedPapers.paperId,
  issueId: archivedPapers.issueId,
  volume: issues.volume,
  issue: issues.issue,
  publishMonth: issues.publishMonth,
  issueDate: issues.publishDate,
  published: archivedPapers.published,
  publishDate: archivedPapers.publishDate,
  datestamp,
  orderInIssue: archivedPapers.orderInIssue,
  ...paperMetadataColumns,
  finalFileId: archivedPapers.finalFileId,
  notices: publicNoticesColumn(archivedPapers.paperId),
};

export interface ArchiveRecord extends PaperMetadata {
  paperId: number;
  issueId: number;
  volume: number;
  issue: string;
  publishMonth: string;
  issueDate: string | null;
  published: boolean;
  publishDate: string | null;
  datestamp: Date;
  orderInIssue: number;
  finalFileId: number | null;
  /** Its notices, oldest first (decision 0088). */
  notices: PublicNotice[];
}

/** Which published records a list asks for (OAI-PMH `set`, `from`, `until`). */
export interface RecordFilter {
  issue?: { volume: number; issue: string };
  from?: Date;
  /** The first moment after `until` (until is inclusive at the granularity it was given in). */
  before?: Date;
}

function publishedOf(journalId: number, filter: RecordFilter): SQL {
  return and(
    eq(archivedPapers.journalId, journalId),
    eq(archivedPapers.published, true),
    filter.issue && eq(issues.volume, filter.issue.volume),
    filter.issue && eq(issues.issue, filter.issue.issue),
    filter.from && gte(datestamp, filter.from),
    filter.before && lt(datestamp, filter.before),
  )!;
}

/** Up to `limit` published records after paper `afterId`, by paper id: one statement. */
export function recordPage(
  db: Database,
  journalId: number,
  filter: RecordFilter,
  afterId: number,
  limit: number,
): Promise<ArchiveRecord[]> {
  return db
    .select(COLUMNS)
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .where(and(publishedOf(journalId, filter), gt(archivedPapers.paperId, afterId)))
    .orderBy(asc(archivedPapers.paperId))
    .limit(limit);
}

/** How many published records a list has in all (OAI-PMH completeListSize). */
export async function recordCount(db: Database, journalId: number, filter: RecordFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .where(publishedOf(journalId, filter));
  return row?.n ?? 0;
}

/** One published record, or null (missing, another journal's, or in press). */
export async function publishedRecord(db: Database, journalId: number, paperId: number) {
  const [row] = await db
    .select(COLUMNS)
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .where(and(publishedOf(journalId, {}), eq(archivedPapers.paperId, paperId)))
    .limit(1);
  return (row as ArchiveRecord | undefined) ?? null;
}

/** The oldest datestamp of the journal's published records (OAI-PMH earliestDatestamp), or null. */
export async function earliestDatestamp(db: Database, journalId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${datestamp})` })
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .where(publishedOf(journalId, {}));
  return row?.at ? new Date(row.at) : null;
}

export interface PublishedIssue {
  id: number;
  volume: number;
  issue: string;
  publishMonth: string;
  publishDate: string | null;
  /** The last change of the issue or of one of its papers (the sitemap's lastmod). */
  lastModified: Date;
}

/** The journal's published issues, newest volume first: one statement. */
export async function publishedIssues(db: Database, journalId: number): Promise<PublishedIssue[]> {
  const rows = await db
    .select({
      id: issues.id,
      volume: issues.volume,
      issue: issues.issue,
      publishMonth: issues.publishMonth,
      publishDate: issues.publishDate,
      lastModified: sql<string>`greatest(${issues.modifiedAt}, ${issues.publishedAt}, (select max(${archivedPapers.modifiedAt}) from ${archivedPapers} where ${archivedPapers.issueId} = ${issues.id}))`,
    })
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.status, ISSUE_STATUS.published)))
    .orderBy(desc(issues.volume), desc(sql`${issues.issue}::int`), desc(issues.id));
  return rows.map((row) => ({ ...row, lastModified: new Date(row.lastModified) }));
}

/** The published papers' ids, datestamps and latest notices' dates of a journal (the sitemap): one statement. */
export function publishedPaperStamps(db: Database, journalId: number) {
  return db
    .select({
      paperId: archivedPapers.paperId,
      datestamp,
      latestNotice: latestNoticeDateColumn(archivedPapers.paperId),
      notices: noticePagesColumn(archivedPapers.paperId),
    })
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .where(publishedOf(journalId, {}))
    .orderBy(asc(archivedPapers.paperId));
}

/** An issue of the journal (published or in press) with its papers in order, for the editors' exports. */
export async function issueWithRecords(db: Database, journalId: number, issueId: number) {
  const [issue] = await db
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), eq(issues.journalId, journalId)))
    .limit(1);
  if (!issue) return null;
  const records: ArchiveRecord[] = await db
    .select(COLUMNS)
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .where(eq(archivedPapers.issueId, issue.id))
    .orderBy(asc(archivedPapers.orderInIssue));
  return { issue, records };
}
