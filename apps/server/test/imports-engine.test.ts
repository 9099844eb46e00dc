import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, journalImports } from '../src/db/schema';
import { runPass } from '../src/features/imports/imports.pass';
import { readWithInTests } from '../src/features/imports/imports.readers';
import { buildTestApp, countStatements, type TestApp, type TestClient } from './harness';
import { archiveCounts, fileOf, paperRecord, settled, testReader, upload } from './imports-setup';

/**
 * The import engine through its API (issue 45, decision 0076), with a test reader of JSON lines standing in for
 * the spreadsheet source (imports-setup.ts): the dry run, the import, the same file again, undo, a stop and resume,
 * refusals, an unreadable file.
 */
let app: TestApp;
let manager: TestClient;
let restore: () => void;
let onRecord: ((index: number) => void) | undefined;
const BASE = '/api/journals/general/imports';

beforeAll(async () => {
  app = await buildTestApp();
  restore = readWithInTests(
    'spreadsheet',
    testReader((index) => onRecord?.(index)),
  );
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => {
  restore();
  await app.close();
});

const good = [paperRecord(1, { doi: '10.1234/imp.1' }), paperRecord(2), paperRecord(3)];
const bad = [
  paperRecord(4, { issue: { ...paperRecord(4).issue!, number: 'Special' } }),
  paperRecord(5, { galley: 'docx' }),
  { refused: 'imports.reason_title_missing' },
];

async function checked(records: Parameters<typeof fileOf>[0]) {
  const created = await upload(manager, fileOf(records));
  expect(created.status).toBe(202);
  expect(created.body.import).toMatchObject({ state: 'checking', source: 'spreadsheet', fileName: 'archive.jsonl' });
  return settled(manager, created.body.import.id);
}

async function imported(id: number, onRefusal: 'skip' | 'nothing' = 'skip') {
  const run = await manager.post(`${BASE}/${id}/run`, { onRefusal });
  expect(run.status).toBe(202);
  return settled(manager, id);
}

describe('an import (issue 45)', () => {
  let firstId: number;
  let before: Awaited<ReturnType<typeof archiveCounts>>;

  it('is checked first: every record reported with its reason, and nothing written but the report', async () => {
    before = await archiveCounts(app);
    const view = await checked([...good, ...bad]);
    firstId = view.id;
    expect(await archiveCounts(app)).toEqual(before);
    expect(view).toMatchObject({
      state: 'checked',
      summary: { create: 4, update: 0, skip: 0, refuse: 3 },
      progress: { records: 6, files: 5 },
      error: null,
      undoable: false,
    });
    const refused = await manager.get(`${BASE}/${firstId}/lines?action=refuse`);
    expect(refused.body.total).toBe(3);
    expect(refused.body.items.map((line: { place: string; reason: string }) => [line.place, line.reason])).toEqual([
      ['row 4', 'Issue “Special” cannot be given a number of ours (a whole number from 1 to 30).'],
      ['row 5', 'The file “paper-5.docx” is not a PDF.'],
      ['row 6', 'The paper has no title in English or in Arabic.'],
    ]);
    manager.language = 'ar';
    const arabic = await manager.get(`${BASE}/${firstId}/lines?action=refuse`);
    manager.language = 'en';
    expect(arabic.body.items[1].reason).toBe('الملف «paper-5.docx» ليس ملف PDF.');
    // The place in the file is worded in Arabic too, its numbers in the page's digits (decision 0084).
    expect(arabic.body.items.map((line: { place: string }) => line.place)).toEqual(['الصف ٤', 'الصف ٥', 'الصف ٦']);
    const all = await manager.get(`${BASE}/${firstId}/lines`);
    expect(
      all.body.items.slice(0, 2).map((line: { kind: string; action: string }) => `${line.kind} ${line.action}`),
    ).toEqual(['issue create', 'paper create']);
  });

  it('writes nothing at all when the manager chose so and the check refused records', async () => {
    const refused = await manager.post(`${BASE}/${firstId}/run`, { onRefusal: 'nothing' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The check refused 3 records and you chose to import nothing in that case: nothing was written.',
    );
    expect((await manager.get(`${BASE}/${firstId}`)).body.state).toBe('checked');
    expect(await archiveCounts(app)).toEqual(before);
  });

  it('creates the good records as archive papers of a published issue, the refused ones left out', async () => {
    const view = await imported(firstId);
    expect(view).toMatchObject({ state: 'done', summary: { create: 4, refuse: 3 }, undoable: true });
    expect(view.progress).toMatchObject({ recordsDone: 6, secondsLeft: null });
    expect(await archiveCounts(app)).toEqual({
      papers: before.papers + 3,
      archived: before.archived + 3,
      issues: before.issues + 1,
    });
    const issue = await app.client().get('/api/journals/general/archive/volumes/40/issues/1');
    expect(issue.status).toBe(200);
    expect(JSON.stringify(issue.body)).toContain('Imported paper 3');
    const again = await manager.post(`${BASE}/${firstId}/run`, { onRefusal: 'skip' });
    expect(again.status).toBe(409);
  });

  let secondId: number;
  it('imported again, the same file creates nothing twice and updates what changed', async () => {
    const changed = [
      paperRecord(1, { doi: '10.1234/imp.1', title: { en: 'A better title', ar: '' } }),
      ...good.slice(1),
    ];
    const view = await checked(changed);
    secondId = view.id;
    expect(view.summary).toEqual({ create: 0, update: 1, skip: 2, refuse: 0 });
    const done = await imported(secondId);
    expect(done.summary).toEqual({ create: 0, update: 1, skip: 2, refuse: 0 });
    expect(await archiveCounts(app)).toEqual({
      papers: before.papers + 3,
      archived: before.archived + 3,
      issues: before.issues + 1,
    });
    const [row] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.doi, '10.1234/imp.1'));
    expect(row).toMatchObject({ titleEn: 'A better title', abstractEn: 'An abstract.' });
  });

  it('is undone as a whole: the update restored, then the papers and the issue it created removed', async () => {
    const undone = await manager.post(`${BASE}/${secondId}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.message).toContain('undone');
    const [row] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.doi, '10.1234/imp.1'));
    expect(row!.titleEn).toBe('Imported paper 1');
    expect((await manager.get(`${BASE}/${secondId}`)).body).toMatchObject({ state: 'undone', undoable: false });
    const first = await manager.post(`${BASE}/${firstId}/undo`);
    expect({ status: first.status, message: first.body.message }).toEqual({ status: 200, message: expect.any(String) });
    expect(await archiveCounts(app)).toEqual(before);
    expect((await app.client().get('/api/journals/general/archive/volumes/40/issues/1')).status).toBe(404);
  });

  it('is not undone once a paper it wrote was changed after it, and nothing is removed', async () => {
    const done = await imported(
      (await checked([paperRecord(7, { issue: { ...paperRecord(7).issue!, volume: 42 } })])).id,
    );
    const [line] = (await manager.get(`${BASE}/${done.id}/lines?action=create`)).body.items.slice(-1);
    expect(line.title).toBe('Imported paper 7');
    // An editor saves the paper in archive management: its modified_at moves on.
    await app.deps.db
      .update(archivedPapers)
      .set({ titleEn: 'Edited by the editor', modifiedAt: sql`now() + interval '1 second'` })
      .where(sql`${archivedPapers.titleEn} = 'Imported paper 7'`);
    const refused = await manager.post(`${BASE}/${done.id}/undo`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This import cannot be undone: “Imported paper 7” was changed after the import. Change it back or undo by hand.',
    );
    const kept = await app.deps.db
      .select()
      .from(archivedPapers)
      .where(eq(archivedPapers.titleEn, 'Edited by the editor'));
    expect(kept).toHaveLength(1);
  });

  it('fails its check on a file that cannot be read, with the reason in English and Arabic', async () => {
    const created = await upload(manager, Buffer.from('BROKEN file'));
    const view = await settled(manager, created.body.import.id);
    expect(view).toMatchObject({
      state: 'failed',
      error: { key: 'imports.file_unreadable', message: 'The file could not be read.' },
    });
    manager.language = 'ar';
    const arabic = await manager.get(`${BASE}/${view.id}`);
    manager.language = 'en';
    expect(arabic.body.error.message).toBe('تعذّرت قراءة الملف.');
    expect((await manager.request('DELETE', `${BASE}/${view.id}`)).status).toBe(204);
    expect((await manager.get(`${BASE}/${view.id}`)).status).toBe(404);
  });

  it('takes OJS Users XML now that the engine writes people (decision 0081)', async () => {
    const answer = await upload(manager, Buffer.from('<PKPUsers/>'), 'ojsUsers');
    expect(answer.status).toBe(202);
    expect(answer.body.import.source).toBe('ojsUsers');
  });

  it('gives its whole report as CSV with a byte-order mark and headers in the reader’s language', async () => {
    manager.language = 'ar';
    const report = await manager.get(`${BASE}/${firstId}/report.csv`);
    manager.language = 'en';
    expect(report.status).toBe(200);
    expect(report.raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = report.raw.toString('utf8').slice(1).trim().split('\n');
    expect(rows[0]).toBe('م,الموضع في الملف,النوع,الإجراء,العنوان,السبب');
    expect(rows).toHaveLength(1 + 7);
  });

  it('lists the last imports newest first in two statements, whatever their number', async () => {
    const list = () => manager.get(`${BASE}`);
    await list();
    const few = await countStatements(app, list);
    for (let n = 0; n < 3; n++) await checked([paperRecord(100 + n, { galley: undefined })]);
    const more = await countStatements(app, list);
    // The list, and the caller's roles in the journal (the journal row and the session are remembered).
    expect({ few, more }).toEqual({ few: 2, more: 2 });
    const { items } = (await list()).body;
    expect(items[0].id).toBeGreaterThan(items[1].id);
  });
});

describe('an import stopped in the middle (issue 45)', () => {
  it('resumes after its last record when taken up again, and ends as one clean run', async () => {
    const records = [1, 2, 3, 4, 5].map((n) =>
      paperRecord(200 + n, { issue: { ...paperRecord(n).issue!, volume: 43 } }),
    );
    const view = await checked(records);
    const before = await archiveCounts(app);
    const { id } = view;
    const hold = (holder: string, seconds: number) =>
      app.deps.db
        .update(journalImports)
        .set({ holder, heldUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(eq(journalImports.id, id));
    // As the run route does, held by this test's own pass rather than the queue's.
    await app.deps.db
      .update(journalImports)
      .set({ state: 'queued', onRefusal: 'skip' })
      .where(eq(journalImports.id, id));
    await hold('first', 3600);
    const stop = new AbortController();
    onRecord = (index) => index === 3 && stop.abort();
    await runPass(app.deps, id, 'first', stop.signal);
    onRecord = undefined;
    const stopped = (await manager.get(`${BASE}/${id}`)).body;
    expect(stopped).toMatchObject({ state: 'running', progress: { records: 5, recordsDone: 2 } });
    expect((await archiveCounts(app)).papers).toBe(before.papers + 2);

    // Another worker while a live one holds it: nothing.
    await hold('alive', 3600);
    await runPass(app.deps, id, 'second', new AbortController().signal);
    expect((await manager.get(`${BASE}/${id}`)).body.progress.recordsDone).toBe(2);

    // The holder was killed: its lease ran out, and the next pass takes it up after record 2.
    await hold('killed', -1);
    await runPass(app.deps, id, 'second', new AbortController().signal);
    const done = (await manager.get(`${BASE}/${id}`)).body;
    expect(done).toMatchObject({ state: 'done', summary: view.summary, progress: { recordsDone: 5 } });
    expect(await archiveCounts(app)).toEqual({
      papers: before.papers + 5,
      archived: before.archived + 5,
      issues: before.issues + 1,
    });
    const lines = (await manager.get(`${BASE}/${id}/lines`)).body;
    expect(lines.items.map((line: { position: number }) => line.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(lines.items.filter((line: { action: string }) => line.action === 'create')).toHaveLength(6);
  });
});
