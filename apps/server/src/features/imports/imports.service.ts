import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { type Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import {
  IMPORT_BUSY_STATES,
  IMPORT_LIMITS,
  type ImportAction,
  type ImportLinesResponse,
  type ImportOnRefusal,
  type ImportSource,
  type ImportState,
  type ImportView,
} from '@journals/core/schemas/imports';
import { placeText } from '@journals/core/schemas/import-place';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { journalImportLines, journalImports, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import type { ImportJobs } from './imports.job';
import { importDir } from './imports.pass';
import { placeOfLine } from './imports.lines';
import { readerOf } from './imports.readers';
import { removeUploads, roomForUpload } from './imports.uploads';

/**
 * The imports of a journal (issue 45, decision 0076): created from an upload or an address and checked in the
 * background; listed, viewed, reported line by line; run, undone, discarded. Every method is the journal's: the
 * routes check the caller (core `managesJournal`) first.
 */

export const importNotFound = () => NotFoundError('imports.not_found');

const viewColumns = { row: journalImports, by: { id: users.id, fullName: users.fullName } };
type ViewRow = { row: typeof journalImports.$inferSelect; by: { id: number; fullName: string } | null };

function secondsLeft(row: typeof journalImports.$inferSelect, now: number): number | null {
  if (row.state !== 'running' || !row.paceFrom || row.records === 0) return null;
  const done = row.recordsDone - row.paceRecords;
  const elapsed = (now - row.paceFrom.getTime()) / 1000;
  if (done <= 0 || elapsed <= 0) return null;
  return Math.max(0, Math.round(((row.records - row.recordsDone) * elapsed) / done));
}

export function viewOf({ row, by }: ViewRow, language: Language): ImportView {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const errorKey = row.state === 'failed' ? (row.errorKey ?? 'imports.file_unreadable') : null;
  return {
    id: row.id,
    source: row.source as ImportSource,
    fileName: row.fileName,
    url: row.url,
    state: row.state as ImportState,
    onRefusal: (row.onRefusal as ImportOnRefusal | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: by?.id ? by : null,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    progress: {
      records: row.records,
      recordsDone: row.recordsDone,
      files: row.files,
      filesDone: row.filesDone,
      secondsLeft: secondsLeft(row, Date.now()),
    },
    summary: { create: row.createCount, update: row.updateCount, skip: row.skipCount, refuse: row.refuseCount },
    error: errorKey
      ? { key: errorKey, message: translate(language, errorKey, (row.errorValues ?? {}) as Record<string, string>) }
      : null,
    undoable: row.state === 'done' && row.createCount + row.updateCount > 0,
  };
}

const ofJournal = (journal: Journal, id: number) =>
  and(eq(journalImports.id, id), eq(journalImports.journalId, journal.id));

export async function importRow(db: Database, journal: Journal, id: number) {
  const [found] = await db
    .select(viewColumns)
    .from(journalImports)
    .leftJoin(users, eq(users.id, journalImports.createdBy))
    .where(ofJournal(journal, id));
  if (!found) throw importNotFound();
  return found;
}

/** The journal's last imports, newest first: one statement whatever their number. */
export async function listImports(db: Database, journal: Journal, language: Language) {
  const rows = await db
    .select(viewColumns)
    .from(journalImports)
    .leftJoin(users, eq(users.id, journalImports.createdBy))
    .where(eq(journalImports.journalId, journal.id))
    .orderBy(desc(journalImports.id))
    .limit(IMPORT_LIMITS.listSize);
  return { items: rows.map((row) => viewOf(row, language)) };
}

/** Whether a source can be imported now: it has a real reader. */
export const sourceAvailable = (source: ImportSource) => readerOf(source) !== null;

/** What the create route hands over: the upload already on disk (streamed there as it came), or the address. */
export interface NewImport {
  source: ImportSource;
  url: string | null;
  file: { name: string; path: string } | null;
}

/** Where an upload is streamed before its import exists: beside the imports, removed by the route if refused. */
export async function uploadPath(config: Pick<Deps['config'], 'DATA_DIR'>) {
  const dir = path.resolve(config.DATA_DIR, 'imports', 'uploads');
  await mkdir(dir, { recursive: true });
  return path.join(dir, randomBytes(12).toString('hex'));
}

/** Creates an import in `checking` and queues its dry run. */
export async function createImport(
  deps: Pick<Deps, 'db' | 'config'>,
  jobs: ImportJobs,
  journal: Journal,
  userId: number,
  input: NewImport,
  language: Language,
) {
  let letGo: string[] = [];
  // An upload takes its place in the journal's budget with its row, under the budget's lock (imports.uploads.ts):
  // of two uploads that passed the early check together, the second is refused here.
  const [created] = await deps.db
    .transaction(async (tx) => {
      if (input.file) letGo = await roomForUpload(tx, journal.id);
      return tx
        .insert(journalImports)
        .values({
          journalId: journal.id,
          source: input.source,
          state: 'checking',
          fileName: input.file?.name.slice(-200) ?? null,
          // The upload stays where it was streamed; the key is its path under DATA_DIR.
          fileKey: input.file ? path.relative(path.resolve(deps.config.DATA_DIR), input.file.path) : null,
          url: input.url,
          createdBy: userId,
        })
        .returning({ id: journalImports.id });
    })
    .catch(async (error: unknown) => {
      // No import holds the upload: it goes with the refusal, never left on the disk unowned.
      if (input.file) await rm(input.file.path, { force: true });
      throw error;
    });
  await removeUploads(deps.config, letGo);
  const id = created!.id;
  await jobs.queue(id);
  return viewOf(await importRow(deps.db, journal, id), language);
}

/** A page of the report, filtered by action, in file order. */
export async function importLines(
  db: Database,
  journal: Journal,
  id: number,
  query: { page: number; action?: ImportAction },
  language: Language,
): Promise<ImportLinesResponse> {
  await importRow(db, journal, id);
  const where = and(
    eq(journalImportLines.importId, id),
    query.action ? eq(journalImportLines.action, query.action) : undefined,
  );
  const pageSize = IMPORT_LIMITS.linesPageSize;
  const rows = await db
    .select({ line: journalImportLines, total: sql<number>`count(*) over ()` })
    .from(journalImportLines)
    .where(where)
    .orderBy(asc(journalImportLines.position))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(journalImportLines)
      .where(where);
    total = Number(counted?.n ?? 0);
  }
  return { items: rows.map(({ line }) => lineView(line, language)), total, page: query.page, pageSize };
}

export function lineView(line: typeof journalImportLines.$inferSelect, language: Language) {
  const place = placeOfLine(line.place);
  return {
    position: line.position,
    place: typeof place === 'string' ? place : placeText(language, place),
    kind: line.kind as 'issue' | 'paper' | 'person',
    action: line.action as ImportAction,
    title: line.title,
    reason: line.reasonKey
      ? translate(language, line.reasonKey, (line.reasonValues ?? {}) as Record<string, string>)
      : null,
  };
}

/** Starts the real import of a checked one; with `nothing`, a dry run that refused records stops it here. */
export async function runImport(
  db: Database,
  jobs: ImportJobs,
  journal: Journal,
  id: number,
  onRefusal: ImportOnRefusal,
) {
  const { row } = await importRow(db, journal, id);
  if (row.state !== 'checked') throw ConflictError('imports.not_checked');
  if (onRefusal === 'nothing' && row.refuseCount > 0)
    throw new AppError('conflict', 'imports.refused_nothing', undefined, { count: row.refuseCount });
  const [queued] = await db
    .update(journalImports)
    .set({ state: 'queued', onRefusal })
    .where(and(ofJournal(journal, id), eq(journalImports.state, 'checked')))
    .returning({ id: journalImports.id });
  if (!queued) throw ConflictError('imports.not_checked');
  await jobs.queue(id);
}

/** Removes an import that is not being worked on, with its file and its report. */
export async function discardImport(deps: Pick<Deps, 'db' | 'config'>, journal: Journal, id: number) {
  const { row } = await importRow(deps.db, journal, id);
  if ((IMPORT_BUSY_STATES as readonly string[]).includes(row.state)) throw ConflictError('imports.busy');
  const [gone] = await deps.db
    .delete(journalImports)
    .where(and(ofJournal(journal, id), sql`${journalImports.state} not in ('checking', 'queued', 'running')`))
    .returning({ id: journalImports.id });
  if (!gone) throw ConflictError('imports.busy');
  await rm(importDir(deps.config, id), { recursive: true, force: true });
  if (row.fileKey) await rm(path.join(deps.config.DATA_DIR, row.fileKey), { force: true });
}
