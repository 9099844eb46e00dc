import { rm } from 'node:fs/promises';
import path from 'node:path';
import { JOURNAL_DISK_BUDGET } from '@journals/core/limits';
import type { ImportState } from '@journals/core/schemas/imports';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { journalImports } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';

/** An import in these states no longer reads its upload: its file may go, its report stays. */
const FINISHED: readonly ImportState[] = ['done', 'failed', 'undone'];

/**
 * Makes room on the disk for one more upload of the journal (decision 0084, JOURNAL_DISK_BUDGET.keptUploads): the
 * uploads of its finished imports are removed, oldest first, until the new one fits; when the imports still using
 * theirs (checked, waiting or running) fill the budget alone, the upload is refused before it is written (409).
 */
export async function makeRoomForUpload(deps: Pick<Deps, 'db' | 'config'>, journalId: number) {
  const { keptUploads } = JOURNAL_DISK_BUDGET;
  const kept = await deps.db
    .select({ id: journalImports.id, state: journalImports.state, fileKey: journalImports.fileKey })
    .from(journalImports)
    .where(and(eq(journalImports.journalId, journalId), isNotNull(journalImports.fileKey)))
    .orderBy(desc(journalImports.id));
  const finished = kept.filter((row) => FINISHED.includes(row.state as ImportState));
  const inUse = kept.length - finished.length;
  if (inUse >= keptUploads) throw new AppError('conflict', 'imports.too_many_uploads', undefined, { max: keptUploads });
  for (const row of finished.slice(Math.max(keptUploads - 1 - inUse, 0))) {
    const [cleared] = await deps.db
      .update(journalImports)
      .set({ fileKey: null })
      .where(and(eq(journalImports.id, row.id), eq(journalImports.fileKey, row.fileKey!)))
      .returning({ id: journalImports.id });
    if (cleared) await rm(path.join(deps.config.DATA_DIR, row.fileKey!), { force: true });
  }
}
