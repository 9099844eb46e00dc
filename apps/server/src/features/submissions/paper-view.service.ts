import { ISSUE_STATUS, PAPER_STATUS } from '@journals/core/enums';
import { publishPaymentDue } from '@journals/core/rules/issues';
import { PAPER_FILE_KINDS } from '@journals/core/files';
import { uploadPaymentDue } from '@journals/core/rules/payments';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  finalDecisions,
  issues,
  journalPaymentSettings,
  paperAuthors,
  paperFiles,
  papers,
  paperSuggestedReviewers,
} from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { type Caller, coAuthoredBy, type Paper, relationTo } from '../../domain/paper-access';
import { fieldsOf, type People } from './submissions.service';

/**
 * The read side of a paper (spec 02 §2–§3): its current files, final decision, issue and final file, what is due,
 * and the whole paper as its page reads it.
 */

const fileColumns = {
  id: paperFiles.id,
  paperId: paperFiles.paperId,
  kind: paperFiles.kind,
  originalName: paperFiles.originalName,
  size: paperFiles.size,
  createdAt: paperFiles.createdAt,
};
type FileRow = { [K in keyof typeof fileColumns]: (typeof fileColumns)[K]['_']['data'] };

/** The current submission files of papers (removed ones excluded), as listed to readers. */
export async function currentFiles(db: Tx, paperIds: number[]) {
  if (paperIds.length === 0) return [];
  return db
    .select(fileColumns)
    .from(paperFiles)
    .where(
      and(
        inArray(paperFiles.paperId, paperIds),
        inArray(paperFiles.kind, PAPER_FILE_KINDS),
        isNull(paperFiles.removedAt),
      ),
    )
    .orderBy(asc(paperFiles.id));
}

/** The final decisions of papers by paper id, each with its attachment when it has one. */
export async function decisionsOf(db: Tx, paperIds: number[]) {
  if (paperIds.length === 0) return new Map<number, FinalDecisionView>();
  const rows = await db.select().from(finalDecisions).where(inArray(finalDecisions.paperId, paperIds));
  const attachments = rows.length
    ? await db
        .select(fileColumns)
        .from(paperFiles)
        .where(
          and(
            inArray(paperFiles.paperId, paperIds),
            eq(paperFiles.kind, 'decisionAttachment'),
            isNull(paperFiles.removedAt),
          ),
        )
    : [];
  return new Map<number, FinalDecisionView>(
    rows.map((row) => [
      row.paperId,
      decisionView(
        row,
        attachments.find((file) => file.paperId === row.paperId),
      ),
    ]),
  );
}

function decisionView(row: typeof finalDecisions.$inferSelect, attachment: PaperFileView | undefined) {
  return {
    decision: row.decision,
    comments: row.comments,
    date: row.decidedAt,
    answers: row.answers as FinalDecisionView['answers'],
    attachment: attachment ?? null,
  } satisfies FinalDecisionView;
}

type PaperFileView = Awaited<ReturnType<typeof currentFiles>>[number];

export interface FinalDecisionView {
  decision: number;
  comments: string;
  date: Date;
  answers: { questionEn: string; questionAr: string; type: number; answer: string }[];
  attachment: PaperFileView | null;
}

/**
 * The current final version of a paper assigned to an issue, or null; `published` when its issue is (until then
 * the file is private: issue 21 §1 "in press means private").
 */
export async function finalFileOf(db: Database, paper: Paper) {
  if (paper.issueId === null) return null;
  const [file] = await db
    .select({
      ...fileColumns,
      storageKey: paperFiles.storageKey,
      mimeType: paperFiles.mimeType,
      published: sql<boolean>`exists (select 1 from issues i where i.id = ${paper.issueId} and i.status = ${ISSUE_STATUS.published})`,
    })
    .from(paperFiles)
    .where(and(eq(paperFiles.paperId, paper.id), eq(paperFiles.kind, 'finalVersion'), isNull(paperFiles.removedAt)))
    .orderBy(desc(paperFiles.id))
    .limit(1);
  return file ?? null;
}

/** A current file of the paper, for download. */
export async function fileOf(db: Database, paper: Paper, fileId: number) {
  const [file] = await db
    .select()
    .from(paperFiles)
    .where(
      and(
        eq(paperFiles.id, fileId),
        eq(paperFiles.paperId, paper.id),
        // A reviewer's attachment is not the paper's file: it has its own route, which knows who may read it.
        isNull(paperFiles.invitationId),
        isNull(paperFiles.removedAt),
      ),
    );
  if (!file) throw NotFoundError();
  return file;
}

/** The people of a paper as a JSON array in its row, in their order. */
const peopleJson = (table: typeof paperAuthors | typeof paperSuggestedReviewers, withMain: boolean) =>
  sql<PersonJson[]>`(select coalesce(json_agg(json_build_object(
      'fullName', ${table.fullName}, 'email', ${table.email}, 'phone', ${table.phone},
      'workPlace', ${table.workPlace}, 'position', ${table.position}, 'isMain', ${withMain ? sql`${paperAuthors.isMain}` : sql`false`}
    ) order by ${table.position}), '[]') from ${table} where ${table.paperId} = ${papers.id})`;
type PersonJson = People['authors'][number];

