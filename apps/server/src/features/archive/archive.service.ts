import type { Language } from '@journals/core/enums';
import type {
  ArchiveHomeResponse,
  ArchiveIssueResponse,
  ArchivePaperResponse,
  ArchiveTimelineResponse,
} from '@journals/core/schemas/archive';
import { earlierVersions } from '@journals/core/rules/notices';
import type { Database } from '../../db/client';
import { authorsWithOrcids } from '../../domain/archive-links';
import type { Journal } from '../../domain/journal-context';
import {
  archiveTimeline,
  countReader,
  currentIssueWithPapers,
  mostReadPapers,
  type PublishedIssue,
  publishedIssue,
  publishedPaper,
} from '../../domain/published-papers';
import { dailyVisitor, isCrawler } from '../../lib/daily-visitor';
import { NotFoundError } from '../../lib/errors';

/**
 * The public archive (issue 21 §3): what a reader sees of the journal's published issues and papers, read through
 * the shared read model (domain/published-papers), where an issue in press and its papers do not exist.
 */

const pagesOf = (from: number | null, to: number | null) => (from === null && to === null ? null : { from, to });

export async function timelineOf(db: Database, journal: Journal): Promise<ArchiveTimelineResponse> {
  const volumes = await archiveTimeline(db, journal.id);
  return {
    volumes: volumes.map(({ volume, issues }) => ({
      volume,
      issues: issues.map(({ issue, chronology, publishDate, papers }) => ({
        volume,
        issue,
        chronology,
        publishDate,
        papers,
      })),
    })),
  };
}

function issueAnswer(found: PublishedIssue): ArchiveIssueResponse {
  return {
    volume: found.volume,
    issue: found.issue,
    chronology: found.chronology,
    publishDate: found.publishDate,
    papers: found.papers.map((paper) => ({
      id: paper.id,
      order: paper.order,
      title: { en: paper.titleEn, ar: paper.titleAr },
      subtitle: paper.subtitle,
      publishDate: paper.publishDate,
      authors: [paper.correspondingAuthor, ...paper.jointAuthors].filter((name) => name.trim() !== ''),
      pages: pagesOf(paper.fromPage, paper.toPage),
      doi: paper.doi,
      mark: paper.mark,
    })),
  };
}

export async function issueOf(
  db: Database,
  journal: Journal,
  volume: number,
  issue: string,
): Promise<ArchiveIssueResponse> {
  const found = await publishedIssue(db, journal.id, volume, issue);
  if (!found) throw NotFoundError('archive.issueNotFound');
  return issueAnswer(found);
}

export async function paperOf(
  db: Database,
  journal: Journal,
  paperId: number,
  language: Language,
): Promise<ArchivePaperResponse> {
  const paper = await publishedPaper(db, journal.id, paperId);
  if (!paper) throw NotFoundError('archive.paperNotFound');
  const { issue } = paper;
  return {
    id: paper.id,
    title: { en: paper.titleEn, ar: paper.titleAr },
    subtitle: paper.subtitle,
    abstract: { en: paper.abstractEn, ar: paper.abstractAr },
    publishDate: paper.publishDate,
    issue: { volume: issue.volume, issue: issue.issue, chronology: issue.chronology, publishDate: issue.publishDate },
    order: paper.order,
    paperType: paper.paperType,
    pages: pagesOf(paper.fromPage, paper.toPage),
    doi: paper.doi,
    correspondingAuthor: paper.correspondingAuthor,
    jointAuthors: paper.jointAuthors,
    authors: authorsWithOrcids(paper),
    keywords: paper.keywords,
    specializations: paper.specializations.map((item) => (language === 'ar' ? item.nameAr : item.nameEn)),
    views: paper.views,
    downloads: paper.downloads,
    hasFinalFile: paper.finalFileId !== null,
    crossMark: journal.crossMark && paper.doi !== null && paper.doi !== '',
    notices: paper.notices,
    earlierVersions: earlierVersions(paper.publishDate, paper.replacedOn),
  };
}

/** The home's archive part: the current issue (shown on the home) with its papers, and the five most read. */
export async function archiveHomeOf(db: Database, journal: Journal): Promise<ArchiveHomeResponse> {
  const [issue, mostRead] = await Promise.all([
    currentIssueWithPapers(db, journal.id),
    mostReadPapers(db, journal.id, 5),
  ]);
  return {
    currentIssue: issue ? issueAnswer(issue) : null,
    mostRead: mostRead.map((paper) => ({
      id: paper.id,
      title: { en: paper.titleEn, ar: paper.titleAr },
      views: paper.views,
      mark: paper.mark,
    })),
  };
}

/**
 * A reader opened the paper's page: counted once per visitor and day (a daily salted hash of address and agent, no
 * cookie), never for a known crawler. Answers the paper's views; a missing or in-press paper is a 404.
 */
export async function countView(
  db: Database,
  secret: string,
  journal: Journal,
  paperId: number,
  reader: { ip: string; userAgent: string | undefined },
): Promise<{ views: number }> {
  const counted = await countReader(db, {
    journalId: journal.id,
    paperId,
    kind: 'view',
    visitor: isCrawler(reader.userAgent) ? null : dailyVisitor(secret, reader),
  });
  if (!counted) throw NotFoundError('archive.paperNotFound');
  return { views: counted.views };
}
