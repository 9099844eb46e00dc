import { rm } from 'node:fs/promises';
import path from 'node:path';
import { JOURNAL_DISK_BUDGET } from '@journals/core/limits';
import type { ImportState } from '@journals/core/schemas/imports';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { journalImports } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';

/** An import in these states no longer reads its upload: its file may go, its report stays. */
const FINISHED: readonly ImportState[] = ['done', 'failed', 'undone'];

/** Two uploads of one journal checked at the same moment take turns here (a key of our own, as the exports'). */
const UPLOADS_LOCK = 4583;

/**
 * The journal's room for one more upload (decision 0084, JOURNAL_DISK_BUDGET.keptUploads), under a
 * transaction-scoped advisory lock of the journal, so two uploads cannot both pass: when the imports still using
 * their uploads (checked, waiting or running) fill the budget alone, 409; else the uploads of its finished imports
 * are let go, oldest first, until the new one fits (their `file_key` cleared, their rows and reports kept). Answers
 * the files to remove once the transaction is committed.
 */
export async function roomForUpload(tx: Tx, journalId: number): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOADS_LOCK}, ${journalId})`);
  const { keptUploads } = JOURNAL_DISK_BUDGET;
  const kept = await tx
    .select({ id: journalImports.id, state: journalImports.state, fileKey: journalImports.fileKey })
    .from(journalImports)
    .where(and(eq(journalImports.journalId, journalId), isNotNull(journalImports.fileKey)))
    .orderBy(desc(journalImports.id));
  const finished = kept.filter((row) => FINISHED.includes(row.state as ImportState));
  const inUse = kept.length - finished.length;
  if (inUse >= keptUploads) throw new AppError('conflict', 'imports.too_many_uploads', undefined, { max: keptUploads });
  const gone: string[] = [];
  for (const row of finished.slice(Math.max(keptUploads - 1 - inUse, 0))) {
    const [cleared] = await tx
      .update(journalImports)
      .set({ fileKey: null })
      .where(and(eq(journalImports.id, row.id), eq(journalImports.fileKey, row.fileKey!)))
      .returning({ id: journalImports.id });
    if (cleared) gone.push(row.fileKey!);
  }
  return gone;
}

/** Removes the uploads `roomForUpload` let go, once its transaction is committed. */
export async function removeUploads(config: Pick<Deps['config'], 'DATA_DIR'>, keys: readonly string[]) {
  for (const key of keys) await rm(path.join(config.DATA_DIR, key), { force: true });
}

/**
 * Before a byte of a new upload is written (`newImportForm`'s `beforeUpload`): refuses it early when the budget is
 * full, and makes room. The import's row takes its place exactly later, in `createImport`, which checks again under
 * the same lock: two uploads that both passed here are told apart there (one kept, one 409).
 */
export async function makeRoomForUpload(deps: Pick<Deps, 'db' | 'config'>, journalId: number) {
  const gone = await deps.db.transaction((tx) => roomForUpload(tx, journalId));
  await removeUploads(deps.config, gone);
}
