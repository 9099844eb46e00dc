import { IMPORT_BUSY_STATES } from '@journals/core/schemas/imports';
import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { journalImportLines, journalImports } from '../../db/schema';
import type { LineDraft } from './imports.lines';
import { countsOf } from './imports.lines';

/** An import's state as its job moves it (decision 0076): the lease, the counts, the end. */

/** How long a holder keeps its import without a sign of life (every record renews it): IMPORT_LEASE_SECONDS. */
const leaseEnd = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export type ImportRow = typeof journalImports.$inferSelect;

/** The imports whose job is lost: busy with no holder, or a holder gone past its lease. */
export async function busyImportsToResume(db: Database) {
  return busyImports(db, or(isNull(journalImports.heldUntil), lt(journalImports.heldUntil, sql`now()`)));
}

/** The busy imports (checking, queued, running), held or not, or those of them that also meet `where`. */
export async function busyImports(db: Database, where?: SQL) {
  const rows = await db
    .select({ id: journalImports.id })
    .from(journalImports)
    .where(and(inArray(journalImports.state, [...IMPORT_BUSY_STATES]), where));
  return rows.map((row) => row.id);
}

/**
 * Takes the import for `holder` if it is busy and nobody live holds it; a queued import starts its real pass here
 * (its dry run's lines and counts give way to the real ones), a `checking` one starts its dry run over (it wrote
 * nothing but its report). A `running` one resumes where its lines end.
 */
export async function claim(
  db: Database,
  importId: number,
  holder: string,
  leaseSeconds: number,
): Promise<ImportRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(journalImports)
      .set({ holder, heldUntil: leaseEnd(leaseSeconds) })
      .where(
        and(
          eq(journalImports.id, importId),
          inArray(journalImports.state, [...IMPORT_BUSY_STATES]),
          or(
            isNull(journalImports.heldUntil),
            lt(journalImports.heldUntil, sql`now()`),
            eq(journalImports.holder, holder),
          ),
        ),
      )
      .returning();
    if (!row) return null;
    if (row.state === 'running') {
      const [resumed] = await tx
        .update(journalImports)
        .set({ paceFrom: sql`now()`, paceRecords: row.recordsDone })
        .where(eq(journalImports.id, importId))
        .returning();
      return resumed!;
    }
    await tx.delete(journalImportLines).where(eq(journalImportLines.importId, importId));
    const [fresh] = await tx
      .update(journalImports)
      .set({
        state: row.state === 'queued' ? 'running' : row.state,
        startedAt: row.state === 'queued' ? sql`now()` : row.startedAt,
        createCount: 0,
        updateCount: 0,
        skipCount: 0,
        refuseCount: 0,
        recordsDone: 0,
        filesDone: 0,
        ...(row.state === 'checking' ? { records: 0, files: 0 } : {}),
        paceFrom: sql`now()`,
        paceRecords: 0,
      })
      .where(eq(journalImports.id, importId))
      .returning();
    return fresh!;
  });
}

/** Adds a record's (or a batch's) lines to the counts and the progress, and renews the lease. */
export async function advance(
  tx: Tx,
  importId: number,
  lines: LineDraft[],
  progress: { records: number; files: number; countsTotal: boolean; leaseSeconds: number },
) {
  const counts = countsOf(lines);
  await tx
    .update(journalImports)
    .set({
      createCount: sql`${journalImports.createCount} + ${counts.create}`,
      updateCount: sql`${journalImports.updateCount} + ${counts.update}`,
      skipCount: sql`${journalImports.skipCount} + ${counts.skip}`,
      refuseCount: sql`${journalImports.refuseCount} + ${counts.refuse}`,
      recordsDone: sql`${journalImports.recordsDone} + ${progress.records}`,
      filesDone: sql`${journalImports.filesDone} + ${progress.files}`,
      // The dry run counts the file's records and files as it goes; the real import knows them from it.
      ...(progress.countsTotal
        ? {
            records: sql`${journalImports.records} + ${progress.records}`,
            files: sql`${journalImports.files} + ${progress.files}`,
          }
        : {}),
      heldUntil: leaseEnd(progress.leaseSeconds),
    })
    .where(eq(journalImports.id, importId));
}

/** The pass is over: checked (the dry run) or done (the real import); the lease goes. */
export async function finish(db: Database, importId: number, holder: string, state: 'checked' | 'done') {
  await db
    .update(journalImports)
    .set({ state, holder: null, heldUntil: null, ...(state === 'done' ? { finishedAt: sql`now()` } : {}) })
    .where(and(eq(journalImports.id, importId), eq(journalImports.holder, holder)));
}

export async function fail(
  db: Database,
  importId: number,
  holder: string,
  error: { key: string; values: Record<string, string | number> },
) {
  await db
    .update(journalImports)
    .set({
      state: 'failed',
      holder: null,
      heldUntil: null,
      finishedAt: sql`now()`,
      errorKey: error.key,
      errorValues: error.values,
    })
    .where(and(eq(journalImports.id, importId), eq(journalImports.holder, holder)));
}

/** Lets go of the import (the process stops): the next start, or another worker's sweep, takes it up at once. */
export async function release(db: Database, importId: number, holder: string) {
  await db
    .update(journalImports)
    .set({ holder: null, heldUntil: null })
    .where(and(eq(journalImports.id, importId), eq(journalImports.holder, holder)));
}
