import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { ISSUE_STATUS, type Language, PAPER_STATUS } from '@journals/core/enums';
import { eq } from 'drizzle-orm';
import { convert } from 'html-to-text';
import type { Tx } from '../../db/client';
import { archivedPapers, importedPapers, paperAuthors, paperFiles, papers } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import { nextCodeOfMonth } from '../../domain/paper-codes';
import type { Storage } from '../../storage/driver';
import type { ImportedFile, ImportedPaper } from './model';

/**
 * What the real import writes (decision 0076): an imported paper is an archive paper like any other (the demo
 * archive's shape: a published paper, its authors, its final PDF, its archive row), plus its source identifier.
 */

const plain = (text: string) =>
  /<[a-z/][^>]*>/i.test(text)
    ? convert(text, { wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }] }).trim()
    : text.trim();

/**
 * An author's name as the archive keeps it (one name an author): in the journal's own language when the source gives
 * it, else in the other (an Arabic journal shows its authors' Arabic names).
 */
const nameOf = (author: ImportedPaper['authors'][number], language: Language) => {
  const other = language === 'ar' ? 'en' : 'ar';
  return author.name[language].trim() || author.name[other].trim();
};

/** The archive row's fields a record gives. */
export function archiveFieldsOf(paper: ImportedPaper, language: Language) {
  const authors = [...paper.authors];
  const main = Math.max(
    0,
    authors.findIndex((author) => author.corresponding),
  );
  const mainName = authors[main] ? nameOf(authors[main], language) : '';
  const joint = authors.filter((author) => ![mainName, ''].includes(nameOf(author, language)));
  return {
    titleEn: paper.title.en.trim(),
    titleAr: paper.title.ar.trim(),
    subtitle: (paper.subtitle.en.trim() || paper.subtitle.ar.trim()).slice(0, 300),
    abstractEn: plain(paper.abstract.en),
    abstractAr: plain(paper.abstract.ar),
    correspondingAuthor: mainName,
    jointAuthors: joint.map((author) => nameOf(author, language)),
    // The iDs the source gave, checksum checked by its reader; never authenticated (decision 0085).
    correspondingAuthorOrcid: authors[main]?.orcid ?? null,
    jointAuthorOrcids: joint.map((author) => author.orcid ?? ''),
    keywords: [...paper.keywords.en, ...paper.keywords.ar].map((word) => word.trim()).filter(Boolean),
    fromPage: paper.fromPage,
    toPage: paper.toPage,
    doi: paper.doi,
  };
}
export type ArchiveFields = ReturnType<typeof archiveFieldsOf>;

/** The archived paper a record is known as, with its final PDF's size and storage key (imports.engine.ts). */
export interface KnownPaper {
  paper: typeof archivedPapers.$inferSelect;
  fileSize: number | null;
  fileKey: string | null;
}

/** Whether the record's fields differ from the archived paper's. */
export function fieldsChanged(known: KnownPaper, fields: ArchiveFields) {
  const row = known.paper as unknown as Record<string, unknown>;
  return Object.entries(fields).some(
    ([key, value]) => JSON.stringify(row[key] ?? null) !== JSON.stringify(value ?? null),
  );
}

/** A stream's SHA-256, read as it comes (never the whole file in memory). */
async function sha256Of(stream: Readable) {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Whether the record's galley differs from the paper's final PDF (decision 0084): by its size, and when the sizes
 * are the same by its content, the two files' SHA-256 computed as each is streamed (the galley from the work folder,
 * the stored PDF from the storage), so a PDF corrected to the same number of bytes is updated on a new import. A
 * paper without a PDF, or whose PDF the storage no longer has, takes the galley.
 */
export async function galleyChanged(storage: Storage, known: KnownPaper | null, galley: ImportedFile | null) {
  if (!galley) return false;
  if (!known || known.fileSize !== galley.bytes || !known.fileKey) return true;
  const stored = await storage.get(known.fileKey);
  if (!stored) return true;
  const [theirs, ours] = await Promise.all([sha256Of(stored.stream), sha256Of(createReadStream(galley.path))]);
  return theirs !== ours;
}

export interface StoredGalley {
  storageKey: string;
  originalName: string;
  size: number;
}

/**
 * Stores a galley's PDF (at most the final file's 25 MB, checked before) under a key of the journal that is the
 * import's and the record's: the galley is stored before its record's transaction, so a process killed between the
 * two leaves the file, and the resumed pass writes the same key again instead of leaving a second copy behind.
 */
export async function storeGalley(
  storage: Storage,
  journalId: number,
  importId: number,
  sourceId: string,
  galley: ImportedFile,
): Promise<StoredGalley> {
  const content = await readFile(galley.path);
  const name = createHash('sha256').update(`${importId}\n${sourceId}`).digest('hex').slice(0, 32);
  const storageKey = `papers/${journalId}/imported/${importId}-${name}.pdf`;
  await storage.put(storageKey, content);
  return { storageKey, originalName: galley.name.slice(-200) || 'paper.pdf', size: content.length };
}

