import { ISSUE_STATUS } from '@journals/core/enums';
import type { NoticeKind } from '@journals/core/rules/notices';
import type { PublicNotice } from '@journals/core/schemas/notices';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { archivedPapers, issues, specializations } from '../db/schema';
import { rowsOf } from '../db/rows';
import { utcDay } from '../lib/daily-visitor';
import { noticeMarkColumn, replacedOnColumn } from './notice-marks';
import { publicNoticesColumn } from './paper-notices';

/**
 * The public read model of the archive (issue 21 §3, §5): what every public surface shows of a journal's published
 * issues and papers — the archive pages, the first HTML's head and citation tags, OAI-PMH, the sitemap. Only
 * published rows exist here: an issue in press and its papers (`archived_papers.published = false`) read as missing,
 * so no public surface can leak them. Each read is one or two SQL statements whatever the journal's size.
 */

/** A published issue as lists show it; `issue` is the issue's name, a whole number 1–30 kept as text. */
export interface PublishedIssueHead {
  id: number;
  volume: number;
  issue: string;
  /** "MM YYYY" (the spec's chronology). */
  chronology: string;
  /** ISO date (YYYY-MM-DD) or null. */
  publishDate: string | null;
  /** Shown on the journal's home (spec 03 §5 "allow issue"). */
  isAllow: boolean;
}

/** A paper as an issue's table of contents shows it. */
export interface IssuePaper {
  id: number;
  order: number;
  titleEn: string;
  titleAr: string;
  subtitle: string;
  publishDate: string | null;
  correspondingAuthor: string;
  jointAuthors: string[];
  fromPage: number | null;
  toPage: number | null;
  doi: string | null;
  hasFinalFile: boolean;
  /** Its gravest notice, the mark lists show (decision 0089). */
  mark: NoticeKind | null;
}

export interface PublishedIssue extends PublishedIssueHead {
  papers: IssuePaper[];
}

/**
 * An archived paper's own metadata, named alike on every surface that reads it (the public archive, harvesting,
 * archive management): its columns to select, its type, and the pick of it from a whole `archived_papers` row.
 */
export const paperMetadataColumns = {
  paperType: archivedPapers.paperType,
  titleEn: archivedPapers.titleEn,
  titleAr: archivedPapers.titleAr,
  subtitle: archivedPapers.subtitle,
  abstractEn: archivedPapers.abstractEn,
  abstractAr: archivedPapers.abstractAr,
  correspondingAuthor: archivedPapers.correspondingAuthor,
  jointAuthors: archivedPapers.jointAuthors,
  correspondingAuthorOrcid: archivedPapers.correspondingAuthorOrcid,
  correspondingAuthorOrcidAuthenticated: archivedPapers.correspondingAuthorOrcidAuthenticated,
  jointAuthorOrcids: archivedPapers.jointAuthorOrcids,
  jointAuthorOrcidsAuthenticated: archivedPapers.jointAuthorOrcidsAuthenticated,
  keywords: archivedPapers.keywords,
  fromPage: archivedPapers.fromPage,
  toPage: archivedPapers.toPage,
  doi: archivedPapers.doi,
};

type ArchivedPaperRow = typeof archivedPapers.$inferSelect;
export type PaperMetadata = Pick<ArchivedPaperRow, keyof typeof paperMetadataColumns>;

const METADATA_KEYS = Object.keys(paperMetadataColumns) as (keyof PaperMetadata)[];
export const paperMetadataOf = (row: ArchivedPaperRow) =>
  Object.fromEntries(METADATA_KEYS.map((key) => [key, row[key]])) as PaperMetadata;

/**
 * A published paper of the journal by id (missing, another journal's or in press: no row), for a select of
 * `archived_papers` joined to its issue.
 */
export const isPublishedPaper = (journalId: number, paperId: number) =>
  and(
    eq(archivedPapers.paperId, paperId),
    eq(archivedPapers.journalId, journalId),
    eq(archivedPapers.published, true),
    eq(issues.status, ISSUE_STATUS.published),
  );

