import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, journals, paperFiles, paperLogs, paperNotices } from '../src/db/schema';
import { buildTestApp, countStatements, expectError, type TestApp, type TestClient } from './harness';
import { acceptedPaper, assign, createIssue, G, userIdOf } from './issues-setup';
import { multipartForm, PDF } from './papers';
import { chargeAtDownload } from './search-setup';

/**
 * A correction's corrected file and the notices' marks (issue 46 §2, decision 0089): the corrected PDF becomes the
 * version of record, the earlier one stays readable on the paper's terms; a bad file writes nothing; the gravest
 * notice marks the paper in the issue, the home and the search, read in each list's own statement.
 */

let app: TestApp;
let editor: TestClient;
let researcherId: number;
let journalId: number;

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' };
const CORRECTED = Buffer.concat([PDF, Buffer.from('\n% the corrected version\n')]);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ff' +
    'ff3f0005fe02fea7d6a4bb0000000049454e44ae426082',
  'hex',
);

/** A paper published in an issue of its own, with its final PDF; its title holds `word` for the search. */
async function publishedPaper(word: string) {
  const issueId = await createIssue(editor, { publishDate: '2026-04-02' });
  const made = await acceptedPaper(app, researcherId, { title: `${word} and memory` });
  expect((await assign(editor, issueId, { paperId: made.id, orderInIssue: 1 })).status).toBe(201);
  expect((await editor.post(`${G}/issues/${issueId}/publish`)).status).toBe(200);
  const [row] = await app.deps.db
    .select({ volume: sql<number>`(select volume from issues where id = ${issueId})` })
    .from(archivedPapers)
    .where(eq(archivedPapers.paperId, made.id));
  return { id: made.id, issueUrl: `${G}/archive/volumes/${row!.volume}/issues/1` };
}

const noticeText = {
  textEn: 'Table 2’s second column is in hours, not minutes; the corrected PDF replaces the earlier one.',
  textAr: 'العمود الثاني في الجدول ٢ بالساعات لا بالدقائق، ويحل الملف المصوَّب محل السابق.',
  noticeDate: '2026-06-01',
};

/** POST …/corrections as the screen sends it: the notice's JSON and the corrected file. */
function correct(client: TestClient, paperId: number, file: [string, Buffer] | null, notice: object = noticeText) {
  const form = multipartForm({ notice: JSON.stringify(notice) }, file ? [['correctedFile', file[0], file[1]]] : []);
  return client.request('POST', `${G}/papers/${paperId}/corrections`, form.payload, form.headers);
}

const pdfOf = (paperId: number) => `${G}/archive/papers/${paperId}/pdf`;
const versionOf = (paperId: number, version: number) => `${G}/archive/papers/${paperId}/versions/${version}/pdf`;

