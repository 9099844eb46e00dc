import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { archivedPapers, issues, journals, paperAuthors, paperFiles } from '../src/db/schema';
import { archiveIssue, journalId, type ArchivePaperRow } from './archive-setup';
import type { TestApp, TestClient } from './harness';
import { multipartForm, PDF } from './papers';
import { waitFor } from './smtp-fake';
import { settled } from './imports-setup';

/**
 * The exports' tests (decision 0082): a bilingual archive written into a journal, an export followed to its end and
 * downloaded, imported into another journal, and each journal's archive read field for field and file for file.
 */

/** A PDF of its own for each paper (the same header, a different comment), so files cannot be mixed up. */
export const pdfOf = (label: string) => Buffer.concat([PDF, Buffer.from(`%${label}\n`)]);

async function storeFinal(app: TestApp, paperId: number, name: string, content: Buffer) {
  const storageKey = `papers/test/${paperId}/${name}`;
  await app.deps.storage.put(storageKey, content);
  const [file] = await app.deps.db
    .insert(paperFiles)
    .values({
      paperId,
      kind: 'finalVersion',
      storageKey,
      originalName: name,
      mimeType: 'application/pdf',
      size: content.length,
    })
    .returning({ id: paperFiles.id });
  await app.deps.db.update(archivedPapers).set({ finalFileId: file!.id }).where(eq(archivedPapers.paperId, paperId));
}

export interface SeedPaper extends ArchivePaperRow {
  authors?: { name: string; email: string; affiliation: string }[];
  pdf?: string;
}

/** An issue of `slug` with its papers, their authors (as the papers' own) and their PDFs. */
export async function seedIssue(
  app: TestApp,
  slug: string,
  issue: { volume: number; issue: number; month: string; publishDate: string; published: boolean },
  papers: SeedPaper[],
) {
  const { paperIds } = await archiveIssue(app, { journalId: await journalId(app, slug), ...issue, papers });
  for (const [index, paper] of papers.entries()) {
    const paperId = paperIds[index]!;
    if (paper.authors?.length) {
      await app.deps.db.insert(paperAuthors).values(
        paper.authors.map((author, position) => ({
          paperId,
          position,
          fullName: author.name,
          email: author.email,
          phone: '',
          workPlace: author.affiliation,
          isMain: position === 0,
        })),
      );
    }
    if (paper.pdf) await storeFinal(app, paperId, `${paper.pdf}.pdf`, pdfOf(paper.pdf));
  }
  return paperIds;
}

/** The export once its job has left `queued` and `running`. */
export function exportSettled(client: TestClient, slug: string, id: number) {
  return waitFor(`export ${id} settled`, async () => {
    const answer = await client.get(`/api/journals/${slug}/exports/${id}`);
    return ['queued', 'running'].includes(answer.body.state) ? null : answer.body;
  });
}

/** Creates an export and waits for it; answers its view and its downloaded file. */
export async function exported(client: TestClient, slug: string, format: 'ojs' | 'jats') {
  const created = await client.post(`/api/journals/${slug}/exports`, { format });
  if (created.status !== 202) throw new Error(`export refused: ${created.status} ${JSON.stringify(created.body)}`);
  const view = await exportSettled(client, slug, created.body.export.id);
  const download = await client.get(`/api/journals/${slug}/exports/${view.id}/download`);
  return { view, download };
}

/** Imports a file into a journal through the API (dry run, then the import); answers the two views. */
export async function imported(
  client: TestClient,
  slug: string,
  source: string,
  name: string,
  content: Buffer,
  onRefusal: 'skip' | 'nothing' = 'nothing',
) {
  const form = multipartForm({ source }, [['file', name, content]]);
  const created = await client.request('POST', `/api/journals/${slug}/imports`, form.payload, form.headers);
  if (created.status !== 202) throw new Error(`import refused: ${created.status} ${JSON.stringify(created.body)}`);
  const checked = await settled(client, created.body.import.id, undefined, slug);
  const run = await client.post(`/api/journals/${slug}/imports/${checked.id}/run`, { onRefusal });
  if (run.status !== 202) throw new Error(`run refused: ${run.status} ${JSON.stringify(run.body)}`);
  const done = await settled(client, checked.id, undefined, slug);
  return { checked, done };
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function stored(app: TestApp, key: string) {
  const found = await app.deps.storage.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every archive field of every paper of a journal, in the archive's order, with its PDF's digest. */
export async function archiveOf(app: TestApp, slug: string) {
  const [journal] = await app.deps.db.select({ id: journals.id }).from(journals).where(eq(journals.slug, slug));
  const issueRows = await app.deps.db
    .select({
      volume: issues.volume,
      issue: issues.issue,
      publishMonth: issues.publishMonth,
      publishDate: issues.publishDate,
      status: issues.status,
    })
    .from(issues)
    .where(eq(issues.journalId, journal!.id))
    .orderBy(asc(issues.volume), asc(sql`${issues.issue}::int`));
  const rows = await app.deps.db
    .select({ paper: archivedPapers, volume: issues.volume, issue: issues.issue, key: paperFiles.storageKey })
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .leftJoin(paperFiles, eq(paperFiles.id, archivedPapers.finalFileId))
    .where(eq(archivedPapers.journalId, journal!.id))
    .orderBy(asc(issues.volume), asc(sql`${issues.issue}::int`), asc(archivedPapers.orderInIssue));
  const papers = [];
  for (const { paper, volume, issue, key } of rows) {
    const content = key ? await stored(app, key) : null;
    const authors = await app.deps.db
      .select({ name: paperAuthors.fullName, email: paperAuthors.email, affiliation: paperAuthors.workPlace })
      .from(paperAuthors)
      .where(eq(paperAuthors.paperId, paper.paperId))
      .orderBy(asc(paperAuthors.position));
    papers.push({
      volume,
      issue,
      order: paper.orderInIssue,
      published: paper.published,
      publishDate: paper.publishDate,
      titleEn: paper.titleEn,
      titleAr: paper.titleAr,
      subtitle: paper.subtitle,
      abstractEn: paper.abstractEn,
      abstractAr: paper.abstractAr,
      correspondingAuthor: paper.correspondingAuthor,
      jointAuthors: paper.jointAuthors,
      keywords: paper.keywords,
      fromPage: paper.fromPage,
      toPage: paper.toPage,
      doi: paper.doi,
      pdf: content ? sha256(content) : null,
      authors,
    });
  }
  return { issues: issueRows, papers };
}