/** A published paper's archive metadata with its issue. */
export interface PublishedPaper extends PaperMetadata {
  id: number;
  journalId: number;
  issue: PublishedIssueHead;
  order: number;
  publishDate: string | null;
  specializations: { id: number; nameEn: string; nameAr: string }[];
  finalFileId: number | null;
  views: number;
  downloads: number;
  /** When the archive metadata last changed (ISO). */
  modifiedAt: string;
  /** Its corrections, expressions of concern and retractions, oldest first (decision 0087). */
  notices: PublicNotice[];
  /** The dates of the corrections that replaced its file, in the order published (decision 0089). */
  replacedOn: string[];
}

/** A volume of the timeline, its published issues newest first. */
export interface TimelineVolume {
  volume: number;
  issues: (PublishedIssueHead & { papers: number })[];
}

const issueHead = {
  id: issues.id,
  volume: issues.volume,
  issue: issues.issue,
  chronology: issues.publishMonth,
  publishDate: issues.publishDate,
  isAllow: issues.isAllow,
};

const isPublishedIssue = (journalId: number) =>
  and(eq(issues.journalId, journalId), eq(issues.status, ISSUE_STATUS.published));

/** Newest volume first, then newest issue (names are whole numbers: by length, then text), then newest row. */
const newestFirst = [desc(issues.volume), desc(sql`length(${issues.issue})`), desc(issues.issue), desc(issues.id)];

/** The canonical text of an issue name as a URL carries it ("03" → "3"); null when it is no whole number. */
export function issueName(text: string): string | null {
  return /^\d{1,3}$/.test(text) ? String(Number(text)) : null;
}

/** A published issue by (journal, volume, issue name) with its papers in order, or null (missing or in press). */
export async function publishedIssue(
  db: Database,
  journalId: number,
  volume: number,
  issue: string,
): Promise<PublishedIssue | null> {
  const name = issueName(issue);
  if (name === null) return null;
  return issueWithPapers(db, and(isPublishedIssue(journalId), eq(issues.volume, volume), eq(issues.issue, name)));
}

/** The journal's current issue (its newest published issue shown on the home) with its papers, or null. */
export async function currentIssueWithPapers(db: Database, journalId: number): Promise<PublishedIssue | null> {
  const current = db
    .select({ id: issues.id })
    .from(issues)
    .where(and(isPublishedIssue(journalId), eq(issues.isAllow, true)))
    .orderBy(...newestFirst)
    .limit(1);
  return issueWithPapers(db, inArray(issues.id, current));
}

/** One issue (the one `where` names) joined to its published papers in order: one statement. */
async function issueWithPapers(db: Database, where: SQL | undefined): Promise<PublishedIssue | null> {
  const rows = await db
    .select({
      head: issueHead,
      paper: {
        id: archivedPapers.paperId,
        order: archivedPapers.orderInIssue,
        titleEn: archivedPapers.titleEn,
        titleAr: archivedPapers.titleAr,
        subtitle: archivedPapers.subtitle,
        publishDate: archivedPapers.publishDate,
        correspondingAuthor: archivedPapers.correspondingAuthor,
        jointAuthors: archivedPapers.jointAuthors,
        fromPage: archivedPapers.fromPage,
        toPage: archivedPapers.toPage,
        doi: archivedPapers.doi,
        finalFileId: archivedPapers.finalFileId,
        mark: noticeMarkColumn(),
      },
    })
    .from(issues)
    .leftJoin(archivedPapers, and(eq(archivedPapers.issueId, issues.id), eq(archivedPapers.published, true)))
    .where(where)
    .orderBy(asc(archivedPapers.orderInIssue), asc(archivedPapers.paperId));
  const first = rows[0];
  if (!first) return null;
  return {
    ...first.head,
    papers: rows.flatMap(({ paper }) => {
      if (!paper) return [];
      const { finalFileId, ...rest } = paper;
      return [{ ...rest, hasFinalFile: finalFileId !== null }];
    }),
  };
}

