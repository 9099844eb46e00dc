import { ISSUE_STATUS, PAPER_STATUS } from '@journals/core/enums';
import { eq } from 'drizzle-orm';
import { archivedPapers, issues, journals, paperFiles, papers, specializations } from '../src/db/schema';
import type { TestApp } from './harness';
import { PDF } from './papers';

/**
 * Rows of the public archive written straight into the database (the issues screens are another feature's): an
 * issue of a journal, published or in press, with its papers in order.
 */

export interface ArchivePaperRow {
  titleEn?: string;
  titleAr?: string;
  subtitle?: string;
  abstractEn?: string;
  abstractAr?: string;
  correspondingAuthor?: string;
  jointAuthors?: string[];
  keywords?: string[];
  specializationIds?: number[];
  fromPage?: number | null;
  toPage?: number | null;
  doi?: string | null;
  paperType?: number | null;
  views?: number;
}

export async function journalId(app: TestApp, slug: string) {
  const [row] = await app.deps.db.select({ id: journals.id }).from(journals).where(eq(journals.slug, slug));
  return row!.id;
}

export async function specializationIds(app: TestApp, journal: number) {
  const rows = await app.deps.db
    .select({ id: specializations.id, nameEn: specializations.nameEn, nameAr: specializations.nameAr })
    .from(specializations)
    .where(eq(specializations.journalId, journal))
    .orderBy(specializations.id);
  return rows;
}

/** An issue with its papers (order 1..n as given); answers the issue's id and its papers' ids in order. */
export async function archiveIssue(
  app: TestApp,
  options: {
    journalId: number;
    volume: number;
    issue: number;
    month: string;
    publishDate: string;
    published: boolean;
    isAllow?: boolean;
    papers: ArchivePaperRow[];
  },
) {
  const { db } = app.deps;
  const [issue] = await db
    .insert(issues)
    .values({
      journalId: options.journalId,
      volume: options.volume,
      issue: String(options.issue),
      publishMonth: options.month,
      publishDate: options.publishDate,
      isAllow: options.isAllow ?? true,
      status: options.published ? ISSUE_STATUS.published : ISSUE_STATUS.inPress,
      publishedAt: options.published ? new Date() : null,
    })
    .returning({ id: issues.id });
  const paperIds: number[] = [];
  for (const [index, paper] of options.papers.entries()) {
    const [row] = await db
      .insert(papers)
      .values({
        journalId: options.journalId,
        status: options.published ? PAPER_STATUS.published : PAPER_STATUS.accepted,
        issueId: issue!.id,
        title: paper.titleEn ?? '',
        titleEn: paper.titleEn ?? '',
        titleAr: paper.titleAr ?? '',
      })
      .returning({ id: papers.id });
    await db.insert(archivedPapers).values({
      paperId: row!.id,
      journalId: options.journalId,
      issueId: issue!.id,
      published: options.published,
      publishDate: options.published ? options.publishDate : null,
      orderInIssue: index + 1,
      fromPage: paper.fromPage ?? null,
      toPage: paper.toPage ?? null,
      doi: paper.doi ?? null,
      paperType: paper.paperType ?? null,
      titleEn: paper.titleEn ?? '',
      titleAr: paper.titleAr ?? '',
      subtitle: paper.subtitle ?? '',
      abstractEn: paper.abstractEn ?? '',
      abstractAr: paper.abstractAr ?? '',
      correspondingAuthor: paper.correspondingAuthor ?? '',
      jointAuthors: paper.jointAuthors ?? [],
      keywords: paper.keywords ?? [],
      specializationIds: paper.specializationIds ?? [],
      views: paper.views ?? 0,
    });
    paperIds.push(row!.id);
  }
  return { issueId: issue!.id, paperIds };
}

/** Gives an archived paper its final PDF (stored, and named in its archive row), as the issues screens leave it. */
export async function withFinalFile(app: TestApp, paperId: number, originalName = 'final.pdf') {
  const storageKey = `papers/test/${paperId}/final.pdf`;
  await app.deps.storage.put(storageKey, PDF);
  const [file] = await app.deps.db
    .insert(paperFiles)
    .values({ paperId, kind: 'finalVersion', storageKey, originalName, mimeType: 'application/pdf', size: PDF.length })
    .returning({ id: paperFiles.id });
  await app.deps.db.update(archivedPapers).set({ finalFileId: file!.id }).where(eq(archivedPapers.paperId, paperId));
}
