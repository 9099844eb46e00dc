import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from './harness';
import { archiveCounts, settled } from './imports-setup';
import { multipartForm, specializationOf } from './papers';

/**
 * Issue 45 "Done means", through the API with the real reader: a manager imports a bilingual journal's OJS Native
 * XML export (the fixture of decision 0077: two issues, English and Arabic, embedded PDFs, one broken article), finds
 * its issues and papers on the public site and in search (Arabic normalised), and imports the same file again
 * without anything twice.
 */
const EXPORT = readFileSync(path.join(import.meta.dirname, 'fixtures/ojs/bilingual-issues.xml'));
const SLUG = 'ethics';
const BASE = `/api/journals/${SLUG}/imports`;

let app: TestApp;
let manager: TestClient;
/** The first import of the file, and its Tigris paper (the last test edits it, then tries to undo the import). */
let firstImport = 0;
let tigrisId = 0;

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@ethics.test');
});
afterAll(async () => app?.close());

async function checkedImport(language = 'en') {
  const form = multipartForm({ source: 'ojs' }, [['file', 'journal-export.xml', EXPORT]]);
  const created = await manager.request('POST', BASE, form.payload, { ...form.headers, 'accept-language': language });
  expect(created.status).toBe(202);
  return settled(manager, created.body.import.id, undefined, SLUG);
}

async function run(id: number) {
  expect((await manager.post(`${BASE}/${id}/run`, { onRefusal: 'skip' })).status).toBe(202);
  return settled(manager, id, undefined, SLUG);
}

const linesOf = async (id: number, language = 'en') =>
  (await manager.get(`${BASE}/${id}/lines?page=1`, { 'accept-language': language })).body.items as {
    place: string;
    action: string;
    kind: string;
    title: string;
    reason: string | null;
  }[];

