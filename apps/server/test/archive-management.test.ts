import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, papers } from '../src/db/schema';
import { archiveIssue, journalId, specializationIds, withFinalFile } from './archive-setup';
import { buildTestApp, countStatements, expectError, type TestApp, type TestClient } from './harness';
import { DOCX, multipartForm, PDF } from './papers';

/**
 * Archive management (issue 21 §2; spec 03 §2, §5 "Archive paper edit"; docs/decisions/0033): the editors' table of
 * issues 20 a page, an issue's papers, and the archived paper's form with every rule, in press and published.
 */

const A = '/api/journals/general/archive-management';
let app: TestApp;
let editor: TestClient;
let general: number;
let specialization: number;
let otherSpecialization: number;
let publishedIssue: { issueId: number; paperIds: number[] };
let pressIssue: { issueId: number; paperIds: number[] };
const words = (n: number, word = 'sleep') => Array.from({ length: n }, () => word).join(' ');

/** A complete form, as the screen sends it. */
const form = (overrides: Record<string, unknown> = {}) => ({
  paperType: 1,
  titleEn: 'Sleep and memory in students',
  titleAr: 'النوم والذاكرة لدى الطلاب',
  subtitle: 'A cohort study',
  abstractEn: words(30),
  abstractAr: words(30, 'النوم'),
  correspondingAuthor: 'Huda Main',
  jointAuthors: ['Omar Second', 'Lina Third'],
  specializationIds: [specialization],
  keywords: ['sleep', 'memory'],
  fromPage: '1',
  toPage: '12',
  orderInIssue: '1',
  doi: '',
  ...overrides,
});

function save(client: TestClient, paperId: number, body: Record<string, unknown>, file?: [string, Buffer]) {
  const { payload, headers } = multipartForm(
    { paper: JSON.stringify(body) },
    file ? [['finalVersion', file[0], file[1]]] : [],
  );
  return client.request('PUT', `${A}/papers/${paperId}`, payload, headers);
}

const orders = async (issueId: number) =>
  (
    await app.deps.db
      .select({ id: archivedPapers.paperId, order: archivedPapers.orderInIssue })
      .from(archivedPapers)
      .where(eq(archivedPapers.issueId, issueId))
      .orderBy(asc(archivedPapers.orderInIssue))
  ).map((row) => row.id);

beforeAll(async () => {
  app = await buildTestApp();
  editor = await app.signedIn('editor@general.test');
  general = await journalId(app, 'general');
  specialization = (await specializationIds(app, general))[0]!.id;
  otherSpecialization = (await specializationIds(app, await journalId(app, 'ethics')))[0]!.id;
  publishedIssue = await archiveIssue(app, {
    journalId: general,
    volume: 77,
    issue: 4,
    month: '04 2026',
    publishDate: '2026-04-20',
    published: true,
    papers: [
      { titleEn: 'A first paper with a rather long English title', titleAr: 'البحث الأول' },
      { titleEn: 'Second' },
      { titleEn: 'Third' },
    ],
  });
  for (const id of publishedIssue.paperIds) await withFinalFile(app, id);
  pressIssue = await archiveIssue(app, {
    journalId: general,
    volume: 77,
    issue: 5,
    month: '07 2026',
    publishDate: '2026-07-20',
    published: false,
    papers: [{ titleEn: 'In press, no final file yet' }],
  });
}, 60_000);
afterAll(() => app.close());