/**
 * A paper with what its page shows beside it, in one statement: the journal's payment settings, its final
 * decision, its issue, and as JSON arrays its authors, suggested reviewers and current files.
 */
function pageRows(db: Database, where: SQL | undefined, callerId: SQL) {
  return db
    .select({
      paper: papers,
      coAuthor: coAuthoredBy(callerId),
      settings: journalPaymentSettings,
      decision: finalDecisions,
      issue: { id: issues.id, volume: issues.volume, issue: issues.issue, publishMonth: issues.publishMonth },
      authors: peopleJson(paperAuthors, true),
      reviewers: peopleJson(paperSuggestedReviewers, false),
      files: sql<(Omit<FileRow, 'createdAt'> & { createdAt: string })[]>`(select coalesce(json_agg(json_build_object(
          'id', ${paperFiles.id}, 'paperId', ${paperFiles.paperId}, 'kind', ${paperFiles.kind},
          'originalName', ${paperFiles.originalName}, 'size', ${paperFiles.size}, 'createdAt', ${paperFiles.createdAt}
        ) order by ${paperFiles.id}), '[]') from ${paperFiles}
        where ${paperFiles.paperId} = ${papers.id} and ${paperFiles.removedAt} is null)`,
    })
    .from(papers)
    .leftJoin(journalPaymentSettings, eq(journalPaymentSettings.journalId, papers.journalId))
    .leftJoin(finalDecisions, eq(finalDecisions.paperId, papers.id))
    .leftJoin(issues, eq(issues.id, papers.issueId))
    .where(where);
}

type PageRow = Awaited<ReturnType<typeof pageRows>>[number];

/** The paper page's read as a prepared statement: planned once per connection, not per request. */
const preparedPageReads = new WeakMap<Database, ReturnType<typeof preparePageRead>>();
const preparePageRead = (db: Database) =>
  pageRows(
    db,
    and(eq(papers.id, sql.placeholder('paperId')), eq(papers.journalId, sql.placeholder('journalId'))),
    sql`${sql.placeholder('callerId')}::int`,
  ).prepare('paper_page');

/** The page of a paper the caller may read; any other answers 404, as `readablePaper` does. */
export async function readablePaperPage(db: Database, journalId: number, caller: Caller, paperId: number) {
  let read = preparedPageReads.get(db);
  if (!read) preparedPageReads.set(db, (read = preparePageRead(db)));
  const [row] = await read.execute({ paperId, journalId, callerId: caller.userId });
  if (!row) throw NotFoundError();
  const relation = await relationTo(db, caller, { ...row.paper, coAuthor: Boolean(row.coAuthor) });
  if (!relation.reads) throw NotFoundError();
  return paperPage(db, row, relation.manages);
}

/** The paper as read by someone who does not run its review: its fields, people, files, code, status, what is due. */
export async function readPaper(db: Database, paper: Paper) {
  const [row] = await pageRows(db, eq(papers.id, paper.id), sql`null::int`);
  if (!row) throw NotFoundError();
  return paperPage(db, row, false);
}

async function paperPage(
  db: Database,
  { paper, settings, decision, issue, authors, reviewers, coAuthor: _coAuthor, ...row }: PageRow,
  managedByYou: boolean,
) {
  // Every current file of the paper, read with it: the submission files, the decision's attachment, the final file.
  const files: FileRow[] = row.files.map((file) => ({ ...file, createdAt: new Date(file.createdAt) }));
  const finalFile = paper.issueId === null ? undefined : files.findLast((file) => file.kind === 'finalVersion');
  // What is due for the at-upload fee now (core `uploadPaymentDue` with the journal's current settings).
  const due = uploadPaymentDue(paper, settings ?? undefined) && settings?.atUploadPrice != null;
  // The at-publish fee: an accepted paper's, its newest version, while the journal charges at publish.
  const publishDue =
    paper.status === PAPER_STATUS.accepted &&
    !paper.superseded &&
    publishPaymentDue(paper, settings ?? undefined) &&
    settings?.atPublishPrice != null;
  return {
    id: paper.id,
    code: paper.code,
    version: paper.version,
    status: paper.status,
    statusDate: paper.statusDate,
    createdAt: paper.createdAt,
    submittedAt: paper.submittedAt,
    creatorId: paper.creatorId,
    parentPaperId: paper.parentPaperId,
    superseded: paper.superseded,
    revisionDeadline: paper.revisionDeadline,
    uploadPaid: paper.uploadPaid,
    ...(await fieldsOf(db, paper, { authors, reviewers })),
    files: files.filter((file) => (PAPER_FILE_KINDS as readonly string[]).includes(file.kind)),
    payment: { due, amount: due ? settings!.atUploadPrice : null },
    publishPayment: { due: publishDue, amount: publishDue ? settings!.atPublishPrice : null },
    finalDecision: decision
      ? decisionView(
          decision,
          files.find((file) => file.kind === 'decisionAttachment'),
        )
      : null,
    issue: paper.issueId === null ? null : (issue ?? null),
    finalFile: finalFile
      ? { id: finalFile.id, kind: finalFile.kind, originalName: finalFile.originalName, size: finalFile.size }
      : null,
    managedByYou,
  };
}
