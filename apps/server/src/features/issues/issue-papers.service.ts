import { PAPER_STATUS } from '@journals/core/enums';
import { isArabicText, isPublished, publishPaymentDue } from '@journals/core/rules/issues';
import type {
  IssueItem,
  IssuePaper,
  IssuePaperFields,
  IssuePapersResponse,
  UnassignedPaper,
} from '@journals/core/schemas/issues';
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { archivedPapers, issues, journalPaymentSettings, paperAuthors, paperFiles, papers } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError, FieldError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import type { Paper } from '../../domain/paper-access';
import { lockPaper, log } from '../../domain/paper-changes';
import { storeUpload } from '../../domain/paper-files';
import { type FinalUpload, moveInIssue, papersInIssue, replaceFinalFile } from './issue-paper-rows';
import { issueNotFound, type IssueRow, lockIssue } from './issues.policy';
import { ISSUE_COLUMNS } from './issues.service';
import { doiTaken } from '../../domain/doi-requests';

/**
 * An issue's papers (spec 03 §2 "Issue papers screen", §5; issue 21 §1): the accepted papers placed in it with their
 * final PDF, order, pages, DOI, titles and abstracts. Orders stay 1..n: inserting at k shifts the rest, moving
 * re-packs, removing closes the gap, always under the issue's row lock. The archive row is prefilled from the
 * submission and is the archive's own afterwards: the submission (`papers`) and its history are never edited, but
 * for `issue_id`, which says where the paper is.
 */

/** A title or abstract goes into the field of its script: Arabic letters → Arabic, anything else → English. */
const byScript = (text: string) => (isArabicText(text) ? { en: '', ar: text.trim() } : { en: text.trim(), ar: '' });

interface PaperRow {
  paperId: number;
  code: string | null;
  title: string;
  abstract: string;
  publishPaid: boolean;
}

const prefilled = (row: PaperRow): UnassignedPaper => {
  const title = byScript(row.title);
  const abstract = byScript(row.abstract);
  return {
    paperId: row.paperId,
    code: row.code,
    title: row.title,
    titleEn: title.en,
    titleAr: title.ar,
    abstractEn: abstract.en,
    abstractAr: abstract.ar,
    publishPaid: row.publishPaid,
  };
};

async function chargesAtPublish(db: Tx, journalId: number): Promise<boolean> {
  const [settings] = await db
    .select({ atPublish: journalPaymentSettings.atPublish })
    .from(journalPaymentSettings)
    .where(eq(journalPaymentSettings.journalId, journalId));
  return publishPaymentDue({ publishPaid: false }, settings);
}

/**
 * The issue papers screen: the issue, its papers in order with their final PDF, the journal's accepted papers in no
 * issue, and whether the journal charges at publish. Four statements whatever the sizes.
 */
export async function issuePapers(db: Database, journal: Journal, issueId: number): Promise<IssuePapersResponse> {
  const [issueRows, placed, waiting, charges] = await Promise.all([
    rowsOf<IssueItem>(
      db,
      sql`select ${ISSUE_COLUMNS} from issues i where i.id = ${issueId} and i.journal_id = ${journal.id}`,
    ),
    rowsOf<IssuePaper & { fileId: number | null; fileName: string | null; fileSize: number | null }>(
      db,
      sql`select a.paper_id as "paperId", p.code, p.title, a.order_in_issue::int as "orderInIssue",
        a.from_page as "fromPage", a.to_page as "toPage", a.doi, a.title_en as "titleEn", a.title_ar as "titleAr",
        a.abstract_en as "abstractEn", a.abstract_ar as "abstractAr",
        to_char(a.modified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "modifiedAt",
        f.id as "fileId", f.original_name as "fileName", f.size as "fileSize"
        from archived_papers a join papers p on p.id = a.paper_id
        left join paper_files f on f.id = a.final_file_id
        where a.issue_id = ${issueId} and a.journal_id = ${journal.id}
        order by a.order_in_issue, a.paper_id`,
    ),
    rowsOf<PaperRow>(
      db,
      sql`select p.id as "paperId", p.code, p.title, p.abstract, p.publish_paid as "publishPaid"
        from papers p where p.journal_id = ${journal.id} and p.status = ${PAPER_STATUS.accepted}
        and not p.superseded and p.issue_id is null
        order by p.status_date desc, p.id desc`,
    ),
    chargesAtPublish(db, journal.id),
  ]);
  const issue = issueRows[0];
  if (!issue) throw issueNotFound();
  return {
    issue,
    papers: placed.map(({ fileId, fileName, fileSize, ...paper }) => ({
      ...paper,
      finalFile: fileId === null ? null : { id: fileId, originalName: fileName ?? '', size: fileSize ?? 0 },
    })),
    unassigned: waiting.map((row) => prefilled({ ...row, publishPaid: row.publishPaid || !charges })),
    chargesAtPublish: charges,
  };
}