describe('the issues table', () => {
  it('lists the journal’s issues newest first, 20 a page, with chronology, publish date and paper counts', async () => {
    const answer = await editor.get(`${A}/issues`);
    expect(answer.status).toBe(200);
    expect(answer.body.pageSize).toBe(20);
    expect(answer.body.items.length).toBe(Math.min(20, answer.body.total));
    expect(answer.body.items.slice(0, 2)).toEqual([
      {
        id: pressIssue.issueId,
        volume: 77,
        issue: '5',
        chronology: '07 2026',
        publishDate: '2026-07-20',
        published: false,
        papers: 1,
      },
      {
        id: publishedIssue.issueId,
        volume: 77,
        issue: '4',
        chronology: '04 2026',
        publishDate: '2026-04-20',
        published: true,
        papers: 3,
      },
    ]);
  });

  it('pages past 20 issues', async () => {
    for (let issue = 1; issue <= 21; issue++) {
      await archiveIssue(app, {
        journalId: general,
        volume: 60,
        issue,
        month: '01 2025',
        publishDate: '2025-01-10',
        published: true,
        papers: [],
      });
    }
    const first = await editor.get(`${A}/issues?page=1`);
    const second = await editor.get(`${A}/issues?page=2`);
    expect(first.body.items).toHaveLength(20);
    expect(second.body.total).toBe(first.body.total);
    expect(second.body.items.length).toBe(Math.min(20, first.body.total - 20));
    const ids = [...first.body.items, ...second.body.items].map((row: { id: number }) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers in two statements whatever the number of issues', async () => {
    expect(await countStatements(app, () => editor.get(`${A}/issues?page=2`))).toBeLessThanOrEqual(3);
  });
});

describe('an issue’s papers', () => {
  it('lists them in order with both titles and when each was last updated', async () => {
    const answer = await editor.get(`${A}/issues/77/4/papers`);
    expect(answer.status).toBe(200);
    expect(answer.body.issue).toMatchObject({ volume: 77, issue: '4', chronology: '04 2026', published: true });
    expect(answer.body.total).toBe(3);
    expect(
      answer.body.items.map((row: { id: number; order: number; titleEn: string; titleAr: string }) => [
        row.id,
        row.order,
        row.titleEn,
        row.titleAr,
      ]),
    ).toEqual([
      [publishedIssue.paperIds[0], 1, 'A first paper with a rather long English title', 'البحث الأول'],
      [publishedIssue.paperIds[1], 2, 'Second', ''],
      [publishedIssue.paperIds[2], 3, 'Third', ''],
    ]);
    expect(Date.parse(answer.body.items[0].modifiedAt)).not.toBeNaN();
  });

  it('answers an empty page of a real issue, and 404 "not found, it may be deleted" for a missing one', async () => {
    const empty = await editor.get(`${A}/issues/60/1/papers`);
    expect(empty.body).toMatchObject({ items: [], total: 0 });
    expectError(await editor.get(`${A}/issues/99/9/papers`), 404, 'notFound', 'archiveManagement.issue_not_found');
    expectError(await editor.get(`${A}/issues/77/x/papers`), 404, 'notFound', 'archiveManagement.issue_not_found');
  });

  it('answers in a few statements whatever the number of papers', async () => {
    expect(await countStatements(app, () => editor.get(`${A}/issues/77/4/papers`))).toBeLessThanOrEqual(3);
  });
});

describe('the archived paper’s form', () => {
  it('opens with every field, its issue read-only, the final PDF and the journal’s specializations', async () => {
    const answer = await editor.get(`${A}/papers/${publishedIssue.paperIds[0]}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: publishedIssue.paperIds[0],
      volume: 77,
      issue: '4',
      chronology: '04 2026',
      publishDate: '2026-04-20',
      published: true,
      orderInIssue: 1,
      papersInIssue: 3,
      titleEn: 'A first paper with a rather long English title',
      finalFile: { name: 'final.pdf', size: PDF.length },
      extraPaperTypes: false,
    });
    expect(answer.body.specializations.map((row: { id: number }) => row.id)).toContain(specialization);
    expectError(await editor.get(`${A}/papers/999999`), 404, 'notFound', 'archiveManagement.not_found');
  });

  it('edits a published paper’s English title: "Message updated successfully", and the public page shows it', async () => {
    const paperId = publishedIssue.paperIds[1]!;
    const answer = await save(editor, paperId, form({ titleEn: 'Second, retitled', orderInIssue: '2' }));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Message updated successfully');
    const page = await app.client().get(`/api/journals/general/archive/papers/${paperId}`);
    expect(page.body.title.en).toBe('Second, retitled');
    const [paper] = await app.deps.db.select().from(papers).where(eq(papers.id, paperId));
    expect(paper!.titleEn).not.toBe('Second, retitled');
    const [row] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, paperId));
    expect(row).toMatchObject({
      paperType: 1,
      subtitle: 'A cohort study',
      correspondingAuthor: 'Huda Main',
      jointAuthors: ['Omar Second', 'Lina Third'],
      keywords: ['sleep', 'memory'],
      specializationIds: [specialization],
      fromPage: 1,
      toPage: 12,
      doi: null,
    });
  });

  it('stores a DOI bare from each form people type it, and refuses anything else with "Not Valid DOI"', async () => {
    const paperId = publishedIssue.paperIds[1]!;
    for (const typed of ['10.1234/abc.5', 'doi:10.1234/abc.5', 'https://doi.org/10.1234/abc.5']) {
      expect((await save(editor, paperId, form({ doi: typed, orderInIssue: '2' }))).status).toBe(200);
      const [row] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, paperId));
      expect(row!.doi).toBe('10.1234/abc.5');
    }
    const refused = await save(editor, paperId, form({ doi: 'https://example.org/paper', orderInIssue: '2' }));
    expectError(refused, 400, 'validation', 'errors.validation', { Doi: ['archiveManagement.v_doi'] });
  });

  it('refuses each rule of spec 03 §5 on its field', async () => {
    const paperId = publishedIssue.paperIds[0]!;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ subtitle: 'x'.repeat(301) }, { Subtitle: ['archiveManagement.v_subtitle_max'] }],
      [{ abstractEn: words(10) }, { AbstractEn: ['validation.abstract_words'] }],
      [{ abstractAr: words(251, 'نوم') }, { AbstractAr: ['validation.abstract_words'] }],
      [{ correspondingAuthor: '' }, { CorrespondingAuthor: ['archiveManagement.v_author_required'] }],
      [{ correspondingAuthor: 'x'.repeat(76) }, { CorrespondingAuthor: ['archiveManagement.v_author_max'] }],
      [{ jointAuthors: ['y'.repeat(76)] }, { 'JointAuthors[0]': ['archiveManagement.v_author_max'] }],
      [{ specializationIds: [] }, { SpecializationIds: ['validation.specializations'] }],
      [{ keywords: [' , '] }, { Keywords: ['validation.keywords_required'] }],
      [{ fromPage: '' }, { FromPage: ['archiveManagement.v_from_page_required'] }],
      [{ toPage: '12a' }, { ToPage: ['archiveManagement.v_digits'] }],
      [{ fromPage: '20', toPage: '3' }, { ToPage: ['archiveManagement.v_pages_order'] }],
      [{ orderInIssue: '' }, { OrderInIssue: ['archiveManagement.v_order_required'] }],
      [{ paperType: 9 }, { PaperType: ['archiveManagement.v_paper_type'] }],
      [
        { titleEn: ' ', titleAr: '' },
        { TitleEn: ['archiveManagement.v_title_required'], TitleAr: ['archiveManagement.v_title_required'] },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const answer = await save(editor, paperId, form(overrides));
      expectError(answer, 400, 'validation', 'errors.validation', errors);
    }
  });

  it('keeps paper types 6 and 7 for journals with extra paper types, its own specializations, and orders 1..n', async () => {
    const paperId = publishedIssue.paperIds[0]!;
    expectError(await save(editor, paperId, form({ paperType: 6 })), 400, 'validation', 'errors.validation', {
      PaperType: ['archiveManagement.v_paper_type_extra'],
    });
    expectError(
      await save(editor, paperId, form({ specializationIds: [otherSpecialization] })),
      400,
      'validation',
      'errors.validation',
      { SpecializationIds: ['archiveManagement.v_specialization_unknown'] },
    );
    expectError(await save(editor, paperId, form({ orderInIssue: '4' })), 400, 'validation', 'errors.validation', {
      OrderInIssue: ['archiveManagement.v_order_range'],
    });
  });

  it('moves a paper within its issue and shifts the others so that the orders stay 1..n', async () => {
    const [first, second, third] = publishedIssue.paperIds as [number, number, number];
    expect((await save(editor, third, form({ orderInIssue: '1' }))).status).toBe(200);
    expect(await orders(publishedIssue.issueId)).toEqual([third, first, second]);
    expect((await save(editor, third, form({ orderInIssue: '3' }))).status).toBe(200);
    expect(await orders(publishedIssue.issueId)).toEqual([first, second, third]);
  });

  it('requires the final PDF when the paper has none, checks it by content, and replaces it when one is sent', async () => {
    const [paperId] = pressIssue.paperIds as [number];
    expectError(await save(editor, paperId, form()), 400, 'validation', 'errors.validation', {
      FinalVersion: ['archiveManagement.v_final_file_required'],
    });
    const disguised = await save(editor, paperId, form(), ['final.pdf', DOCX]);
    expect(disguised.status).toBe(415);
    expect((await save(editor, paperId, form(), ['camera-ready.pdf', PDF])).status).toBe(200);
    const opened = await editor.get(`${A}/papers/${paperId}`);
    expect(opened.body.finalFile).toMatchObject({ name: 'camera-ready.pdf' });
    expect(opened.body.published).toBe(false);
  });

  it('is for editors with the editor panel: 401 for a guest, 403 for a researcher, a handling editor, another journal’s editor', async () => {
    const paperId = publishedIssue.paperIds[0]!;
    expectError(await app.client().get(`${A}/issues`), 401, 'unauthenticated', 'errors.unauthenticated');
    for (const email of ['researcher@general.test', 'handling@general.test', 'editor@ethics.test']) {
      const client = await app.signedIn(email, undefined);
      expectError(await client.get(`${A}/issues`), 403, 'forbidden', 'errors.forbidden');
      expectError(await save(client, paperId, form()), 403, 'forbidden', 'errors.forbidden');
    }
    const secretary = await app.signedIn('secretary@general.test');
    expect((await secretary.get(`${A}/papers/${paperId}`)).status).toBe(200);
  });
});
