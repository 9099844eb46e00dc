import type { PaperLogAction } from '@journals/core/enums';
import type { Tx } from '../db/client';
import { paperLogs } from '../db/schema';

/** A demo paper's log: each step's action, doer, the paper's status after it, and when. */
export function writeLog(
  tx: Tx,
  journalId: number,
  paperId: number,
  steps: [action: PaperLogAction, actorId: number, paperStatus: number, createdAt: Date][],
) {
  return tx.insert(paperLogs).values(
    steps.map(([action, actorId, paperStatus, createdAt]) => ({
      journalId,
      paperId,
      action,
      actorId,
      paperStatus,
      createdAt,
    })),
  );
}
