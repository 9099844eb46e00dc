import type { FullTextAccess } from '@journals/core/rules/full-text';
import { PAYMENT_CURRENCY } from '@journals/core/rules/payments';
import type { FullTextAccessAnswer } from '@journals/core/schemas/full-text';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { archivedPapers, issues, paperFiles, paperNotices, papers } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import { accessOf, type Caller, downloadTerms } from '../../domain/full-text-access';
import { isPublishedPaper } from '../../domain/published-papers';
import type { Journal } from '../../domain/journal-context';

/**
 * Paid download (issue 21 §3, docs/decisions/0033): who reads a published paper's full text, by core
 * `fullTextAccess`, and the caller's membership state for the pages that offer one.
 */

/**
 * Which of the paper's files: its version of record (the final file), or an earlier version a correction replaced,
 * numbered from 1 in the order the corrections were published (decision 0089).
 */
const fileOf = (paperId: number, version: number | undefined) =>
  version === undefined
    ? eq(paperFiles.id, archivedPapers.finalFileId)
    : eq(
        paperFiles.id,
        sql`(select ${paperNotices.replacedFileId} from ${paperNotices}
          where ${paperNotices.paperId} = ${paperId} and ${paperNotices.replacedFileId} is not null
          order by ${paperNotices.id} offset ${version - 1} limit 1)`,
      );

/**
 * A published paper of the journal with its author and its final file (or the earlier version asked for); null
 * when missing, in press or elsewhere.
 */
async function publishedFullText(db: Database, journalId: number, paperId: number, version?: number) {
  const [row] = await db
    .select({
      id: archivedPapers.paperId,
      titleEn: archivedPapers.titleEn,
      titleAr: archivedPapers.titleAr,
      creatorId: papers.creatorId,
      storageKey: paperFiles.storageKey,
      mimeType: paperFiles.mimeType,
    })
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .innerJoin(papers, eq(papers.id, archivedPapers.paperId))
    .leftJoin(paperFiles, fileOf(paperId, version))
    .where(isPublishedPaper(journalId, paperId))
    .limit(1);
  return row ?? null;
}

/**
 * The full text a caller may read: the stored file's key and a neutral name, or 404 (no such published paper, or no
 * final file, or no such earlier version) or 403 "members only". An earlier version is read on the paper's terms.
 */
export async function readableFullText(
  db: Database,
  journal: Journal,
  caller: Caller,
  paperId: number,
  version?: number,
) {
  const paper = await publishedFullText(db, journal.id, paperId, version);
  if (!paper?.storageKey) throw NotFoundError('errors.notFound');
  const terms = await downloadTerms(db, journal.id, caller.userId);
  const access: FullTextAccess = accessOf(terms, caller, paper.creatorId);
  if (access === 'membersOnly') throw new AppError('forbidden', 'fullText.members_only_error');
  return {
    storageKey: paper.storageKey,
    mimeType: paper.mimeType ?? 'application/pdf',
    name: neutralName(paper, version),
    open: access === 'open',
  };
}

/**
 * The download's name: the paper's title (English first), else `paper-{id}.pdf`; its ASCII form for old clients.
 * An earlier version's ends in `(version {n})` (`paper-{id}-v{n}.pdf`).
 */
export function neutralName(paper: { id: number; titleEn: string; titleAr: string }, version?: number) {
  const title = (paper.titleEn.trim() || paper.titleAr.trim())
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
    .trim();
  const tail = version === undefined ? '' : `-v${version}`;
  const fallback = `paper-${paper.id}${tail}.pdf`;
  const shown = title ? `${title}${version === undefined ? '' : ` (version ${version})`}.pdf` : fallback;
  return { shown, ascii: fallback };
}

/**
 * The caller's access to the journal's full texts, or to one published paper's (its author always reads it). A paper
 * that is not one of this journal's published papers, missing or another journal's, is not found, as its page and
 * its full text are: the answer never speaks of a paper the URL's journal does not show (decision 0072).
 */
export async function accessAnswer(
  db: Database,
  journal: Journal,
  caller: Caller,
  paperId: number | undefined,
): Promise<FullTextAccessAnswer> {
  let creatorId: number | null = null;
  if (paperId !== undefined) {
    const [paper] = await db
      .select({ creatorId: papers.creatorId })
      .from(archivedPapers)
      .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
      .innerJoin(papers, eq(papers.id, archivedPapers.paperId))
      .where(isPublishedPaper(journal.id, paperId))
      .limit(1);
    if (!paper) throw NotFoundError('archive.paperNotFound');
    creatorId = paper.creatorId;
  }
  const terms = await downloadTerms(db, journal.id, caller.userId);
  const access = accessOf(terms, caller, creatorId);
  return {
    membersOnly: terms.atDownload,
    canRead: access !== 'membersOnly',
    access,
    price: terms.price,
    currency: PAYMENT_CURRENCY,
    membershipType: terms.membershipType,
    signedIn: caller.userId !== null,
    membershipUntil: terms.membershipUntil,
  };
}
