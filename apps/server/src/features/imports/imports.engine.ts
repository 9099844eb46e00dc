import { open } from 'node:fs/promises';
import { FINAL_VERSION_RULE } from '@journals/core/rules/issues';
import { MB } from '@journals/core/files';
import { and, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client';
import { archivedPapers, importedPapers, paperFiles } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { existingIssue, issueTitle, lockedIssue, ourIssue } from './imports.issues';
import { type LineDraft, type Refusal, refusedLine } from './imports.lines';
import { applyPerson, checkPerson } from './imports.people';
import type { Pass } from './imports.pass-state';
import { archiveFieldsOf, fieldsChanged, galleyChanged, createPaper, storeGalley, updatePaper } from './imports.writes';
import type { ImportedFile, ImportedPaper, ImportedRecord } from './model';

/**
 * The engine (issue 45, decision 0076): each record a reader yields is assessed the same way by the dry run (`check`,
 * which writes nothing but the report) and the real import (`apply`, which writes the record in one transaction with
 * its lines). A paper is known again by its DOI, else by its source identifier; a record the file repeats is
 * refused after the first, in both passes alike.
 */

const keysOf = (paper: ImportedPaper) => [
  `src:${paper.sourceId}`,
  ...(paper.doi ? [`doi:${paper.doi.toLowerCase()}`] : []),
];

/** A galley the archive takes: a PDF by its content, within the final file's limit. */
export async function galleyRefusal(file: ImportedFile): Promise<Refusal | null> {
  const values = { name: file.name };
  let handle;
  try {
    handle = await open(file.path, 'r');
  } catch {
    return { reason: 'imports.reason_galley_missing', values };
  }
  try {
    const { size } = await handle.stat();
    if (size > FINAL_VERSION_RULE.maxBytes)
      return {
        reason: 'imports.reason_galley_too_large',
        values: { ...values, max: FINAL_VERSION_RULE.maxBytes / MB },
      };
    const head = Buffer.alloc(Math.min(size, 4100));
    await handle.read(head, 0, head.length, 0);
    const type = await fileTypeFromBuffer(head);
    return type?.mime === 'application/pdf' ? null : { reason: 'imports.reason_galley_not_pdf', values };
  } finally {
    await handle.close();
  }
}

/** The archived paper this record is, if the journal has it: by DOI, else by the source identifier. */
async function knownPaper(db: Database, journalId: number, paper: ImportedPaper) {
  const byDoi = paper.doi ? sql`lower(${archivedPapers.doi}) = ${paper.doi.toLowerCase()}` : sql`false`;
  const bySource = sql`${archivedPapers.paperId} = (select ${importedPapers.paperId} from ${importedPapers} where ${importedPapers.journalId} = ${journalId} and ${importedPapers.sourceId} = ${paper.sourceId})`;
  const rows = await db
    .select({ paper: archivedPapers, fileSize: paperFiles.size, fileKey: paperFiles.storageKey })
    .from(archivedPapers)
    .leftJoin(paperFiles, eq(paperFiles.id, archivedPapers.finalFileId))
    .where(and(eq(archivedPapers.journalId, journalId), sql`(${byDoi} or ${bySource})`))
    .limit(2);
  // The DOI wins over the source identifier when they name two papers.
  return rows.find((row) => paper.doi && row.paper.doi?.toLowerCase() === paper.doi.toLowerCase()) ?? rows[0] ?? null;
}

type Assessed = { refused: LineDraft } | { title: string; name: string; known: Awaited<ReturnType<typeof knownPaper>> };

async function assess(db: Database, pass: Pass, paper: ImportedPaper): Promise<Assessed> {
  const title = paper.title.en.trim() || paper.title.ar.trim();
  const refuse = (refusal: Refusal) => ({
    refused: { ...refusedLine('paper', paper.place, title, refusal), sourceId: paper.sourceId },
  });
  if (!title) return refuse({ reason: 'imports.reason_title_missing' });
  const issue = ourIssue(paper.issue);
  if ('reason' in issue) return refuse(issue);
  if (keysOf(paper).some((key) => pass.seen.has(key))) return refuse({ reason: 'imports.reason_duplicate' });
  if (paper.galley) {
    const refusal = await galleyRefusal(paper.galley);
    if (refusal) return refuse(refusal);
  }
  for (const key of keysOf(paper)) pass.seen.add(key);
  return { title, name: issue.name, known: await knownPaper(db, pass.journal.id, paper) };
}

/** The reasons a reader refuses a person for (a person's line, not a paper's). */
const PERSON_REASONS: readonly string[] = ['importOjs.noEmail', 'importOjs.noName'];

const refusedRecord = (record: ImportedRecord): LineDraft | null =>
  record.kind === 'refused'
    ? refusedLine(PERSON_REASONS.includes(record.reason) ? 'person' : 'paper', record.place, '', {
        reason: record.reason,
        values: record.values,
      })
    : null;

/** The dry run of one record: the lines the real import would write, and nothing written. */
export async function checkRecord(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  pass: Pass,
  record: ImportedRecord,
): Promise<LineDraft[]> {
  const other = refusedRecord(record);
  if (other) return [other];
  if (record.kind === 'person') return checkPerson(db, pass, record);
  if (record.kind !== 'paper') return [];
  const assessed = await assess(db, pass, record);
  if ('refused' in assessed) return [assessed.refused];
  const { title, name, known } = assessed;
  const lines: LineDraft[] = [];
  const issueKey = `${record.issue.volume}/${name}`;
  if (!pass.newIssues.has(issueKey) && !pass.knownIssues.has(issueKey)) {
    const existing = await existingIssue(db, pass.journal.id, record.issue.volume, name);
    if (existing) pass.knownIssues.set(issueKey, existing.id);
  }
  if (!pass.newIssues.has(issueKey) && !pass.knownIssues.has(issueKey)) {
    pass.newIssues.add(issueKey);
    lines.push({ kind: 'issue', action: 'create', place: record.place, title: issueTitle(record.issue, name) });
  }
  const action = !known
    ? 'create'
    : fieldsChanged(known, archiveFieldsOf(record, pass.journal.defaultLanguage)) ||
        (await galleyChanged(storage, known, record.galley))
      ? 'update'
      : 'skip';
  lines.push({
    kind: 'paper',
    action,
    place: record.place,
    title,
    sourceId: record.sourceId,
    ...(action === 'skip' ? { refusal: { reason: 'imports.reason_unchanged' } } : {}),
  });
  return lines;
}

/**
 * The real import of one record: its issue found or created, its paper created or updated, its galley stored; the
 * lines say what was done and keep what undo needs. `write` is the record's transaction (with its lines).
 */
export async function applyRecord(
  deps: Pick<Deps, 'db' | 'storage'>,
  pass: Pass,
  record: ImportedRecord,
  write: (work: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<LineDraft[]>) => Promise<void>,
): Promise<{ files: number }> {
  const other = refusedRecord(record);
  if (other || record.kind !== 'paper') {
    await write(async (tx) => (other ? [other] : record.kind === 'person' ? applyPerson(tx, pass, record) : []));
    return { files: 0 };
  }
  const assessed = await assess(deps.db, pass, record);
  if ('refused' in assessed) {
    await write(async () => [assessed.refused]);
    return { files: 0 };
  }
  const { title, name, known } = assessed;
  const fields = archiveFieldsOf(record, pass.journal.defaultLanguage);
  // The galley is compared by its content (its SHA-256) when its size is the paper's PDF's.
  const newGalley = await galleyChanged(deps.storage, known, record.galley);
  if (known && !newGalley && !fieldsChanged(known, fields)) {
    await write(async () => [
      {
        kind: 'paper',
        action: 'skip',
        place: record.place,
        title,
        sourceId: record.sourceId,
        paperId: known.paper.paperId,
        refusal: { reason: 'imports.reason_unchanged' },
      },
    ]);
    return { files: 0 };
  }
  const journalId = pass.journal.id;
  // The galley is stored first (outside the transaction); a transaction that fails removes it again.
  const stored = newGalley
    ? await storeGalley(deps.storage, journalId, pass.importId, record.sourceId, record.galley!)
    : null;
  // The issue's id is known to the pass once its record is written (an issue created by a record rolled back is not).
  const issueKey = `${record.issue.volume}/${name}`;
  let issueId: number | undefined;
  try {
    await write(async (tx) => {
      const lines: LineDraft[] = [];
      const issue = await lockedIssue(tx, journalId, record.issue, name, pass.knownIssues.get(issueKey));
      issueId = issue.row.id;
      if (issue.created)
        lines.push({
          kind: 'issue',
          action: 'create',
          place: record.place,
          title: issueTitle(record.issue, name),
          issueId: issue.row.id,
        });
      const made = known
        ? await updatePaper(tx, pass.journal, known.paper.paperId, record, fields, stored)
        : await createPaper(tx, pass.journal, issue.row, record, fields, stored);
      lines.push({
        kind: 'paper',
        action: known ? 'update' : 'create',
        place: record.place,
        title,
        sourceId: record.sourceId,
        paperId: made.paperId,
        issueId: issue.row.id,
        createdIssue: issue.created,
        replaced: made.replaced,
        madeAt: made.madeAt,
      });
      return lines;
    });
  } catch (error) {
    if (stored) await deps.storage.remove(stored.storageKey).catch(() => undefined);
    throw error;
  }
  if (issueId !== undefined) pass.knownIssues.set(issueKey, issueId);
  return { files: stored ? 1 : 0 };
}