/** An issue whose list of papers may change: not published. */
async function openIssue(tx: Tx, journalId: number, issueId: number): Promise<IssueRow> {
  const issue = await lockIssue(tx, journalId, issueId);
  if (isPublished(issue)) throw ConflictError('issues.published_papers_locked');
  return issue;
}

const orderOutOfRange = () =>
  new AppError('validation', 'errors.validation', { OrderInIssue: ['issues.order_invalid'] });

/** The paper's authors and their iDs as the archive names them: the main author corresponding, the others joint. */
async function authorsOf(tx: Tx, paperId: number) {
  const rows = await tx
    .select({
      fullName: paperAuthors.fullName,
      isMain: paperAuthors.isMain,
      orcid: paperAuthors.orcid,
      orcidAuthenticated: paperAuthors.orcidAuthenticated,
    })
    .from(paperAuthors)
    .where(eq(paperAuthors.paperId, paperId))
    .orderBy(asc(paperAuthors.position));
  const main = rows.find((row) => row.isMain) ?? rows[0];
  const joint = rows.filter((row) => row !== main);
  return {
    correspondingAuthor: main?.fullName ?? '',
    correspondingAuthorOrcid: main?.orcid ?? null,
    correspondingAuthorOrcidAuthenticated: Boolean(main?.orcid && main.orcidAuthenticated),
    jointAuthors: joint.map((row) => row.fullName),
    jointAuthorOrcids: joint.map((row) => row.orcid ?? ''),
    jointAuthorOrcidsAuthenticated: joint.map((row) => Boolean(row.orcid && row.orcidAuthenticated)),
  };
}

/** Stores the final PDF as the paper's current final version (the previous one kept, marked removed). */
async function storeFinalFile(tx: Tx, deps: Deps, journalId: number, paperId: number, upload: FinalUpload) {
  const stored = await storeUpload(deps.storage, journalId, paperId, upload);
  return { id: await replaceFinalFile(tx, paperId, stored), storageKey: stored.storageKey };
}

