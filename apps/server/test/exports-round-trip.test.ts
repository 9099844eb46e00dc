import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from './harness';
import { archiveOf, exported, imported, seedIssue } from './exports-setup';

/**
 * Issue 45 "And leaving": export → import into an empty journal gives the same archive, field for field and file
 * for file (decision 0082). The source journal's archive is bilingual: papers written as the issues screens leave
 * them (English and Arabic titles, abstracts of two paragraphs, keywords of both scripts, authors with their e-mails
 * and affiliations, pages, DOIs, PDFs of their own, a paper without PDF, an issue in press) and a bilingual OJS
 * export imported into it. Each export is imported through the import API (the dry run, then the import) into a
 * journal made empty for it, and every archive field of every paper, its issue, and its PDF's SHA-256 are compared.
 *
 * What the formats cannot carry, and so is not compared: the paper type, specializations, views and downloads (no
 * field of either format, nor of the import's model); in JATS, the paper's own list of authors beyond the archive's
 * corresponding and joint authors (our JATS writer names authors only, the corresponding one first; OJS carries
 * their order, e-mails and affiliations); an issue's month when the issue has no publication date, in OJS (its
 * `<issue_identification>` has a year only: the import takes January — every issue here has its date).
 */
const OJS_FIXTURE = readFileSync(path.join(import.meta.dirname, 'fixtures/ojs/bilingual-issues.xml'));

let app: TestApp;
let admin: TestClient;
const SOURCE = 'leaving';

async function newJournal(slug: string) {
  const created = await admin.post('/api/journals/general/platform/journals', {
    slug,
    titleEn: `Journal ${slug}`,
    titleAr: `مجلة ${slug}`,
    defaultLanguage: 'ar',
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
  const mohamed = { name: 'محمد علي', email: 'm.ali@ksu.edu.sa', affiliation: 'جامعة الملك سعود' };
  const john = { name: 'John Smith', email: '', affiliation: 'University of Leeds' };
  await seedIssue(app, SOURCE, { volume: 3, issue: 1, month: '03 2023', publishDate: '2023-03-15', published: true }, [
    {
      titleEn: 'Coastal erosion on the Nile delta',
      titleAr: 'تآكل السواحل في دلتا النيل',
      subtitle: 'A second look',
      abstractEn: 'We measure the shoreline.\n\nIt retreats by 3 m a year.',
      abstractAr: 'نقيس خط الساحل.\n\nيتراجع ثلاثة أمتار كل عام.',
      correspondingAuthor: amal.name,
      jointAuthors: [mohamed.name],
      authors: [amal, mohamed],
      keywords: ['coastal erosion', 'sediment', 'تآكل السواحل', 'الرواسب'],
      fromPage: 12,
      toPage: 30,
      doi: '10.5555/leaving.2023.1',
      pdf: 'p1',
    },
    {
      titleAr: 'المياه الجوفية في الصحراء الغربية',
      abstractAr: 'دراسة للمياه الجوفية.',
      correspondingAuthor: mohamed.name,
      authors: [mohamed],
      keywords: ['المياه الجوفية'],
      fromPage: 31,
      toPage: 44,
      pdf: 'p2',
    },
    {
      titleEn: 'A note on tides',
      abstractEn: 'Metadata only: no PDF.',
      correspondingAuthor: john.name,
      jointAuthors: [amal.name],
      authors: [john, amal],
      doi: '10.5555/leaving.2023.3',
    },
  ]);
  await seedIssue(app, SOURCE, { volume: 3, issue: 2, month: '09 2023', publishDate: '2023-09-01', published: true }, [
    {
      titleEn: 'Dunes and winds',
      titleAr: 'الكثبان والرياح',
      abstractEn: 'Dunes move.',
      abstractAr: 'الكثبان تتحرك.',
      correspondingAuthor: amal.name,
      authors: [amal],
      keywords: ['dunes'],
      fromPage: 1,
      toPage: 9,
      doi: '10.5555/leaving.2023.4',
      pdf: 'p4',
    },
  ]);
  await seedIssue(app, SOURCE, { volume: 4, issue: 1, month: '01 2099', publishDate: '2099-01-15', published: false }, [
    {
      titleEn: 'In press: a paper to come',
      titleAr: 'قيد النشر: بحث قادم',
      correspondingAuthor: john.name,
      authors: [john],
      fromPage: 1,
      toPage: 5,
      pdf: 'p5',
    },
  ]);
  // And a bilingual OJS export brought in as any journal would bring it (its broken article refused).
  const { done } = await imported(admin, SOURCE, 'ojs', 'journal-export.xml', OJS_FIXTURE, 'skip');
  expect(done.summary.create).toBeGreaterThanOrEqual(4);
}, 60_000);
afterAll(async () => app?.close());

describe('leaving: export → import into an empty journal (issue 45)', () => {
  for (const [format, source, file] of [
    ['ojs', 'ojs', 'export.xml'],
    ['jats', 'jats', 'export.zip'],
  ] as const) {
    it(`gives the same archive, field for field and file for file, through ${format}`, async () => {
      const before = await archiveOf(app, SOURCE);
      expect(before.papers.length).toBeGreaterThanOrEqual(9);
      const { view, download } = await exported(admin, SOURCE, format);
      expect(view).toMatchObject({ state: 'done', format, progress: { papersDone: before.papers.length } });
      expect(view.progress.papers).toBe(before.papers.length);
      expect(download.status).toBe(200);
      expect(download.headers['content-disposition']).toContain(view.fileName);
      expect(download.raw.length).toBe(view.bytes);

      const target = `moved-${format}`;
      await newJournal(target);
      const { checked, done } = await imported(admin, target, source, file, download.raw);
      // Every paper (and the issues they bring) to create; nothing refused, skipped or updated.
      expect(checked.summary).toMatchObject({ update: 0, skip: 0, refuse: 0 });
      expect(checked.summary.create).toBeGreaterThanOrEqual(before.papers.length);
      expect(done.state).toBe('done');

      const after = await archiveOf(app, target);
      const comparable = (archive: typeof before) =>
        format === 'ojs'
          ? archive
          : {
              ...archive,
              // JATS names the authors only, the corresponding one first (our JATS writer): the archive's
              // corresponding and joint authors come back, the paper's own list of authors (its order, e-mails and
              // affiliations) is OJS's to carry.
              papers: archive.papers.map(({ authors: _authors, ...paper }) => paper),
            };
      expect(comparable(after)).toEqual(comparable(before));
    }, 60_000);
  }
});

describe('an export', () => {
  it('is refused in a format the import does not read, and deleted with its file', async () => {
    const refused = await admin.post(`/api/journals/${SOURCE}/exports`, { format: 'pdf' });
    expect(refused.status).toBe(400);
    const { view } = await exported(admin, SOURCE, 'jats');
    const listed = (await admin.get(`/api/journals/${SOURCE}/exports`)).body.items;
    expect(listed[0]).toMatchObject({ id: view.id, state: 'done', fileName: `${SOURCE}-jats.zip` });
    const folder = path.join(app.deps.config.DATA_DIR, 'exports', String(view.id));
    expect(existsSync(folder)).toBe(true);
    expect((await admin.request('DELETE', `/api/journals/${SOURCE}/exports/${view.id}`)).status).toBe(204);
    expect(existsSync(folder)).toBe(false);
    const gone = await admin.get(`/api/journals/${SOURCE}/exports/${view.id}/download`, { 'accept-language': 'ar' });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('هذا التصدير غير موجود، أو حُذف.');
  });
});