describe('a bilingual journal’s OJS export, imported (issue 45)', () => {
  let firstPapers = 0;

  it('is checked, imported, and its papers are on the public site and in search, in both languages', async () => {
    const before = await archiveCounts(app, SLUG);
    const checked = await checkedImport();
    expect(checked.state).toBe('checked');
    expect(checked.summary.create).toBeGreaterThanOrEqual(4);
    expect(checked.summary.refuse).toBeGreaterThanOrEqual(1);
    expect(await archiveCounts(app, SLUG)).toEqual(before);
    // The broken article is refused with its place in the file and a reason in each language.
    const refused = (await linesOf(checked.id)).find((line) => line.action === 'refuse')!;
    expect(refused.place).toMatch(/issue 1 .*article/);
    expect(refused.reason).toBeTruthy();
    const refusedAr = (await linesOf(checked.id, 'ar')).find((line) => line.action === 'refuse')!;
    expect(refusedAr.reason).toMatch(/[\u0600-\u06FF]/);
    // Every line's place is worded in Arabic too, in Arabic digits; the source's own id is kept as written
    // (decision 0084). The English words of a place appear nowhere, on the screen or in the CSV report.
    expect(refused.place).toBe('issue 1 (vol. 3 no. 1) › article 3 (id 103)');
    expect(refusedAr.place).toBe('العدد ١ (المجلد ٣، رقم 1) › المقالة ٣ (المعرّف 103)');
    const ENGLISH_PLACE = /\b(issue|vol|no|article|id|user|row|column|record)\b/i;
    const arabicPlaces = (await linesOf(checked.id, 'ar')).map((line) => line.place);
    expect(arabicPlaces.length).toBeGreaterThanOrEqual(5);
    for (const place of arabicPlaces) expect(place).not.toMatch(ENGLISH_PLACE);
    const csv = await manager.get(`${BASE}/${checked.id}/report.csv?lang=ar`);
    const rows = parse(csv.raw.toString('utf8').replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual(['م', 'الموضع في الملف', 'النوع', 'الإجراء', 'العنوان', 'السبب']);
    expect(rows.slice(1).map((row) => row[1])).toEqual(arabicPlaces);
    expect(rows.find((row) => row[1] === refusedAr.place)?.[3]).toBe('رفض');

    const done = await run(checked.id);
    expect(done.state).toBe('done');
    firstPapers = (await linesOf(checked.id)).filter(
      (line) => line.action === 'create' && line.kind === 'paper',
    ).length;
    expect(done.summary.create).toBe(checked.summary.create);
    const after = await archiveCounts(app, SLUG);
    expect(after.archived - before.archived).toBeGreaterThanOrEqual(3);

    // Volume 3, issue 1 is a published issue of the public archive, with the Tigris paper and its DOI.
    const issue = await app.client().get(`/api/journals/${SLUG}/archive/volumes/3/issues/1`);
    expect(issue.status).toBe(200);
    const text = JSON.stringify(issue.body);
    expect(text).toContain('Groundwater Recharge in the Tigris Basin');
    expect(text).toContain('10.5555/jwa.2021.101');
    // Found by an English word, and by an Arabic word written without its hamza or with a ta marbuta read as ha.
    const search = (words: string) =>
      app.client().get(`/api/journals/${SLUG}/search?${new URLSearchParams({ search: words })}`);
    const english = await search('Tigris groundwater');
    expect(JSON.stringify(english.body.items)).toMatch(/Tigris/);
    const arabic = await search('دجله');
    expect(arabic.body.total).toBeGreaterThanOrEqual(1);
    // Harvested like any archive paper: OAI-PMH's Dublin Core (its Arabic title too) and the sitemap.
    const tigris = (issue.body.papers as { id: number; title: { en: string } }[]).find((paper) =>
      paper.title.en.includes('Tigris'),
    )!;
    expect(tigris).toBeDefined();
    // The ethics journal speaks Arabic first: its imported authors are named in Arabic where the export says.
    const authors = (issue.body.papers as { id: number; authors: string[] }[]).find((p) => p.id === tigris.id)!.authors;
    expect(authors).toEqual(expect.arrayContaining(['أمل حداد', 'عمر خليل']));
    tigrisId = tigris.id;
    firstImport = checked.id;
    const oai = await app.client().get(`/api/journals/${SLUG}/oai?verb=ListRecords&metadataPrefix=oai_dc`);
    expect(oai.status).toBe(200);
    expect(oai.raw.toString()).toContain('Groundwater Recharge in the Tigris Basin');
    expect(oai.raw.toString()).toContain('تغذية المياه الجوفية في حوض دجلة');
    const sitemap = (await app.client().get(`/${SLUG}/sitemap.xml`)).raw.toString();
    expect(sitemap).toMatch(/vol-3-i-1/);
    expect(sitemap).toContain(`/papers/${tigris.id}<`);
  });

  it('imported again, creates nothing twice', async () => {
    const before = await archiveCounts(app, SLUG);
    const again = await checkedImport('ar');
    expect(again.summary.create).toBe(0);
    // Every paper of the first import is known again (its issues too: they are found, not reported).
    const papersBefore = (await linesOf(again.id)).filter((line) => line.action !== 'refuse');
    expect(again.summary.update + again.summary.skip).toBe(papersBefore.length);
    expect(papersBefore.length).toBe(firstPapers);
    const done = await run(again.id);
    expect(done.state).toBe('done');
    expect(await archiveCounts(app, SLUG)).toEqual(before);
  });
});

describe('undoing an import once an editor has changed what it wrote', () => {
  it('is refused with the paper named, in the manager’s language, and nothing is removed', async () => {
    const form = (await manager.get(`/api/journals/${SLUG}/archive-management/papers/${tigrisId}`)).body;
    const {
      id: _id,
      volume: _v,
      issue: _i,
      chronology: _c,
      publishDate: _p,
      published: _pub,
      modifiedAt: _m,
      papersInIssue: _n,
      finalFile: _f,
      ...fields
    } = form;
    // The editor corrects the title and gives what the form asks of every paper (its type and specialization); the
    // abstracts stay as imported, whatever today's word limits say (decision 0083).
    const body = {
      ...fields,
      paperType: 1,
      specializationIds: [await specializationOf(app.client(), SLUG)],
      titleEn: 'Groundwater Recharge in the Tigris Basin (corrected)',
      doi: fields.doi ?? '',
    };
    const { payload, headers } = multipartForm({ paper: JSON.stringify(body) });
    const saved = await manager.request(
      'PUT',
      `/api/journals/${SLUG}/archive-management/papers/${tigrisId}`,
      payload,
      headers,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const before = await archiveCounts(app, SLUG);
    const undo = await manager.post(`${BASE}/${firstImport}/undo`, {}, { 'accept-language': 'ar' });
    expect(undo.status).toBe(409);
    expect(undo.body.messageKey).toBe('imports.undo_touched');
    expect(undo.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await archiveCounts(app, SLUG)).toEqual(before);
  });
});

describe('the spreadsheet’s template (decision 0080)', () => {
  it('downloads as XLSX and CSV with its headers in the language asked for', async () => {
    const xlsx = await manager.get(`${BASE}/template.xlsx?lang=ar`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.raw.subarray(0, 2).toString('latin1')).toBe('PK');
    const csv = await manager.get(`${BASE}/template.csv`, { 'accept-language': 'ar' });
    const text = csv.raw.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.split('\n')[0]).toMatch(/[\u0600-\u06FF]/);
    const english = (await manager.get(`${BASE}/template.csv?lang=en`)).raw.toString('utf8');
    expect(english.split('\n')[0]).toMatch(/title/i);
    // Someone without the screen gets nothing.
    const researcher = await app.signedIn('researcher@ethics.test');
    expect((await researcher.get(`${BASE}/template.csv`)).status).toBe(403);
  });
});
