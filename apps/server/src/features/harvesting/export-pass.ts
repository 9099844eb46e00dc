import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { EXPORT_BUSY_STATES, EXPORT_LIMITS, type ExportFormat } from '@journals/core/schemas/exports';
import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { journalExports, journals } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { archivePaperCount, exportIssue, exportIssues, type ExportPaper } from './export-archive';
import { writeJatsPaper } from './export-jats';
import { ojsHead, ojsIssueHead, ojsIssueTail, ojsTail, writeOjsArticle } from './export-ojs';
import { ExportSink, ZipSink } from './export-sink';

/**
 * One export made (decision 0082): the job takes the export by a lease, writes the whole archive to
 * `DATA_DIR/exports/<id>/<name>.part` an issue and a paper at a time, then renames it to its name and marks it
 * done. A job stopped (the process stops) lets go of the lease; one killed leaves it to run out: either way the
 * sweep queues the export again and it is made from the start (a file half-written is of no use; nothing else was
 * written). A paper whose PDF the storage no longer has is written without it, and the export ends done saying
 * which (decision 0084): one lost file does not cost the journal its whole archive.
 */

type ExportRow = typeof journalExports.$inferSelect;
/** How often the progress is written and the lease renewed while papers are written. */
const BEAT_MS = 1000;

class Stopped extends Error {}

export const exportDir = (config: Pick<Deps['config'], 'DATA_DIR'>, id: number) =>
  path.resolve(config.DATA_DIR, 'exports', String(id));

export const exportFileName = (slug: string, format: ExportFormat) =>
  format === 'ojs' ? `${slug}-ojs-native.xml` : `${slug}-jats.zip`;

/** The exports whose job is lost: busy with no live holder. */
export async function exportsToResume(db: Database) {
  const rows = await db
    .select({ id: journalExports.id })
    .from(journalExports)
    .where(
      and(
        inArray(journalExports.state, [...EXPORT_BUSY_STATES]),
        or(isNull(journalExports.heldUntil), lt(journalExports.heldUntil, sql`now()`)),
      ),
    );
  return rows.map((row) => row.id);
}

/** The lease's end from now: IMPORT_LEASE_SECONDS, the leased queue's (imports and exports alike). */
const leaseEndOf = (config: Pick<Deps['config'], 'IMPORT_LEASE_SECONDS'>) =>
  sql`now() + make_interval(secs => ${config.IMPORT_LEASE_SECONDS})`;

async function claim(db: Database, id: number, holder: string, leaseEnd: SQL) {
  const [row] = await db
    .update(journalExports)
    .set({ state: 'running', holder, heldUntil: leaseEnd, startedAt: sql`now()`, papersDone: 0 })
    .where(
      and(
        eq(journalExports.id, id),
        inArray(journalExports.state, [...EXPORT_BUSY_STATES]),
        or(
          isNull(journalExports.heldUntil),
          lt(journalExports.heldUntil, sql`now()`),
          eq(journalExports.holder, holder),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

const held = (id: number, holder: string) => and(eq(journalExports.id, id), eq(journalExports.holder, holder));

export async function makeExport(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'>,
  id: number,
  holder: string,
  signal: AbortSignal,
) {
  const { db } = deps;
  const leaseEnd = leaseEndOf(deps.config);
  const row = await claim(db, id, holder, leaseEnd);
  if (!row) return;
  const [journal] = await db.select().from(journals).where(eq(journals.id, row.journalId));
  if (!journal) return;
  const format = row.format as ExportFormat;
  const dir = exportDir(deps.config, id);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const fileName = exportFileName(journal.slug, format);
  const sink = new ExportSink(path.join(dir, `${fileName}.part`));
  const zip = format === 'jats' ? new ZipSink(sink) : null;
  const publicUrl = deps.config.PUBLIC_URL;
  const total = await archivePaperCount(db, journal.id);
  await db.update(journalExports).set({ papers: total }).where(held(id, holder));

  let done = 0;
  let beat = Date.now();
  const progress = async () => {
    const [kept] = await db
      .update(journalExports)
      .set({ papersDone: done, heldUntil: leaseEnd })
      .where(held(id, holder))
      .returning({ id: journalExports.id });
    // Another process took the export over (this one was thought gone): it makes the file, this one stops.
    if (!kept) throw new Stopped();
  };
  const missing: NonNullable<ExportRow['missingFiles']> = { count: 0, papers: [] };
  const pdfOf = async (paper: ExportPaper) => {
    if (!paper.file) return null;
    const stored = await deps.storage.get(paper.file.storageKey);
    if (stored) return stored.stream;
    missing.count += 1;
    const { paperId, titleEn, titleAr } = paper.record;
    if (missing.papers.length < EXPORT_LIMITS.missingListed) missing.papers.push({ id: paperId, titleEn, titleAr });
    deps.log.warn({ exportId: id, paperId, storageKey: paper.file.storageKey }, 'export: a PDF is missing');
    return null;
  };

  try {
    if (!zip) await sink.write(ojsHead());
    for (const { id: issueId } of await exportIssues(db, journal.id)) {
      const found = await exportIssue(db, journal.id, issueId);
      if (!found) continue;
      if (!zip) await sink.write(ojsIssueHead(journal, found.issue));
      for (const paper of found.papers) {
        if (signal.aborted) throw new Stopped();
        const pdf = await pdfOf(paper);
        if (zip) await writeJatsPaper(zip, journal, found.issue, paper, pdf, publicUrl);
        else await writeOjsArticle(sink, journal, paper, pdf);
        done += 1;
        if (Date.now() - beat >= BEAT_MS) {
          beat = Date.now();
          await progress();
        }
        await yieldToLoop();
      }
      if (!zip) await sink.write(ojsIssueTail());
    }
    if (zip) await zip.end();
    else await sink.write(ojsTail());
    const bytes = await sink.close();
    await rename(sink.path, path.join(dir, fileName));
    await db
      .update(journalExports)
      .set({
        state: 'done',
        papersDone: done,
        fileKey: path.relative(path.resolve(deps.config.DATA_DIR), path.join(dir, fileName)),
        fileName,
        bytes,
        missingFiles: missing.count > 0 ? missing : null,
        finishedAt: sql`now()`,
        holder: null,
        heldUntil: null,
      })
      .where(held(id, holder));
  } catch (error) {
    await sink.abandon();
    if (error instanceof Stopped) {
      await db.update(journalExports).set({ holder: null, heldUntil: null }).where(held(id, holder));
      return;
    }
    deps.log.error({ err: error, exportId: id }, 'export failed');
    await rm(dir, { recursive: true, force: true });
    await db
      .update(journalExports)
      .set({
        state: 'failed',
        errorKey: 'exports.failed_unexpectedly',
        finishedAt: sql`now()`,
        holder: null,
        heldUntil: null,
      })
      .where(held(id, holder));
  }
}
