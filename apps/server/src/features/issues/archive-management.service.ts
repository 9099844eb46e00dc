import { ISSUE_STATUS } from '@journals/core/enums';
import { issueName } from '@journals/core/rules/issues';
import {
  ARCHIVE_PAGE_SIZE,
  type ArchivedPaper,
  type ArchivedPaperFields,
  type ArchiveIssuePapersResponse,
  type ArchiveIssuesResponse,
  type KeptAbstracts,
  paperTypeAllowed,
} from '@journals/core/schemas/archive-management';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { archivedPapers, issues, paperFiles, specializations } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, FieldError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { authorsWithOrcids } from '../../domain/archive-links';
import { paperMetadataOf } from '../../domain/published-papers';
import { storeUpload } from '../../domain/paper-files';
import { type FinalUpload, moveInIssue, papersInIssue, replaceFinalFile } from './issue-paper-rows';
import { lockIssue } from './issues.policy';
import { doiTaken, requestDeposits } from '../../domain/doi-requests';

/**
 * Archive management (spec 03 §2, §5 "Archive paper edit"; issue 21 §2; docs/decisions/0033): the journal's issues
 * 20 a page, an issue's papers, and the archived paper's metadata, editable in press and after publication. Each
 * list is two statements whatever its size; an edit runs under its issue's row lock, like every change to an issue's
 * papers, so the orders stay 1..n.
 */

const offsetOf = (page: number) => (page - 1) * ARCHIVE_PAGE_SIZE;
const paperNotFound = () => NotFoundError('archiveManagement.not_found');
const issueNotFound = () => NotFoundError('archiveManagement.issue_not_found');

const issueRow = {
  id: issues.id,
  volume: issues.volume,
  issue: issues.issue,
  chronology: issues.publishMonth,
  publishDate: issues.publishDate,
  status: issues.status,
};
type IssueHead = {
  [K in keyof typeof issueRow]: (typeof issues.$inferSelect)[K extends 'chronology' ? 'publishMonth' : K];
};
const headOf = ({ status, ...head }: IssueHead) => ({ ...head, published: status === ISSUE_STATUS.published });

/** The journal's issues, newest volume and issue first, with their paper counts. */
export async function archiveIssues(db: Database, journal: Journal, page: number): Promise<ArchiveIssuesResponse> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...issueRow,
        papers: sql<number>`(select count(*)::int from ${archivedPapers} where ${archivedPapers.issueId} = ${issues.id})`,
      })
      .from(issues)
      .where(eq(issues.journalId, journal.id))
      .orderBy(desc(issues.volume), desc(sql`length(${issues.issue})`), desc(issues.issue), desc(issues.id))
      .limit(ARCHIVE_PAGE_SIZE)
      .offset(offsetOf(page)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(issues)
      .where(eq(issues.journalId, journal.id)),
  ]);
  return {
    items: rows.map(({ papers, ...head }) => ({ ...headOf(head), papers: Number(papers) })),
    total: Number(counted?.total ?? 0),
    page,
    pageSize: ARCHIVE_PAGE_SIZE,
  };
}