/** What a failed correction must leave as it was: the paper's notices, files and final file. */
async function writtenFor(paperId: number) {
  const db = app.deps.db;
  const notices = await db.select().from(paperNotices).where(eq(paperNotices.paperId, paperId));
  const files = await db.select().from(paperFiles).where(eq(paperFiles.paperId, paperId));
  const [archived] = await db
    .select({ finalFileId: archivedPapers.finalFileId })
    .from(archivedPapers)
    .where(eq(archivedPapers.paperId, paperId));
  const logs = await db
    .select()
    .from(paperLogs)
    .where(and(eq(paperLogs.paperId, paperId), eq(paperLogs.action, 'noticePublished')));
  return { notices: notices.length, files: files.map((f) => [f.id, f.removedAt]), archived, logs: logs.length };
}

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  editor = await app.signedIn('editor@general.test');
  researcherId = await userIdOf(app, 'researcher@general.test');
  const [journal] = await app.deps.db.select({ id: journals.id }).from(journals).where(eq(journals.slug, 'general'));
  journalId = journal!.id;
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('a correction with a corrected file', () => {
  it('makes the file the version of record; the earlier one stays readable, listed with its date', async () => {
    const paper = await publishedPaper('Fenwort');
    const guest = app.client();
    expect((await guest.get(`${G}/archive/papers/${paper.id}`)).body.earlierVersions).toEqual([]);

    const answer = await correct(editor, paper.id, ['corrected.pdf', CORRECTED]);
    expect(answer.status).toBe(201);
    expect(answer.body.notice).toMatchObject({ kind: 'correction', noticeDate: '2026-06-01' });
    expect(answer.body.message).toBe('The notice is published, and the authors are told.');

    const page = await guest.get(`${G}/archive/papers/${paper.id}`);
    expect(page.body.hasFinalFile).toBe(true);
    expect(page.body.notices.map((n: { kind: string }) => n.kind)).toEqual(['correction']);
    expect(page.body.earlierVersions).toEqual([{ version: 1, from: '2026-04-02', correctedOn: '2026-06-01' }]);

    const current = await guest.get(pdfOf(paper.id), BROWSER);
    expect(current.status).toBe(200);
    expect(current.raw.equals(CORRECTED)).toBe(true);
    const earlier = await guest.get(versionOf(paper.id, 1), BROWSER);
    expect(earlier.status).toBe(200);
    expect(earlier.headers['content-type']).toBe('application/pdf');
    expect(earlier.raw.equals(PDF)).toBe(true);
    expect(earlier.headers['content-disposition']).toContain(`filename="paper-${paper.id}-v1.pdf"`);
    expect(earlier.headers['content-disposition']).toContain('%28version%201%29.pdf');
    expectError(await guest.get(versionOf(paper.id, 2)), 404, 'notFound', 'errors.notFound');
    expect((await guest.get(`${G}/archive/papers/${paper.id}/versions/0/pdf`)).status).toBe(400);

    // Nothing is deleted: both files are the paper's, the earlier marked replaced; the notice names both.
    const files = await app.deps.db.select().from(paperFiles).where(eq(paperFiles.paperId, paper.id));
    const finals = files.filter((file) => file.kind === 'finalVersion');
    expect(finals).toHaveLength(2);
    const [notice] = await app.deps.db.select().from(paperNotices).where(eq(paperNotices.paperId, paper.id));
    expect(notice!.replacedFileId).toBe(finals.find((file) => file.removedAt !== null)!.id);
    expect(notice!.correctedFileId).toBe(finals.find((file) => file.removedAt === null)!.id);

    // The log says the file was replaced.
    const [log] = await app.deps.db
      .select()
      .from(paperLogs)
      .where(and(eq(paperLogs.paperId, paper.id), eq(paperLogs.action, 'noticePublished')));
    expect(log!.notes).toBe('correction:fileReplaced');

    // A second correction with a file: two earlier versions, each dated from when it was the version of record.
    const third = Buffer.concat([PDF, Buffer.from('\n% corrected again\n')]);
    expect(
      (await correct(editor, paper.id, ['again.pdf', third], { ...noticeText, noticeDate: '2026-07-01' })).status,
    ).toBe(201);
    const again = await guest.get(`${G}/archive/papers/${paper.id}`);
    expect(again.body.earlierVersions).toEqual([
      { version: 1, from: '2026-04-02', correctedOn: '2026-06-01' },
      { version: 2, from: '2026-06-01', correctedOn: '2026-07-01' },
    ]);
    expect((await guest.get(pdfOf(paper.id), BROWSER)).raw.equals(third)).toBe(true);
    expect((await guest.get(versionOf(paper.id, 2), BROWSER)).raw.equals(CORRECTED)).toBe(true);
    expect((await guest.get(versionOf(paper.id, 1), BROWSER)).raw.equals(PDF)).toBe(true);
  });

  it('keeps both versions to the paper’s readers when the journal charges at download', async () => {
    const paper = await publishedPaper('Brackenmoss');
    expect((await correct(editor, paper.id, ['corrected.pdf', CORRECTED])).status).toBe(201);
    await chargeAtDownload(app, journalId, '10.00');
    try {
      const guest = app.client();
      const reader = await app.signedIn('reviewer@general.test');
      for (const client of [guest, reader]) {
        for (const url of [pdfOf(paper.id), versionOf(paper.id, 1)]) {
          expectError(await client.get(url), 403, 'forbidden', 'fullText.members_only_error');
        }
      }
      const author = await app.signedIn('researcher@general.test');
      for (const client of [author, editor]) {
        const earlier = await client.get(versionOf(paper.id, 1), BROWSER);
        expect(earlier.status).toBe(200);
        expect(earlier.raw.equals(PDF)).toBe(true);
        expect(earlier.headers['cache-control']).toBe('private, no-store');
      }
    } finally {
      await chargeAtDownload(app, journalId, null);
    }
  });

  it('refuses a bad file, translated, and writes nothing: no notice, no file, no log', async () => {
    const paper = await publishedPaper('Sedgewick');
    const before = await writtenFor(paper.id);
    const arabic = { 'accept-language': 'ar' };

    const png = await correct(editor, paper.id, ['corrected.pdf', PNG]);
    expectError(png, 415, 'unsupportedFileType', 'errors.unsupportedFileType', {
      CorrectedFile: ['validation.file_type'],
    });
    expectError(
      await correct(editor, paper.id, ['corrected.docx', PDF]),
      415,
      'unsupportedFileType',
      'errors.unsupportedFileType',
    );
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]);
    expectError(await correct(editor, paper.id, ['big.pdf', big]), 413, 'fileTooLarge', 'errors.fileTooLarge');
    expectError(await correct(editor, paper.id, null), 400, 'validation', 'errors.validation', {
      CorrectedFile: ['notices.corrected_file_required'],
    });
    // A good file with a bad notice: the file is not kept either.
    expectError(
      await correct(editor, paper.id, ['corrected.pdf', CORRECTED], { ...noticeText, textEn: '' }),
      400,
      'validation',
      'errors.validation',
      { TextEn: ['notices.text_required'] },
    );
    const form = multipartForm({ notice: '{not json' }, [['correctedFile', 'c.pdf', CORRECTED]]);
    expect(
      (await editor.request('POST', `${G}/papers/${paper.id}/corrections`, form.payload, form.headers)).status,
    ).toBe(400);
    // In Arabic too.
    const refused = await editor.request(
      'POST',
      `${G}/papers/${paper.id}/corrections`,
      multipartForm({ notice: JSON.stringify(noticeText) }, [['correctedFile', 'c.pdf', PNG]]).payload,
      { ...multipartForm({}, []).headers, ...arabic },
    );
    expect([400, 415]).toContain(refused.status);
    expect(refused.body.message).toMatch(/[\u0600-\u06ff]/);

    expect(await writtenFor(paper.id)).toEqual(before);
    // The version of record is still the first file.
    const current = await app.client().get(pdfOf(paper.id), BROWSER);
    expect(current.raw.equals(PDF)).toBe(true);
  });

  it('is for the journal’s editors only: 401 for a guest, 403 for others, 404 for another journal’s paper', async () => {
    const paper = await publishedPaper('Heathrow');
    const form = () => multipartForm({ notice: JSON.stringify(noticeText) }, [['correctedFile', 'c.pdf', CORRECTED]]);
    const url = `${G}/papers/${paper.id}/corrections`;
    let sent = form();
    expectError(
      await app.client().request('POST', url, sent.payload, sent.headers),
      401,
      'unauthenticated',
      'errors.unauthenticated',
    );
    const author = await app.signedIn('researcher@general.test');
    sent = form();
    expectError(await author.request('POST', url, sent.payload, sent.headers), 403, 'forbidden', 'errors.forbidden');
    sent = form();
    const missing = await editor.request('POST', `${G}/papers/999999/corrections`, sent.payload, sent.headers);
    expectError(missing, 404, 'notFound', 'archive.paperNotFound');
    expect((await writtenFor(paper.id)).notices).toBe(0);
  });
});

