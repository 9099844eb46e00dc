import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import {
  EXPORT_BUSY_STATES,
  EXPORT_LIMITS,
  type ExportFormat,
  type ExportState,
  type ExportView,
} from '@journals/core/schemas/exports';
import { JOURNAL_DISK_BUDGET } from '@journals/core/limits';
import { and, count, desc, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { journalExports, users } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import type { ExportJobs } from './export-jobs';
import { exportDir } from './export-pass';

/**
 * A journal's exports (decision 0082): made in the background, listed, viewed, downloaded, deleted with their file.
 * The routes check the caller (core `managesJournal`) first.
 */

const notFound = () => NotFoundError('exports.not_found');
const columns = { row: journalExports, by: { id: users.id, fullName: users.fullName } };
type ViewRow = { row: typeof journalExports.$inferSelect; by: { id: number | null; fullName: string | null } | null };

/** What a done export says of the papers it wrote without their PDF, titled in the reader's language. */
function missingFilesOf(row: typeof journalExports.$inferSelect, language: Language): ExportView['missingFiles'] {
  if (row.state !== 'done' || !row.missingFiles) return null;
  const { count, papers } = row.missingFiles;
  return {
    count,
    message: translate(language, 'exports.missing_pdfs', { count }),
    titles: papers.map(({ titleEn, titleAr }) => (language === 'ar' ? titleAr || titleEn : titleEn || titleAr)),
  };
}

export function exportViewOf({ row, by }: ViewRow, language: Language): ExportView {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const errorKey = row.state === 'failed' ? (row.errorKey ?? 'exports.failed_unexpectedly') : null;
  return {
    id: row.id,
    format: row.format as ExportFormat,
    state: row.state as ExportState,
    createdAt: row.createdAt.toISOString(),
    createdBy: by?.id ? { id: by.id, fullName: by.fullName ?? '' } : null,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    progress: { papers: row.papers, papersDone: row.papersDone },
    fileName: row.state === 'done' ? row.fileName : null,
    bytes: row.state === 'done' ? row.bytes : null,
    error: errorKey ? { key: errorKey, message: translate(language, errorKey) } : null,
    missingFiles: missingFilesOf(row, language),
  };
}

const ofJournal = (journal: Journal, id: number) =>
  and(eq(journalExports.id, id), eq(journalExports.journalId, journal.id));

export async function exportRow(db: Database, journal: Journal, id: number) {
  const [found] = await db
    .select(columns)
    .from(journalExports)
    .leftJoin(users, eq(users.id, journalExports.createdBy))
    .where(ofJournal(journal, id));
  if (!found) throw notFound();
  return found;
}

export async function listExports(db: Database, journal: Journal, language: Language) {
  const rows = await db
    .select(columns)
    .from(journalExports)
    .leftJoin(users, eq(users.id, journalExports.createdBy))
    .where(eq(journalExports.journalId, journal.id))
    .orderBy(desc(journalExports.id))
    .limit(EXPORT_LIMITS.listSize);
  return { items: rows.map((row) => exportViewOf(row, language)) };
}

/**
 * Finished exports past the newest JOURNAL_DISK_BUDGET.keptExports, or finished more than EXPORT_LIMITS.keepDays ago,
 * removed with their files (each new export does it; decision 0084).
 */
export async function removeOldExports(deps: Pick<Deps, 'db' | 'config'>, journalId: number) {
  const finished = and(eq(journalExports.journalId, journalId), sql`${journalExports.state} in ('done', 'failed')`);
  const newest = deps.db
    .select({ id: journalExports.id })
    .from(journalExports)
    .where(finished)
    .orderBy(desc(journalExports.id))
    .limit(JOURNAL_DISK_BUDGET.keptExports);
  const gone = await deps.db
    .delete(journalExports)
    .where(
      and(
        finished,
        or(
          notInArray(journalExports.id, newest),
          lt(journalExports.finishedAt, sql`now() - make_interval(days => ${EXPORT_LIMITS.keepDays})`),
        ),
      ),
    )
    .returning({ id: journalExports.id });
  for (const { id } of gone) await rm(exportDir(deps.config, id), { recursive: true, force: true });
}

/** Two exports asked of one journal at the same moment take turns here, so both cannot pass the budget. */
const EXPORT_LOCK = 4582;

export async function createExport(
  deps: Pick<Deps, 'db' | 'config'>,
  jobs: ExportJobs,
  journal: Journal,
  userId: number,
  format: ExportFormat,
  language: Language,
) {
  await removeOldExports(deps, journal.id);
  const created = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK}, ${journal.id})`);
    const [busy] = await tx
      .select({ n: count() })
      .from(journalExports)
      .where(and(eq(journalExports.journalId, journal.id), inArray(journalExports.state, [...EXPORT_BUSY_STATES])));
    const { exportsAtOnce } = JOURNAL_DISK_BUDGET;
    if (Number(busy?.n ?? 0) >= exportsAtOnce)
      throw new AppError('conflict', 'exports.too_many_running', undefined, { max: exportsAtOnce });
    const [row] = await tx
      .insert(journalExports)
      .values({ journalId: journal.id, format, state: 'queued', createdBy: userId })
      .returning({ id: journalExports.id });
    return row!;
  });
  await jobs.queue(created.id);
  return exportViewOf(await exportRow(deps.db, journal, created.id), language);
}

/** The finished file to stream, or why not (409 not ready, 404 gone). */
export async function exportFile(deps: Pick<Deps, 'db' | 'config'>, journal: Journal, id: number) {
  const { row } = await exportRow(deps.db, journal, id);
  if (row.state !== 'done' || !row.fileKey) throw ConflictError('exports.not_ready');
  const file = path.join(deps.config.DATA_DIR, row.fileKey);
  const size = await stat(file).then(
    (found) => found.size,
    () => null,
  );
  if (size === null) throw NotFoundError('exports.file_missing');
  return { name: row.fileName ?? path.basename(file), size, stream: createReadStream(file), format: row.format };
}

/** Deletes an export that is not being made, with its file. */
export async function deleteExport(deps: Pick<Deps, 'db' | 'config'>, journal: Journal, id: number) {
  await exportRow(deps.db, journal, id);
  const [gone] = await deps.db
    .delete(journalExports)
    .where(
      and(
        ofJournal(journal, id),
        sql`${journalExports.state} not in (${sql.join(
          EXPORT_BUSY_STATES.map((state) => sql`${state}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: journalExports.id });
  if (!gone) throw ConflictError('exports.busy');
  await rm(exportDir(deps.config, id), { recursive: true, force: true });
}