/** An issue of the journal by volume and name with its papers in order, 20 a page. */
export async function archiveIssuePapers(
  db: Database,
  journal: Journal,
  volume: number,
  issue: string,
  page: number,
): Promise<ArchiveIssuePapersResponse> {
  const name = issueName(issue);
  if (name === null) throw issueNotFound();
  const rows = await db
    .select({
      head: issueRow,
      paper: {
        id: archivedPapers.paperId,
        order: archivedPapers.orderInIssue,
        titleAr: archivedPapers.titleAr,
        titleEn: archivedPapers.titleEn,
        modifiedAt: archivedPapers.modifiedAt,
      },
      total: sql<number>`count(${archivedPapers.paperId}) over ()`,
    })
    .from(issues)
    .leftJoin(archivedPapers, eq(archivedPapers.issueId, issues.id))
    .where(and(eq(issues.journalId, journal.id), eq(issues.volume, volume), eq(issues.issue, name)))
    .orderBy(asc(archivedPapers.orderInIssue), asc(archivedPapers.paperId))
    .limit(ARCHIVE_PAGE_SIZE)
    .offset(offsetOf(page));
  const first = rows[0];
  if (!first) {
    // Past the last page, or no such issue: the issue's head says which.
    const [head] = await db
      .select(issueRow)
      .from(issues)
      .where(and(eq(issues.journalId, journal.id), eq(issues.volume, volume), eq(issues.issue, name)));
    if (!head) throw issueNotFound();
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(archivedPapers)
      .where(eq(archivedPapers.issueId, head.id));
    return { issue: headOf(head), items: [], total: Number(counted?.total ?? 0), page, pageSize: ARCHIVE_PAGE_SIZE };
  }
  return {
    issue: headOf(first.head),
    items: rows.flatMap(({ paper }) => (paper ? [{ ...paper, modifiedAt: paper.modifiedAt.toISOString() }] : [])),
    total: Number(first.total),
    page,
    pageSize: ARCHIVE_PAGE_SIZE,
  };
}

/** The archived paper as its form opens: its metadata, its issue (read-only there), its final PDF. */
export async function archivedPaper(db: Database, journal: Journal, paperId: number): Promise<ArchivedPaper> {
  const [row] = await db
    .select({
      paper: archivedPapers,
      head: issueRow,
      file: { id: paperFiles.id, name: paperFiles.originalName, size: paperFiles.size },
      papersInIssue: sql<number>`(select count(*)::int from ${archivedPapers} others where others.issue_id = ${archivedPapers.issueId})`,
    })
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .leftJoin(paperFiles, eq(paperFiles.id, archivedPapers.finalFileId))
    .where(and(eq(archivedPapers.paperId, paperId), eq(archivedPapers.journalId, journal.id)));
  if (!row) throw paperNotFound();
  const { paper } = row;
  const journalSpecializations = await db
    .select({ id: specializations.id, nameEn: specializations.nameEn, nameAr: specializations.nameAr })
    .from(specializations)
    .where(eq(specializations.journalId, journal.id))
    .orderBy(asc(specializations.id));
  const head = headOf(row.head);
  return {
    id: paper.paperId,
    volume: head.volume,
    issue: head.issue,
    chronology: head.chronology,
    publishDate: head.publishDate,
    published: head.published,
    modifiedAt: paper.modifiedAt.toISOString(),
    ...paperMetadataOf(paper),
    specializationIds: paper.specializationIds,
    orderInIssue: paper.orderInIssue,
    papersInIssue: Number(row.papersInIssue),
    finalFile: row.file?.id ? row.file : null,
    extraPaperTypes: journal.extraPaperTypes,
    specializations: journalSpecializations,
  };
}

/**
 * Saves the archived paper's metadata (and its new final PDF when one is sent). The paper moves within its issue
 * when its order changes; the papers between its old and new places shift by one.
 */
