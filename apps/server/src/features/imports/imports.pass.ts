import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { IMPORT_SOURCES, type ImportSource } from '@journals/core/schemas/imports';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { archivedPapers, journalImportLines, journals } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { fetchPolicyOf } from '../../lib/guarded-fetch';
import { applyRecord, checkRecord } from './imports.engine';
import type { Pass } from './imports.pass-state';
import { type LineDraft, refusedLine, writeLines } from './imports.lines';
import { advance, claim, fail, finish, type ImportRow, release } from './imports.progress';
import { readerOf } from './imports.readers';
import { ImportFileError, type ImportedRecord } from './model';

/**
 * One pass over an import's file (decision 0076): the dry run, or the real import, record by record. Every record
 * of the real import commits with its lines and the progress; a pass cut short (a stop, a killed process) resumes
 * after the last record committed. The dry run writes its lines in batches and starts over when cut short.
 */
const CHECK_BATCH = 100;

class Stopped extends Error {}

/** Where an import's files live: its upload, and the work folder its reader fills. */
export const importDir = (config: Pick<Deps['config'], 'DATA_DIR'>, importId: number) =>
  path.resolve(config.DATA_DIR, 'imports', String(importId));

async function seenSoFar(db: Database, importId: number): Promise<Pass['seen']> {
  const rows = await db
    .select({ sourceId: journalImportLines.sourceId, doi: archivedPapers.doi })
    .from(journalImportLines)
    .leftJoin(archivedPapers, eq(archivedPapers.paperId, journalImportLines.paperId))
    .where(
      and(
        eq(journalImportLines.importId, importId),
        eq(journalImportLines.kind, 'paper'),
        inArray(journalImportLines.action, ['create', 'update', 'skip']),
      ),
    );
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.sourceId) seen.add(`src:${row.sourceId}`);
    if (row.doi) seen.add(`doi:${row.doi.toLowerCase()}`);
  }
  return seen;
}

