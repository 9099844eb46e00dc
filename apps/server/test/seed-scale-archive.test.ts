import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, issues, paperFiles, papers } from '../src/db/schema';
import { type ScaleResult, seedScale } from '../src/seed/scale';
import { DEFAULT_SCALE } from '../src/seed/scale-options';
import { buildTestApp, type TestApp } from './harness';

/** The scale seed's archive (issue 21 §6): what the bench's million published papers are made of, at a small size. */
describe('the scale seed’s archive', () => {
  let app: TestApp;
  let result: ScaleResult;
  let entries: (typeof archivedPapers.$inferSelect)[];

  beforeAll(async () => {
    app = await buildTestApp();
    result = await seedScale(app.deps.db, {
      ...DEFAULT_SCALE,
      journals: 3,
      researchers: 4,
      reviewers: 2,
      specialists: 0,
      papers: 30,
      archive: 900,
      issues: 4,
      heavy: 0,
      desk: 0,
      seed: 11,
    });
    entries = await app.deps.db
      .select()
      .from(archivedPapers)
      .where(inArray(archivedPapers.journalId, result.journalIds));
  }, 120_000);
  afterAll(() => app?.close());

  it('publishes as many archive papers as asked, spread over the journals, and archives every published paper of the plan, each with its final PDF', async () => {
    // The 900 asked for, and the ordinary plan's published papers (of its 30): every published paper, once.
    const published = await app.deps.db
      .select({ id: papers.id })
      .from(papers)
      .where(and(inArray(papers.journalId, result.journalIds), eq(papers.status, 7)));
    expect(published.length).toBeGreaterThan(900);
    expect(entries).toHaveLength(published.length);
    expect(result.rows.archived).toBe(published.length);
    expect(new Set(entries.map((entry) => entry.paperId))).toEqual(new Set(published.map((paper) => paper.id)));
    const perJournal = result.journalIds.map((id) => entries.filter((entry) => entry.journalId === id).length);
    expect(perJournal[0]).toBeGreaterThan(perJournal[2]!);
    expect(entries.every((entry) => entry.published && entry.publishDate !== null)).toBe(true);
    const statuses = await app.deps.db
      .selectDistinct({ status: papers.status })
      .from(papers)
      .innerJoin(archivedPapers, eq(archivedPapers.paperId, papers.id))
      .where(inArray(papers.journalId, result.journalIds));
    expect(statuses).toEqual([{ status: 7 }]);
    const [files] = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paperFiles)
      .innerJoin(archivedPapers, eq(archivedPapers.finalFileId, paperFiles.id))
      .where(
        and(
          eq(paperFiles.kind, 'finalVersion'),
          eq(paperFiles.paperId, archivedPapers.paperId),
          inArray(archivedPapers.journalId, result.journalIds),
        ),
      );
    expect(files!.n).toBe(entries.length);
  });

  it('writes bilingual abstracts of 150–250 English words, with no Latin letter in the Arabic', () => {
    for (const entry of entries) {
      const words = entry.abstractEn.split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(150);
      expect(words).toBeLessThanOrEqual(290);
      expect(entry.abstractAr).toMatch(/[\u0600-\u06ff]/);
      expect(entry.abstractAr).not.toMatch(/[A-Za-z]/);
      expect(entry.titleAr).not.toMatch(/[A-Za-z]/);
      expect(entry.keywords.length).toBeGreaterThanOrEqual(3);
      expect(entry.correspondingAuthor).not.toBe('');
    }
  });

  it('fills each issue in order: orders 1..n, pages that follow one another, one (volume, issue) per issue', async () => {
    const byIssue = new Map<number, (typeof archivedPapers.$inferSelect)[]>();
    for (const entry of entries) byIssue.set(entry.issueId, [...(byIssue.get(entry.issueId) ?? []), entry]);
    for (const papersOfIssue of byIssue.values()) {
      const ordered = papersOfIssue.sort((a, b) => a.orderInIssue - b.orderInIssue);
      expect(ordered.map((entry) => entry.orderInIssue)).toEqual(ordered.map((_, index) => index + 1));
      for (const [index, entry] of ordered.entries()) {
        expect(entry.fromPage!).toBeLessThanOrEqual(entry.toPage!);
        if (index > 0) expect(entry.fromPage).toBe(ordered[index - 1]!.toPage! + 1);
      }
    }
    const rows = await app.deps.db.select().from(issues).where(inArray(issues.journalId, result.journalIds));
    const names = rows.map((row) => `${row.journalId}/${row.volume}/${row.issue}`);
    expect(new Set(names).size).toBe(rows.length);
    // The archive's issues (its papers' codes end in .A{order}) come before the journal's four other issues.
    const first = result.journalIds[0]!;
    const archiveRows = await app.deps.db
      .selectDistinct({ issueId: papers.issueId })
      .from(papers)
      .where(and(eq(papers.journalId, first), sql`${papers.code} like '%.A%'`));
    const archiveIssues = new Set(archiveRows.map((row) => row.issueId));
    const latestArchive = Math.max(
      ...rows.filter((row) => archiveIssues.has(row.id)).map((row) => Date.parse(row.publishDate!)),
    );
    const others = rows.filter((row) => row.journalId === first && !archiveIssues.has(row.id));
    expect(others.length).toBe(4);
    for (const row of others) expect(Date.parse(row.publishDate!)).toBeGreaterThan(latestArchive);
  });
});