/** Runs a change that stores a file, removing the stored file when the change fails. */
async function withStoredFile<T>(deps: Deps, change: (stored: string[]) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  try {
    return await change(stored);
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

/** Refuses a paper whose publishing fee is due (409 naming the paper). */
export function refuseUnpaid(paper: Pick<Paper, 'title' | 'code'>) {
  return new AppError('conflict', 'issues.paper_unpaid', undefined, { title: paper.title || paper.code || '' });
}

/**
 * Assigns an accepted paper (status 4, its newest version, of this journal, in no issue, its fee paid when the
 * journal charges at publish) to an issue at order k, with its final PDF: the papers from k on move one down.
 */
export async function assignPaper(
  deps: Deps,
  journal: Journal,
  actorId: number,
  issueId: number,
  fields: IssuePaperFields,
  upload: FinalUpload | undefined,
) {
  if (fields.paperId === undefined) throw FieldError('PaperId', 'issues.paper_required');
  if (!upload) throw FieldError('FinalVersion', 'issues.final_file_required');
  const paperId = fields.paperId;
  return withStoredFile(deps, (stored) =>
    deps.db.transaction(async (tx) => {
      const issue = await openIssue(tx, journal.id, issueId);
      const paper = await lockPaper(tx, paperId);
      if (!paper || paper.journalId !== journal.id) throw NotFoundError();
      if (paper.issueId === issue.id) throw ConflictError('issues.paper_in_issue');
      if (paper.issueId !== null) throw ConflictError('issues.paper_in_other_issue');
      if (paper.status !== PAPER_STATUS.accepted || paper.superseded)
        throw ConflictError('issues.paper_not_assignable');
      if ((await chargesAtPublish(tx, journal.id)) && !paper.publishPaid) throw refuseUnpaid(paper);
      const count = await papersInIssue(tx, issue.id);
      if (fields.orderInIssue > count + 1) throw orderOutOfRange();
      if (fields.doi && (await doiTaken(tx, fields.doi, paper.id))) throw FieldError('Doi', 'doi.doi_taken');
      await tx
        .update(archivedPapers)
        .set({ orderInIssue: sql`${archivedPapers.orderInIssue} + 1` })
        .where(and(eq(archivedPapers.issueId, issue.id), gte(archivedPapers.orderInIssue, fields.orderInIssue)));
      const file = await storeFinalFile(tx, deps, journal.id, paper.id, upload);
      stored.push(file.storageKey);
      const title = byScript(paper.title);
      const abstract = byScript(paper.abstract);
      await tx.insert(archivedPapers).values({
        paperId: paper.id,
        journalId: journal.id,
        issueId: issue.id,
        orderInIssue: fields.orderInIssue,
        fromPage: fields.fromPage ?? null,
        toPage: fields.toPage ?? null,
        doi: fields.doi,
        paperType: paper.paperType,
        titleEn: fields.titleEn || title.en,
        titleAr: fields.titleAr || title.ar,
        abstractEn: fields.abstractEn || abstract.en,
        abstractAr: fields.abstractAr || abstract.ar,
        ...(await authorsOf(tx, paper.id)),
        keywords: paper.keywords,
        specializationIds: paper.specializationId === null ? [] : [paper.specializationId],
        finalFileId: file.id,
      });
      await tx.update(papers).set({ issueId: issue.id }).where(eq(papers.id, paper.id));
      await tx.update(issues).set({ modifiedAt: new Date() }).where(eq(issues.id, issue.id));
      await log(tx, paper, 'addedToIssue', actorId, paper.status, `${issue.volume}/${issue.issue}`);
      return { paperId: paper.id };
    }),
  );
}

/** The archive row of a paper in this issue, locked by the issue's lock. */
async function placedPaper(tx: Tx, issueId: number, paperId: number) {
  const [row] = await tx
    .select()
    .from(archivedPapers)
    .where(and(eq(archivedPapers.paperId, paperId), eq(archivedPapers.issueId, issueId)));
  if (!row) throw NotFoundError('issues.paper_not_in_issue');
  return row;
}

/** Edits a paper in the issue: the same fields, the final PDF replaced only when one is sent. */
export async function updateIssuePaper(
  deps: Deps,
  journal: Journal,
  issueId: number,
  paperId: number,
  fields: IssuePaperFields,
  upload: FinalUpload | undefined,
) {
  return withStoredFile(deps, (stored) =>
    deps.db.transaction(async (tx) => {
      const issue = await openIssue(tx, journal.id, issueId);
      const row = await placedPaper(tx, issue.id, paperId);
      const count = await papersInIssue(tx, issue.id);
      if (fields.orderInIssue > count) throw orderOutOfRange();
      if (fields.doi && (await doiTaken(tx, fields.doi, paperId))) throw FieldError('Doi', 'doi.doi_taken');
      await moveInIssue(tx, issue.id, paperId, row.orderInIssue, fields.orderInIssue);
      let finalFileId = row.finalFileId;
      if (upload) {
        const file = await storeFinalFile(tx, deps, journal.id, paperId, upload);
        stored.push(file.storageKey);
        finalFileId = file.id;
      }
      const now = new Date();
      await tx
        .update(archivedPapers)
        .set({
          orderInIssue: fields.orderInIssue,
          fromPage: fields.fromPage ?? null,
          toPage: fields.toPage ?? null,
          doi: fields.doi,
          titleEn: fields.titleEn,
          titleAr: fields.titleAr,
          abstractEn: fields.abstractEn,
          abstractAr: fields.abstractAr,
          finalFileId,
          modifiedAt: now,
        })
        .where(eq(archivedPapers.paperId, paperId));
      await tx.update(issues).set({ modifiedAt: now }).where(eq(issues.id, issue.id));
      return { paperId };
    }),
  );
}

/** Removes a paper from the issue: the papers after it move up; the paper is in no issue again. */
export async function removeIssuePaper(
  db: Database,
  journal: Journal,
  actorId: number,
  issueId: number,
  paperId: number,
) {
  await db.transaction(async (tx) => {
    const issue = await openIssue(tx, journal.id, issueId);
    const row = await placedPaper(tx, issue.id, paperId);
    await tx.delete(archivedPapers).where(eq(archivedPapers.paperId, paperId));
    await tx
      .update(archivedPapers)
      .set({ orderInIssue: sql`${archivedPapers.orderInIssue} - 1` })
      .where(and(eq(archivedPapers.issueId, issue.id), gt(archivedPapers.orderInIssue, row.orderInIssue)));
    if (row.finalFileId !== null)
      await tx.update(paperFiles).set({ removedAt: new Date() }).where(eq(paperFiles.id, row.finalFileId));
    const [paper] = await tx
      .update(papers)
      .set({ issueId: null })
      .where(eq(papers.id, paperId))
      .returning({ id: papers.id, journalId: papers.journalId, status: papers.status });
    await tx.update(issues).set({ modifiedAt: new Date() }).where(eq(issues.id, issue.id));
    await log(tx, paper!, 'removedFromIssue', actorId, paper!.status, `${issue.volume}/${issue.issue}`);
  });
}
