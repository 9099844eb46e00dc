import type { PaperLogAction } from '@journals/core/enums';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { paperLogs, papers } from '../db/schema';
import type { Paper } from './paper-access';

/**
 * What every change to a paper's review or decision does around it: lock the paper's row first, write its log line
 * after (the paper log, DESIGN §4).
 */

export async function log(
  tx: Tx,
  paper: Pick<Paper, 'id' | 'journalId'>,
  action: PaperLogAction,
  actorId: number | null,
  paperStatus: number,
  notes?: string,
) {
  await tx
    .insert(paperLogs)
    .values({ journalId: paper.journalId, paperId: paper.id, action, actorId, paperStatus, notes });
}

/** Locks and reads a paper for a change of its review. */
export async function lockPaper(tx: Tx, paperId: number): Promise<Paper | undefined> {
  const [row] = await tx.select().from(papers).where(eq(papers.id, paperId)).for('update');
  return row;
}