async function nextPosition(db: Database, importId: number) {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${journalImportLines.position}), 0)::int` })
    .from(journalImportLines)
    .where(eq(journalImportLines.importId, importId));
  return Number(row?.last ?? 0) + 1;
}

/** Runs the pass the import waits for, if this holder can take it. */
export async function runPass(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'>,
  importId: number,
  holder: string,
  signal: AbortSignal,
) {
  const leaseSeconds = deps.config.IMPORT_LEASE_SECONDS;
  const row = await claim(deps.db, importId, holder, leaseSeconds);
  if (!row) return;
  const reader = IMPORT_SOURCES.includes(row.source as ImportSource) ? readerOf(row.source as ImportSource) : null;
  if (!reader) return fail(deps.db, importId, holder, { key: 'imports.source_unavailable', values: {} });
  const [journal] = await deps.db.select().from(journals).where(eq(journals.id, row.journalId));
  if (!journal) return;
  const dir = importDir(deps.config, importId);
  const workDir = path.join(dir, 'work');
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const pass: Pass = {
    journal,
    importId,
    seen: row.state === 'running' ? await seenSoFar(deps.db, importId) : new Set(),
    newIssues: new Set(),
    knownIssues: new Map(),
  };
  const records = reader({
    file: row.fileKey ? path.join(deps.config.DATA_DIR, row.fileKey) : null,
    fileName: row.fileName ?? '',
    url: row.url,
    workDir,
    signal,
    fetchPolicy: fetchPolicyOf(deps.config),
  });
  try {
    if (row.state === 'checking') await checkAll(deps, pass, records, signal, leaseSeconds);
    else await applyAll(deps, pass, row, records, signal, leaseSeconds);
    await finish(deps.db, importId, holder, row.state === 'checking' ? 'checked' : 'done');
  } catch (error) {
    if (error instanceof Stopped) return release(deps.db, importId, holder);
    if (error instanceof ImportFileError)
      return fail(deps.db, importId, holder, { key: error.reason, values: error.values });
    deps.log.error({ err: error, importId }, 'import failed');
    return fail(deps.db, importId, holder, { key: 'imports.failed_unexpectedly', values: {} });
  } finally {
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function checkAll(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  pass: Pass,
  records: AsyncIterable<ImportedRecord>,
  signal: AbortSignal,
  leaseSeconds: number,
) {
  let position = 1;
  let batch: LineDraft[] = [];
  let batchRecords = 0;
  let batchFiles = 0;
  const flush = async () => {
    const lines = batch;
    await db.transaction(async (tx) => {
      position = await writeLines(tx, pass.importId, position, lines);
      await advance(tx, pass.importId, lines, {
        records: batchRecords,
        files: batchFiles,
        countsTotal: true,
        leaseSeconds,
      });
    });
    batch = [];
    batchRecords = 0;
    batchFiles = 0;
  };
  for await (const record of records) {
    if (signal.aborted) throw new Stopped();
    batch.push(...(await checkRecord({ db, storage }, pass, record)));
    batchRecords += 1;
    if (record.kind === 'paper' && record.galley) batchFiles += 1;
    if (batchRecords >= CHECK_BATCH) await flush();
    // Reading a big file never holds the loop for long: other requests go between records.
    await yieldToLoop();
  }
  await flush();
}

/**
 * The real import commits its records in batches (at most APPLY_BATCH records or APPLY_BATCH_MS each): a batch is one
 * transaction holding its records, their lines and the progress, so what is committed stays committed with its lines
 * and its count, and a process killed in the middle redoes at most the batch it was in. Each record is a savepoint
 * in it: a record that fails to write is rolled back alone and reported refused, the rest of the batch goes on.
 */
const APPLY_BATCH = 50;
const APPLY_BATCH_MS = 1_000;

type RecordWork = Parameters<Parameters<typeof applyRecord>[3]>[0];

async function applyAll(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  pass: Pass,
  row: ImportRow,
  records: AsyncIterable<ImportedRecord>,
  signal: AbortSignal,
  leaseSeconds: number,
) {
  let position = await nextPosition(deps.db, pass.importId);
  const iterator = records[Symbol.asyncIterator]();
  let index = 0;
  let ended = false;
  try {
    await applyBatches();
  } finally {
    // The reader closes its file (and its zip) whether the pass ended, stopped or failed.
    if (!ended) await iterator.return?.();
  }
  if (signal.aborted && !ended) throw new Stopped();

  async function applyBatches() {
    while (!ended && !signal.aborted) {
      await deps.db.transaction(async (tx) => {
        const lines: LineDraft[] = [];
        let done = 0;
        let files = 0;
        const since = Date.now();
        while (done < APPLY_BATCH && Date.now() - since < APPLY_BATCH_MS) {
          const next = await iterator.next();
          if (next.done) {
            ended = true;
            break;
          }
          index += 1;
          // Records committed before a stop are passed over: the pass goes on after them.
          if (index <= row.recordsDone) continue;
          // A stop asked while the record was read: it is left for the pass that resumes.
          if (signal.aborted) break;
          const record = next.value;
          const write = async (work: RecordWork) => {
            lines.push(...(await tx.transaction((savepoint) => work(savepoint))));
          };
          try {
            // The record's reads go through the batch's transaction (PGlite has one connection).
            await applyRecord({ db: tx as unknown as Database, storage: deps.storage }, pass, record, write);
          } catch (error) {
            if (error instanceof ImportFileError) throw error;
            // A record that cannot be written is one refused line; the rest go on.
            deps.log.error({ err: error, importId: pass.importId, place: record.place }, 'import record failed');
            const title = record.kind === 'paper' ? record.title.en || record.title.ar : '';
            lines.push(refusedLine('paper', record.place, title, { reason: 'imports.reason_record_failed' }));
          }
          done += 1;
          if (record.kind === 'paper' && record.galley) files += 1;
          if (signal.aborted) break;
        }
        if (done === 0) return;
        position = await writeLines(tx, pass.importId, position, lines);
        await advance(tx, pass.importId, lines, { records: done, files, countsTotal: false, leaseSeconds });
      });
      // Reading a big file never holds the loop for long: other requests go between batches.
      await yieldToLoop();
    }
  }
}