describe('the notices’ marks in lists', () => {
  it('marks the gravest notice in the issue, the home and the search, dropped from the caches at once', async () => {
    const retracted = await publishedPaper('Larkspurine');
    const corrected = await publishedPaper('Larkspurine corrected');
    const guest = app.client();
    const markOf = async (url: string, id: number) =>
      (await guest.get(url)).body.papers.find((paper: { id: number }) => paper.id === id).mark;
    // Read once before, so that a stale cached answer would show.
    expect(await markOf(retracted.issueUrl, retracted.id)).toBeNull();
    const search = `${G}/search?search=Larkspurine`;
    const hits = async () =>
      Object.fromEntries(
        (await guest.get(search)).body.items.map((hit: { id: number; mark: string | null }) => [hit.id, hit.mark]),
      );
    expect(await hits()).toMatchObject({ [retracted.id]: null, [corrected.id]: null });

    for (const kind of ['correction', 'expressionOfConcern', 'retraction', 'correction']) {
      const notice = { kind, ...noticeText };
      expect((await editor.post(`${G}/papers/${retracted.id}/notices`, notice)).status).toBe(201);
    }
    expect(
      (await editor.post(`${G}/papers/${corrected.id}/notices`, { kind: 'correction', ...noticeText })).status,
    ).toBe(201);

    expect(await markOf(retracted.issueUrl, retracted.id)).toBe('retraction');
    expect(await markOf(corrected.issueUrl, corrected.id)).toBe('correction');
    expect(await hits()).toMatchObject({ [retracted.id]: 'retraction', [corrected.id]: 'correction' });
    const home = (await guest.get(`${G}/archive/home`)).body;
    for (const paper of home.mostRead) expect(paper).toHaveProperty('mark');
    if (home.currentIssue) for (const paper of home.currentIssue.papers) expect(paper).toHaveProperty('mark');

    // The lists keep their statements (archive.test and search.test count them too): the marks are columns.
    const journal = 2;
    const uncached = async (url: string) => {
      app.deps.cache.invalidate('journal:general');
      return countStatements(app, async () => expect((await guest.get(url)).status).toBe(200));
    };
    expect(await uncached(retracted.issueUrl)).toBe(journal + 1);
    expect(await uncached(`${G}/archive/home`)).toBe(journal + 2);
    expect(await uncached(search)).toBeLessThanOrEqual(journal + 4);
  });
});
