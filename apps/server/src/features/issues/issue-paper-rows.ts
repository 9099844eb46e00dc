import { and, eq, gt, gte, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { archivedPapers, paperFiles } from '../../db/schema';
import type { storeUpload } from '../../domain/paper-files';
import type { Upload } from '../../lib/uploads';

/**
 * The changes an issue's papers share, whether made from the issue papers screen or from archive management: each
 * runs in the caller's transaction, under the issue's row lock, so that the orders stay 1..n.
 */

/** A final PDF as read from a form, before it is stored. */
export type FinalUpload = Upload<'finalVersion'>;

/** A final PDF once stored, before its row is written. */
export type StoredFinalFile = Awaited<ReturnType<typeof storeUpload<'finalVersion'>>>;

/** How many papers the issue holds. */
export async function papersInIssue(tx: Tx, issueId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(archivedPapers)
    .where(eq(archivedPapers.issueId, issueId));
  return Number(row?.n ?? 0);
}

/** Moves a paper from one order to another; the papers between shift by one so that the orders stay 1..n. */
export async function moveInIssue(tx: Tx, issueId: number, paperId: number, from: number, to: number) {
  if (to === from) return;
  const others = and(eq(archivedPapers.issueId, issueId), ne(archivedPapers.paperId, paperId));
  if (to < from) {
    await tx
      .update(archivedPapers)
      .set({ orderInIssue: sql`${archivedPapers.orderInIssue} + 1` })
      .where(and(others, gte(archivedPapers.orderInIssue, to), lt(archivedPapers.orderInIssue, from)));
  } else {
    await tx
      .update(archivedPapers)
      .set({ orderInIssue: sql`${archivedPapers.orderInIssue} - 1` })
      .where(and(others, gt(archivedPapers.orderInIssue, from), lte(archivedPapers.orderInIssue, to)));
  }
}

/** The stored PDF becomes the paper's current final version; the previous one is kept, marked removed. */
export async function replaceFinalFile(tx: Tx, paperId: number, stored: StoredFinalFile): Promise<number> {
  await tx
    .update(paperFiles)
    .set({ removedAt: new Date() })
    .where(and(eq(paperFiles.paperId, paperId), eq(paperFiles.kind, 'finalVersion'), isNull(paperFiles.removedAt)));
  const [file] = await tx.insert(paperFiles).values(stored).returning({ id: paperFiles.id });
  return file!.id;
}
