import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { archivedPapers, issues, paperAuthors, paperFiles } from '../../db/schema';
import { authorsWithOrcids } from '../../domain/archive-links';
import { issueWithRecords, type ArchiveRecord } from './published-records';

/**
 * What a journal's export reads of its archive (decision 0082): every issue, published or in press, in the order of
 * its volume and number, each with its papers in their order; for each paper its authors as the archive shows them
 * (with the e-mail and affiliation the paper's own authors give under the same name) and its final PDF's storage
 * key. An issue at a time: memory is one issue's metadata, whatever the journal's size.
 */

export type ExportIssue = typeof issues.$inferSelect;

export interface ExportAuthor {
  name: string;
  email: string;
  affiliation: string;
  corresponding: boolean;
  /** The archive's bare ORCID iD of the author, or null (decision 0085). */
  orcid: string | null;
}

export interface ExportPaper {
  record: ArchiveRecord;
  authors: ExportAuthor[];
  /** The final PDF in the storage, or null (a metadata-only paper). */
  file: { storageKey: string; name: string; size: number } | null;
}

/** How many papers the journal's archive holds (the export's progress total). */
export async function archivePaperCount(db: Database, journalId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(archivedPapers).where(eq(archivedPapers.journalId, journalId));
  return Number(row?.n ?? 0);
}

/** The journal's issues, oldest volume and number first: one statement. */
export function exportIssues(db: Database, journalId: number) {
  return db
    .select({ id: issues.id })
    .from(issues)
    .where(eq(issues.journalId, journalId))
    .orderBy(asc(issues.volume), asc(sql`${issues.issue}::int`), asc(issues.id));
}

/**
 * The archive's authors (the corresponding author and the joint authors), each with the e-mail and affiliation of
 * the paper's author of the same name. In the paper's own order when that order is the archive's (its corresponding
 * author anywhere, the others as the archive lists them), so both come back as they were; otherwise (an archive
 * edited by hand) in the archive's order, the corresponding author first, and a name the paper's authors lack by
 * name alone.
 */
function authorsWithDetails(record: ArchiveRecord, rows: (typeof paperAuthors.$inferSelect)[]): ExportAuthor[] {
  const archived = authorsWithOrcids(record);
  const names = archived.map((author) => author.name);
  const own = rows.map((row) => row.fullName.trim());
  const main = record.correspondingAuthor.trim();
  const sameOrder =
    own.length === names.length &&
    own.includes(main) &&
    own.filter((name, index) => !(name === main && index === own.indexOf(main))).join('\u0000') ===
      names.slice(1).join('\u0000');
  if (sameOrder) {
    const mainAt = own.indexOf(main);
    return rows.map((row, index) => ({
      name: own[index]!,
      email: row.email.trim(),
      affiliation: row.workPlace.trim(),
      corresponding: index === mainAt,
      // The archive lists the corresponding author first, then the others in the paper's order.
      orcid: archived[index === mainAt ? 0 : index < mainAt ? index + 1 : index]?.orcid ?? null,
    }));
  }
  const unused = [...rows];
  return names.map((name, index) => {
    const at = unused.findIndex((row) => row.fullName.trim() === name);
    const row = at >= 0 ? unused.splice(at, 1)[0] : undefined;
    return {
      name,
      email: row?.email.trim() ?? '',
      affiliation: row?.workPlace.trim() ?? '',
      corresponding: index === 0,
      orcid: archived[index]?.orcid ?? null,
    };
  });
}

/** An issue with its papers, their authors and files: three statements. */
export async function exportIssue(db: Database, journalId: number, issueId: number) {
  const found = await issueWithRecords(db, journalId, issueId);
  if (!found) return null;
  const paperIds = found.records.map((record) => record.paperId);
  const fileIds = found.records.flatMap((record) => (record.finalFileId === null ? [] : [record.finalFileId]));
  const authors = paperIds.length
    ? await db
        .select()
        .from(paperAuthors)
        .where(inArray(paperAuthors.paperId, paperIds))
        .orderBy(asc(paperAuthors.paperId), asc(paperAuthors.position))
    : [];
  const files = fileIds.length
    ? await db
        .select({
          id: paperFiles.id,
          storageKey: paperFiles.storageKey,
          name: paperFiles.originalName,
          size: paperFiles.size,
        })
        .from(paperFiles)
        .where(inArray(paperFiles.id, fileIds))
    : [];
  const papers: ExportPaper[] = found.records.map((record) => {
    const file = files.find((each) => each.id === record.finalFileId);
    return {
      record,
      authors: authorsWithDetails(
        record,
        authors.filter((row) => row.paperId === record.paperId),
      ),
      file: file ? { storageKey: file.storageKey, name: file.name, size: Number(file.size) } : null,
    };
  });
  return { issue: found.issue, papers };
}
