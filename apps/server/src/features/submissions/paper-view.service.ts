import { PAPER_FILE_KINDS } from '@journals/core/files';
import { uploadPaymentDue } from '@journals/core/rules/payments';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { finalDecisions, issues, journalPaymentSettings, paperFiles } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { Paper } from '../../lib/paper-access';
import { fieldsOf } from './submissions.service';

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
      {
        decision: row.decision,
        comments: row.comments,
        date: row.decidedAt,
        answers: row.answers as FinalDecisionView['answers'],
        attachment: attachments.find((file) => file.paperId === row.paperId) ?? null,
      },
    ]),
  );
}

export interface FinalDecisionView {
  decision: number;
  comments: string;
  date: Date;
  answers: { questionEn: string; questionAr: string; type: number; answer: string }[];
  attachment: Awaited<ReturnType<typeof currentFiles>>[number] | null;
}

/** The issue a paper is assigned to, and its final file (open to anyone, spec 02 §2). */
async function issueOf(db: Database, paper: Paper) {
  if (paper.issueId === null) return { issue: null, finalFile: null };
  const [issue] = await db
    .select({ id: issues.id, volume: issues.volume, issue: issues.issue, publishMonth: issues.publishMonth })
    .from(issues)
    .where(eq(issues.id, paper.issueId));
  const file = await finalFileOf(db, paper);
  return {
    issue: issue ?? null,
    finalFile: file && { id: file.id, kind: file.kind, originalName: file.originalName, size: file.size },
  };
}

/** The current final version of a paper assigned to an issue, or null. */
export async function finalFileOf(db: Database, paper: Paper) {
  if (paper.issueId === null) return null;
  const [file] = await db
    .select({ ...fileColumns, storageKey: paperFiles.storageKey, mimeType: paperFiles.mimeType })
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
    .where(and(eq(paperFiles.id, fileId), eq(paperFiles.paperId, paper.id), isNull(paperFiles.removedAt)));
  if (!file) throw NotFoundError();
  return file;
}

/** What is due for the at-upload fee now (core `uploadPaymentDue` with the journal's current settings). */
async function paymentOf(db: Database, paper: Paper) {
  const [settings] = await db
    .select()
    .from(journalPaymentSettings)
    .where(eq(journalPaymentSettings.journalId, paper.journalId));
  const due = uploadPaymentDue(paper, settings) && settings?.atUploadPrice != null;
  return { due, amount: due ? settings!.atUploadPrice : null };
}

/** The paper as read: its fields, people, files, code, status and what is due. */
export async function readPaper(db: Database, paper: Paper) {
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
    ...(await fieldsOf(db, paper)),
    files: await currentFiles(db, [paper.id]),
    payment: await paymentOf(db, paper),
    finalDecision: (await decisionsOf(db, [paper.id])).get(paper.id) ?? null,
    ...(await issueOf(db, paper)),
  };
}