async function insertFile(tx: Tx, paperId: number, stored: StoredGalley) {
  const [file] = await tx
    .insert(paperFiles)
    .values({
      paperId,
      kind: 'finalVersion',
      storageKey: stored.storageKey,
      originalName: stored.originalName,
      mimeType: 'application/pdf',
      size: stored.size,
    })
    .returning({ id: paperFiles.id });
  return file!.id;
}

function authorRows(paperId: number, paper: ImportedPaper, language: Language) {
  const main = Math.max(
    0,
    paper.authors.findIndex((author) => author.corresponding),
  );
  return paper.authors.map((author, position) => ({
    paperId,
    position,
    fullName: nameOf(author, language),
    email: author.email ?? '',
    phone: '',
    workPlace: author.affiliation.en.trim() || author.affiliation.ar.trim(),
    isMain: position === main,
    orcid: author.orcid,
  }));
}

/** The issue a paper goes in, locked, with the papers it holds (the paper goes last). */
type IssueRow = { id: number; status: number; publishDate: string | null; papers: number };

export async function createPaper(
  tx: Tx,
  journal: Journal,
  issue: IssueRow,
  record: ImportedPaper,
  fields: ArchiveFields,
  stored: StoredGalley | null,
) {
  const published = issue.status === ISSUE_STATUS.published;
  const date = new Date(`${record.publishDate ?? issue.publishDate ?? `${record.issue.year}-01-01`}T00:00:00Z`);
  const [paper] = await tx
    .insert(papers)
    .values({
      journalId: journal.id,
      code: journal.codePrefix ? await nextCodeOfMonth(tx, journal.id, journal.codePrefix, date) : null,
      status: published ? PAPER_STATUS.published : PAPER_STATUS.accepted,
      issueId: issue.id,
      title: fields.titleEn || fields.titleAr,
      titleEn: fields.titleEn,
      titleAr: fields.titleAr,
      abstract: fields.abstractEn || fields.abstractAr,
      keywords: fields.keywords,
      kind: 1,
      uploadPaid: true,
      publishPaid: true,
      submittedAt: date,
      statusDate: date,
    })
    .returning({ id: papers.id });
  const paperId = paper!.id;
  if (record.authors.length > 0)
    await tx.insert(paperAuthors).values(authorRows(paperId, record, journal.defaultLanguage));
  const finalFileId = stored ? await insertFile(tx, paperId, stored) : null;
  const madeAt = new Date();
  await tx.insert(archivedPapers).values({
    paperId,
    journalId: journal.id,
    issueId: issue.id,
    published,
    publishDate: published ? issue.publishDate : null,
    orderInIssue: issue.papers + 1,
    ...fields,
    finalFileId,
    createdAt: madeAt,
    modifiedAt: madeAt,
  });
  await tx
    .insert(importedPapers)
    .values({ journalId: journal.id, sourceId: record.sourceId, paperId })
    .onConflictDoNothing();
  return { paperId, replaced: null, madeAt };
}

/** Updates an archived paper from its record; answers what it replaced (for undo). */
export async function updatePaper(
  tx: Tx,
  journal: Journal,
  paperId: number,
  record: ImportedPaper,
  fields: ArchiveFields,
  stored: StoredGalley | null,
) {
  const [before] = await tx.select().from(archivedPapers).where(eq(archivedPapers.paperId, paperId)).for('update');
  const [paperBefore] = await tx
    .select({
      title: papers.title,
      titleEn: papers.titleEn,
      titleAr: papers.titleAr,
      abstract: papers.abstract,
      keywords: papers.keywords,
    })
    .from(papers)
    .where(eq(papers.id, paperId));
  const authorsBefore = await tx.select().from(paperAuthors).where(eq(paperAuthors.paperId, paperId));
  const finalFileId = stored ? await insertFile(tx, paperId, stored) : before!.finalFileId;
  const madeAt = new Date();
  await tx
    .update(archivedPapers)
    .set({ ...fields, finalFileId, modifiedAt: madeAt })
    .where(eq(archivedPapers.paperId, paperId));
  await tx
    .update(papers)
    .set({
      title: fields.titleEn || fields.titleAr,
      titleEn: fields.titleEn,
      titleAr: fields.titleAr,
      abstract: fields.abstractEn || fields.abstractAr,
      keywords: fields.keywords,
    })
    .where(eq(papers.id, paperId));
  await tx.delete(paperAuthors).where(eq(paperAuthors.paperId, paperId));
  if (record.authors.length > 0)
    await tx.insert(paperAuthors).values(authorRows(paperId, record, journal.defaultLanguage));
  await tx
    .insert(importedPapers)
    .values({ journalId: before!.journalId, sourceId: record.sourceId, paperId })
    .onConflictDoNothing();
  const {
    paperId: _id,
    createdAt: _created,
    modifiedAt: _modified,
    views: _views,
    downloads: _downloads,
    ...archive
  } = before!;
  const replaced = {
    archive: { ...archive },
    paper: paperBefore,
    authors: authorsBefore.map(({ id: _author, ...author }) => author),
    newFileId: stored ? finalFileId : null,
    /** Undo puts the paper back as it was, its modified_at too: an import undone leaves no trace on it. */
    modifiedAt: before!.modifiedAt.toISOString(),
  };
  return { paperId, replaced, madeAt };
}

export type Replaced = Awaited<ReturnType<typeof updatePaper>>['replaced'];