/** A published paper of the journal by id, or null (missing, another journal's, or in press). */
export async function publishedPaper(db: Database, journalId: number, paperId: number): Promise<PublishedPaper | null> {
  if (!Number.isSafeInteger(paperId) || paperId < 1 || paperId > 2_147_483_647) return null;
  const [row] = await db
    .select({
      paper: archivedPapers,
      head: issueHead,
      notices: publicNoticesColumn(archivedPapers.paperId),
      replacedOn: replacedOnColumn(),
    })
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .where(isPublishedPaper(journalId, paperId))
    .limit(1);
  if (!row) return null;
  const { paper } = row;
  const names = paper.specializationIds.length
    ? await db
        .select({ id: specializations.id, nameEn: specializations.nameEn, nameAr: specializations.nameAr })
        .from(specializations)
        .where(and(eq(specializations.journalId, journalId), inArray(specializations.id, paper.specializationIds)))
        .orderBy(asc(specializations.id))
    : [];
  return {
    id: paper.paperId,
    journalId: paper.journalId,
    issue: row.head,
    order: paper.orderInIssue,
    publishDate: paper.publishDate,
    ...paperMetadataOf(paper),
    specializations: names,
    finalFileId: paper.finalFileId,
    views: paper.views,
    downloads: paper.downloads,
    modifiedAt: paper.modifiedAt.toISOString(),
    notices: row.notices,
    replacedOn: row.replacedOn,
  };
}

/**
 * The journal's published issues by volume, newest volume and issue first (issue names are whole numbers: by length,
 * then text), with their published paper counts.
 */
export async function archiveTimeline(db: Database, journalId: number): Promise<TimelineVolume[]> {
  const rows = await db
    .select({
      ...issueHead,
      papers: sql<number>`(select count(*)::int from ${archivedPapers} where ${archivedPapers.issueId} = ${issues.id} and ${archivedPapers.published})`,
    })
    .from(issues)
    .where(isPublishedIssue(journalId))
    .orderBy(...newestFirst);
  const volumes: TimelineVolume[] = [];
  for (const row of rows) {
    const last = volumes.at(-1);
    if (last?.volume === row.volume) last.issues.push(row);
    else volumes.push({ volume: row.volume, issues: [row] });
  }
  return volumes;
}

/** The journal's current issue: its latest published issue shown on the home, or null. */
export async function currentIssue(db: Database, journalId: number): Promise<PublishedIssueHead | null> {
  const [row] = await db
    .select(issueHead)
    .from(issues)
    .where(and(isPublishedIssue(journalId), eq(issues.isAllow, true)))
    .orderBy(...newestFirst)
    .limit(1);
  return row ?? null;
}

/** The journal's most-read published papers (views, then newest). */
export async function mostReadPapers(db: Database, journalId: number, limit = 5) {
  return db
    .select({
      id: archivedPapers.paperId,
      titleEn: archivedPapers.titleEn,
      titleAr: archivedPapers.titleAr,
      views: archivedPapers.views,
      mark: noticeMarkColumn(),
    })
    .from(archivedPapers)
    .where(and(eq(archivedPapers.journalId, journalId), eq(archivedPapers.published, true)))
    .orderBy(desc(archivedPapers.views), desc(archivedPapers.paperId))
    .limit(limit);
}

/**
 * Counts a reader of a published paper once per visitor and day (issue 21 §3): `visitor` is today's hash of the
 * reader (lib/daily-visitor.ts), or null for one who is not counted (a known crawler). One statement: the visit is
 * recorded unless it already was today, and only a new visit adds one to the paper's count. Answers the paper's
 * counts after it, or null when the journal has no such published paper (missing or in press).
 */
export async function countReader(
  db: Database,
  reader: { journalId: number; paperId: number; kind: 'view' | 'download'; visitor: string | null; day?: string },
): Promise<{ views: number; downloads: number } | null> {
  const { journalId, paperId, kind, visitor } = reader;
  if (!Number.isSafeInteger(paperId) || paperId < 1 || paperId > 2_147_483_647) return null;
  const day = reader.day ?? utcDay();
  const column = kind === 'view' ? sql.raw('views') : sql.raw('downloads');
  const [row] = await rowsOf<{ views: number; downloads: number }>(
    db,
    sql`
    with paper as (
      select paper_id, views, downloads from archived_papers
      where paper_id = ${paperId} and journal_id = ${journalId} and published
    ), visit as (
      insert into archive_visits (paper_id, day, visitor, kind)
      select paper_id, ${day}::date, ${visitor}::text, ${kind}::text from paper where ${visitor}::text is not null
      on conflict do nothing
      returning paper_id
    ), counted as (
      update archived_papers set ${column} = ${column} + 1
      where paper_id in (select paper_id from visit)
      returning views, downloads
    )
    select coalesce((select views from counted), paper.views) as views,
           coalesce((select downloads from counted), paper.downloads) as downloads
    from paper`,
  );
  return row ? { views: Number(row.views), downloads: Number(row.downloads) } : null;
}
