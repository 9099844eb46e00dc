import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleyPdf } from './fixtures/jats/read-jats';
import { buildTestApp, type TestApp, type TestClient } from './harness';
import { archiveCounts, settled } from './imports-setup';
import { multipartForm } from './papers';

/**
 * Issue 45 §2 and §3 through the API and the engine: a typesetter's JATS zip with its PDFs, and the journal's own
 * spreadsheet template with the example row it carries and that row's PDF, each checked then imported into the archive.
 */
const SLUG = 'ethics';
const BASE = `/api/journals/${SLUG}/imports`;
const jatsFixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures/jats', name));

let app: TestApp;
let manager: TestClient;
beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@ethics.test');
});
afterAll(async () => app?.close());

async function importFile(source: string, name: string, content: Buffer) {
  const form = multipartForm({ source }, [['file', name, content]]);
  const created = await manager.request('POST', BASE, form.payload, form.headers);
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const checked = await settled(manager, created.body.import.id, undefined, SLUG);
  expect(checked.state, JSON.stringify(checked.error)).toBe('checked');
  expect((await manager.post(`${BASE}/${checked.id}/run`, { onRefusal: 'skip' })).status).toBe(202);
  const done = await settled(manager, checked.id, undefined, SLUG);
  expect(done.state).toBe('done');
  return { checked, done };
}

describe('the other sources, imported (issue 45)', () => {
  it('a JATS zip: each article with the PDF beside it, the broken one refused', async () => {
    const before = await archiveCounts(app, SLUG);
    const zip = zipSync({
      'en-article.xml': jatsFixture('en-article.xml'),
      'en-article.pdf': await galleyPdf('English article'),
      'ar-article.xml': jatsFixture('ar-article.xml'),
      'ar-article.pdf': await galleyPdf('Arabic article'),
      'broken-article.xml': jatsFixture('broken-article.xml'),
    });
    const { checked, done } = await importFile('jats', 'typesetter.zip', Buffer.from(zip));
    expect(checked.summary.refuse).toBeGreaterThanOrEqual(1);
    expect(done.summary.create).toBeGreaterThanOrEqual(2);
    const after = await archiveCounts(app, SLUG);
    expect(after.archived - before.archived).toBe(done.summary.create - (after.issues - before.issues));
  });

  it('the spreadsheet template, downloaded in Arabic, zipped with the PDF its example row names: its example paper', async () => {
    const before = await archiveCounts(app, SLUG);
    const template = (await manager.get(`${BASE}/template.xlsx?lang=ar`)).raw;
    const zip = zipSync({ 'papers.xlsx': template, 'pdfs/paper-107.pdf': await galleyPdf('Example paper') });
    const { done } = await importFile('spreadsheet', 'archive.zip', Buffer.from(zip));
    const lines = (await manager.get(`${BASE}/${done.id}/lines`)).body.items;
    expect(done.summary, JSON.stringify(lines)).toMatchObject({ refuse: 0 });
    expect(done.summary.create).toBeGreaterThanOrEqual(1);
    expect((await archiveCounts(app, SLUG)).archived).toBe(before.archived + 1);
  });
});