export async function saveArchivedPaper(
  deps: Deps,
  journal: Journal,
  paperId: number,
  fields: ArchivedPaperFields,
  upload: FinalUpload | undefined,
) {
  if (!paperTypeAllowed(fields.paperType, journal.extraPaperTypes)) {
    throw FieldError('PaperType', 'archiveManagement.v_paper_type_extra');
  }
  const stored = upload ? await storeUpload<'finalVersion'>(deps.storage, journal.id, paperId, upload) : null;
  let deposits: number[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const [placed] = await tx
        .select({ issueId: archivedPapers.issueId })
        .from(archivedPapers)
        .where(and(eq(archivedPapers.paperId, paperId), eq(archivedPapers.journalId, journal.id)));
      if (!placed) throw paperNotFound();
      const issue = await lockIssue(tx, journal.id, placed.issueId);
      const [row] = await tx.select().from(archivedPapers).where(eq(archivedPapers.paperId, paperId)).for('update');
      if (!row || row.issueId !== issue.id) throw paperNotFound();
      await checkSpecializations(tx, journal.id, fields.specializationIds);
      const count = await papersInIssue(tx, issue.id);
      if (fields.orderInIssue > count) {
        throw new AppError('validation', 'errors.validation', { OrderInIssue: ['archiveManagement.v_order_range'] });
      }
      let finalFileId = row.finalFileId;
      if (stored) finalFileId = await replaceFinalFile(tx, paperId, stored);
      if (finalFileId === null) {
        throw new AppError('validation', 'errors.validation', {
          FinalVersion: ['archiveManagement.v_final_file_required'],
        });
      }
      if (fields.doi && (await doiTaken(tx, fields.doi, paperId))) throw FieldError('Doi', 'doi.doi_taken');
      await moveInIssue(tx, issue.id, paperId, row.orderInIssue, fields.orderInIssue);
      const now = new Date();
      await tx
        .update(archivedPapers)
        .set({
          paperType: fields.paperType,
          titleEn: fields.titleEn.trim(),
          titleAr: fields.titleAr.trim(),
          subtitle: fields.subtitle.trim(),
          abstractEn: fields.abstractEn.trim(),
          abstractAr: fields.abstractAr.trim(),
          correspondingAuthor: fields.correspondingAuthor,
          jointAuthors: fields.jointAuthors,
          ...orcidsKeepingAuthenticated(row, fields),
          specializationIds: fields.specializationIds,
          keywords: fields.keywords,
          fromPage: fields.fromPage,
          toPage: fields.toPage,
          orderInIssue: fields.orderInIssue,
          doi: fields.doi,
          finalFileId,
          modifiedAt: now,
        })
        .where(eq(archivedPapers.paperId, paperId));
      // A published paper's metadata changed: Crossref is told again (issue 46 §1).
      deposits = await requestDeposits(tx, journal.id, [paperId]);
    });
  } catch (error) {
    if (stored) await deps.storage.remove(stored.storageKey).catch(() => undefined);
    throw error;
  }
  await deps.jobs.dispatchDeposits(deposits);
  // Public answers are rebuilt at once on this process, within CACHE_TTL_MS on the others.
  deps.cache.invalidate(`journal:${journal.slug}:`);
}

/**
 * The form's iDs as stored (decision 0085): an iD stays authenticated only when the paper already held it
 * authenticated (it came from the author's ORCID sign-in); one the editor types is not. The form cannot say so.
 */
function orcidsKeepingAuthenticated(
  row: typeof archivedPapers.$inferSelect,
  fields: Pick<ArchivedPaperFields, 'correspondingAuthorOrcid' | 'jointAuthorOrcids'>,
) {
  const authenticated = new Set(
    authorsWithOrcids(row).flatMap((author) => (author.orcidAuthenticated ? [author.orcid] : [])),
  );
  return {
    correspondingAuthorOrcid: fields.correspondingAuthorOrcid || null,
    correspondingAuthorOrcidAuthenticated: authenticated.has(fields.correspondingAuthorOrcid),
    jointAuthorOrcids: fields.jointAuthorOrcids,
    jointAuthorOrcidsAuthenticated: fields.jointAuthorOrcids.map((orcid) => authenticated.has(orcid)),
  };
}

/** Only the journal's own specializations. */
async function checkSpecializations(tx: Tx, journalId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: specializations.id })
    .from(specializations)
    .where(and(eq(specializations.journalId, journalId), inArray(specializations.id, unique)));
  if (found.length !== unique.length) {
    throw new AppError('validation', 'errors.validation', {
      SpecializationIds: ['archiveManagement.v_specialization_unknown'],
    });
  }
}

/** The paper's abstracts as stored (an abstract kept as it is need not meet the word limits: decision 0083). */
export async function keptAbstracts(db: Database, journal: Journal, paperId: number): Promise<KeptAbstracts | null> {
  const [row] = await db
    .select({ abstractEn: archivedPapers.abstractEn, abstractAr: archivedPapers.abstractAr })
    .from(archivedPapers)
    .where(and(eq(archivedPapers.paperId, paperId), eq(archivedPapers.journalId, journal.id)));
  return row ?? null;
}
