import { ISSUE_STATUS } from '@journals/core/enums';
import { PAPER_FILE_KINDS } from '@journals/core/files';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { finalDecisions, paperFiles } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { Paper } from '../../domain/paper-access';

/**
 * The read side of a paper's files and decision (spec 02 §2–§3): its current files, final decision and final file.
 * The paper's page is paper-page.service.ts.
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
