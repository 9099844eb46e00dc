import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperFiles } from '../src/db/schema';
import { buildTestApp, type TestApp, type TestClient } from './harness';
import { archiveOf, exported, imported, pdfOf, seedIssue } from './exports-setup';

/**
 * An export of a journal whose storage has lost a paper's PDF (decision 0084): the export ends done, the paper in
 * its file without the PDF, the others with theirs, and its view says which paper went without, in the manager's
 * language. The file, imported into an empty journal, brings every paper, the lost one without its PDF.
 */
let app: TestApp;
let admin: TestClient;
const SOURCE = 'lost-files';
const LOST = { titleEn: 'Dunes and winds', titleAr: 'الكثبان والرياح' };

async function newJournal(slug: string) {
  const created = await admin.post('/api/journals/general/platform/journals', {
    slug,
    titleEn: `Journal ${slug}`,
    titleAr: `مجلة ${slug}`,
    defaultLanguage: 'en',
    managerEmail: `manager.${slug}@example.org`,
    managerName: 'Rania Fawzi',
  });
  expect(created.status).toBe(201);
}

beforeAll(async () => {
  app = await buildTestApp();
  admin = await app.signedIn('admin@platform.test');
  await newJournal(SOURCE);
  const amal = { name: 'Amal Hassan', email: 'amal@cu.edu.eg', affiliation: 'Cairo University' };
  const [, lostId] = await seedIssue(
    app,
    SOURCE,
    { volume: 1, issue: 1, month: '03 2023', publishDate: '2023-03-15', published: true },
    [
      { titleEn: 'Coastal erosion', correspondingAuthor: amal.name, authors: [amal], pdf: 'kept' },
      { ...LOST, correspondingAuthor: amal.name, authors: [amal], pdf: 'lost' },
    ],
  );
  // The storage loses the second paper's PDF; the database still names it.
  const [file] = await app.deps.db.select().from(paperFiles).where(eq(paperFiles.paperId, lostId!));
  await app.deps.storage.remove(file!.storageKey);
}, 60_000);
afterAll(async () => app?.close());

describe('an export whose paper’s PDF the storage no longer has', () => {
  it('ends done as OJS Native XML, the paper in it without its PDF, and says which paper in each language', async () => {
    const { view, download } = await exported(admin, SOURCE, 'ojs');
    expect(view).toMatchObject({ state: 'done', error: null, progress: { papers: 2, papersDone: 2 } });
    expect(view.missingFiles).toEqual({
      count: 1,
      message:
        'One paper was exported without its PDF: the storage no longer has it. Restore the file and export again, or keep this export without it.',
      titles: [LOST.titleEn],
    });
    admin.language = 'ar';
    const arabic = (await admin.get(`/api/journals/${SOURCE}/exports/${view.id}`)).body;
    admin.language = 'en';
    expect(arabic.missingFiles.titles).toEqual([LOST.titleAr]);
    expect(arabic.missingFiles.message).toMatch(/^صُدِّر بحث واحد دون ملف PDF/);
    // Listed too, as the screen reads it.
    const listed = (await admin.get(`/api/journals/${SOURCE}/exports`)).body.items[0];
    expect(listed.missingFiles.count).toBe(1);

    const xml = download.raw.toString('utf8');
    expect(xml).toContain(LOST.titleEn);
    expect(xml.match(/<article_galley/g)).toHaveLength(1);
    const embedded = [...xml.matchAll(/<embed encoding="base64">([^<]*)<\/embed>/g)].map(([, text]) =>
      Buffer.from(text!.replace(/\s+/g, ''), 'base64'),
    );
    expect(embedded).toEqual([pdfOf('kept')]);

    // Imported into an empty journal: both papers, the lost one without a PDF.
    await newJournal('found-again');
    const { done } = await imported(admin, 'found-again', 'ojs', 'export.xml', download.raw);
    expect(done).toMatchObject({ state: 'done', summary: { refuse: 0 } });
    const moved = await archiveOf(app, 'found-again');
    const byTitle = new Map(moved.papers.map((paper) => [paper.titleEn, paper]));
    expect(byTitle.get(LOST.titleEn)?.pdf).toBeNull();
    expect(byTitle.get('Coastal erosion')?.pdf).toBe(createHash('sha256').update(pdfOf('kept')).digest('hex'));
  });

  it('ends done as JATS, the paper’s article in the zip without a PDF beside it', async () => {
    const { view, download } = await exported(admin, SOURCE, 'jats');
    expect(view).toMatchObject({ state: 'done', error: null, missingFiles: { count: 1, titles: [LOST.titleEn] } });
    const files = unzipSync(new Uint8Array(download.raw));
    const names = Object.keys(files).sort();
    expect(names.filter((name) => name.endsWith('.xml'))).toHaveLength(2);
    const pdfs = names.filter((name) => name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(1);
    expect(Buffer.from(files[pdfs[0]!]!).equals(pdfOf('kept'))).toBe(true);
    const lostXml = names.find((name) => strFromU8(files[name]!).includes(LOST.titleEn))!;
    expect(names).not.toContain(lostXml.replace(/\.xml$/, '.pdf'));
  });
});
