import { translate } from '@journals/core/i18n/index';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, journals, mailOutbox, paperLogs } from '../src/db/schema';
import { buildTestApp, expectError, type TestApp, type TestClient } from './harness';
import { acceptedPaper, assign, createIssue, G, userIdOf } from './issues-setup';

/**
 * Notices about published papers (issue 46 §2, decision 0087): the journal's editors publish a correction, an
 * expression of concern or a retraction; the paper's authors are mailed, its log says who did it, its public page
 * carries the notices, and the paper stays published and its PDF downloads.
 */

let app: TestApp;
let editor: TestClient;
let researcherId: number;
let issueCounter = 10;

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' };
const noticesOf = (paperId: number, base = G) => `${base}/papers/${paperId}/notices`;

/** A paper published in an issue of its own, with its final PDF; or left in press. */
async function paperIn({ publish = true, doi }: { publish?: boolean; doi?: string } = {}) {
  issueCounter += 1;
  const issueId = await createIssue(editor, { issue: String(issueCounter), publishDate: '2026-04-02' });
  const made = await acceptedPaper(app, researcherId, { title: `Sleep and memory ${issueCounter}` });
  const fields: Record<string, string | number> = { paperId: made.id, orderInIssue: 1 };
  if (doi) fields.doi = doi;
  expect((await assign(editor, issueId, fields)).status).toBe(201);
  if (publish) expect((await editor.post(`${G}/issues/${issueId}/publish`)).status).toBe(200);
  return made;
}

const notice = (overrides: Record<string, unknown> = {}) => ({
  kind: 'retraction',
  textEn: 'This paper is retracted at the authors’ request: its data could not be reproduced.',
  textAr: 'سُحب هذا البحث بطلب من مؤلفيه: تعذّر تكرار نتائج بياناته.',
  noticeDate: '2026-06-01',
  ...overrides,
});

const mailsAbout = async (kind: string) =>
  app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(asc(mailOutbox.id));

beforeAll(async () => {
  app = await buildTestApp();
  editor = await app.signedIn('editor@general.test');
  researcherId = await userIdOf(app, 'researcher@general.test');
});
afterAll(async () => {
  await app?.close();
});

describe('an editor publishing a notice', () => {
  it('publishes each kind; the public page carries them oldest first and the paper stays readable', async () => {
    const paper = await paperIn();
    const guest = app.client();
    // Read once before, so that a stale cached answer would show.
    expect((await guest.get(`${G}/archive/papers/${paper.id}`)).body.notices).toEqual([]);

    const kinds = [
      ['correction', '2026-05-01', 'Table 2’s second column is in hours, not minutes.'],
      ['expressionOfConcern', '2026-05-10', 'The editors are looking into questions about the data.'],
      ['retraction', '2026-06-01', 'This paper is retracted: its data could not be reproduced.'],
    ] as const;
    for (const [kind, noticeDate, textEn] of kinds) {
      const answer = await editor.post(noticesOf(paper.id), notice({ kind, noticeDate, textEn, textAr: '' }));
      expect(answer.status).toBe(201);
      expect(answer.body.message).toBe('The notice is published, and the authors are told.');
      expect(answer.body.notice).toMatchObject({ kind, noticeDate, text: { en: textEn, ar: '' }, doi: null });
    }

    const page = await guest.get(`${G}/archive/papers/${paper.id}`);
    expect(page.status).toBe(200);
    expect(page.body.notices).toEqual(
      kinds.map(([kind, noticeDate, textEn]) => ({
        id: expect.any(Number),
        kind,
        noticeDate,
        text: { en: textEn, ar: '' },
        doi: null,
      })),
    );
    // Never unpublished: the issue still lists it, and its PDF still downloads.
    expect(page.body.title.en).toContain('Sleep and memory');
    const pdf = await guest.get(`${G}/archive/papers/${paper.id}/pdf`, BROWSER);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // The editors' list says who published each.
    const listed = await editor.get(noticesOf(paper.id));
    expect(listed.status).toBe(200);
    expect(listed.body.notices.map((n: { kind: string }) => n.kind)).toEqual([
      'correction',
      'expressionOfConcern',
      'retraction',
    ]);
    expect(listed.body.notices[2].createdBy).toEqual(expect.any(String));
  });

  it('mails the paper’s authors, each once in their language, and writes the paper’s log', async () => {
    const paper = await paperIn();
    const before = (await mailsAbout('paperNotice')).length;
    const answer = await editor.post(noticesOf(paper.id), notice({ doi: 'https://doi.org/10.5555/Retract.1' }));
    expect(answer.status).toBe(201);
    expect(answer.body.notice.doi).toBe('10.5555/Retract.1');

    const mails = (await mailsAbout('paperNotice')).slice(before);
    const researcher = 'researcher@general.test';
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(
      ['huda@example.org', 'karim@example.org', 'lina@example.org', researcher].sort(),
    );
    const toResearcher = mails.find((mail) => mail.toAddress === researcher)!;
    expect(toResearcher.subject).toContain(`Retraction of your paper ${paper.code}`);
    expect(toResearcher.text).toContain('its data could not be reproduced');
    expect(toResearcher.text).toContain('dated 01/06/2026');
    expect(toResearcher.text).toContain(`http://journals.test/general/archive/papers/${paper.id}`);

    const [log] = await app.deps.db
      .select()
      .from(paperLogs)
      .where(and(eq(paperLogs.paperId, paper.id), eq(paperLogs.action, 'noticePublished')));
    expect(log).toMatchObject({ actorId: await userIdOf(app, 'editor@general.test'), notes: 'retraction' });
    // The log screen shows it.
    const logs = await editor.get(`${G}/papers/${paper.id}/logs`);
    expect(logs.status).toBe(200);
    expect(JSON.stringify(logs.body)).toContain('"action":"noticePublished"');
  });

  it('asks for the text in the journal’s default language, a kind and a date, in the reader’s language', async () => {
    const paper = await paperIn();
    expectError(await editor.post(noticesOf(paper.id), {}), 400, 'validation', 'errors.validation', {
      Kind: ['notices.kind_required'],
      NoticeDate: ['notices.date_required'],
    });
    expectError(
      await editor.post(noticesOf(paper.id), notice({ textEn: undefined, textAr: undefined })),
      400,
      'validation',
      'errors.validation',
      { TextEn: ['notices.text_required'] },
    );
    // General writes in English first: an Arabic text alone is not enough.
    expectError(
      await editor.post(noticesOf(paper.id), notice({ textEn: '  ' })),
      400,
      'validation',
      'errors.validation',
      { TextEn: ['notices.text_required'] },
    );
    expectError(
      await editor.post(noticesOf(paper.id), notice({ kind: 'erratum', noticeDate: '2026-02-30', doi: 'nonsense' })),
      400,
      'validation',
      'errors.validation',
      { Kind: ['notices.kind_required'], NoticeDate: ['validation.valid_date'], Doi: ['notices.doi_invalid'] },
    );
    expectError(
      await editor.post(noticesOf(paper.id), notice({ textEn: 'x'.repeat(10_001) })),
      400,
      'validation',
      'errors.validation',
      { TextEn: ['notices.text_max'] },
    );
    editor.language = 'ar';
    try {
      const arabic = await editor.post(noticesOf(paper.id), notice({ kind: undefined }));
      expect(arabic.status).toBe(400);
      expect(arabic.body.errors.Kind).toEqual(['notices.kind_required']);
      expect(translate('ar', 'notices.kind_required')).toBe('اختر نوع الإشعار.');
    } finally {
      editor.language = 'en';
    }
    // Nothing was written.
    expect((await editor.get(noticesOf(paper.id))).body.notices).toEqual([]);
  });

  it('refuses a DOI that a paper or another notice has', async () => {
    const paper = await paperIn({ doi: '10.5555/notice.paper.1' });
    expectError(
      await editor.post(noticesOf(paper.id), notice({ doi: '10.5555/NOTICE.paper.1' })),
      400,
      'validation',
      'errors.validation',
      { Doi: ['notices.doi_taken'] },
    );
    expect((await editor.post(noticesOf(paper.id), notice({ doi: '10.5555/notice.2' }))).status).toBe(201);
    expectError(
      await editor.post(noticesOf(paper.id), notice({ kind: 'correction', doi: 'doi:10.5555/Notice.2' })),
      400,
      'validation',
      'errors.validation',
      { Doi: ['notices.doi_taken'] },
    );
  });

  it('refuses a paper in press with 409: only a published paper has notices', async () => {
    const inPress = await paperIn({ publish: false });
    expectError(await editor.post(noticesOf(inPress.id), notice()), 409, 'conflict', 'notices.not_published');
  });
});

describe('who may publish a notice', () => {
  it('is the journal’s editors only: 401 for a guest, 403 for a researcher or reviewer, 404 across journals', async () => {
    const paper = await paperIn();
    expectError(
      await app.client().post(noticesOf(paper.id), notice()),
      401,
      'unauthenticated',
      'errors.unauthenticated',
    );
    expect((await app.client().get(noticesOf(paper.id))).status).toBe(401);
    for (const email of ['researcher@general.test', 'reviewer@general.test']) {
      const client = await app.signedIn(email);
      expectError(await client.post(noticesOf(paper.id), notice()), 403, 'forbidden', 'errors.forbidden');
      expect((await client.get(noticesOf(paper.id))).status).toBe(403);
    }
    // Another journal's paper, named under this journal: not found.
    const [ethicsPaper] = await app.deps.db
      .select({ id: archivedPapers.paperId })
      .from(archivedPapers)
      .innerJoin(journals, eq(journals.id, archivedPapers.journalId))
      .where(and(eq(journals.slug, 'ethics'), eq(archivedPapers.published, true)))
      .limit(1);
    expectError(await editor.post(noticesOf(ethicsPaper!.id), notice()), 404, 'notFound', 'archive.paperNotFound');
    expectError(await editor.get(noticesOf(ethicsPaper!.id)), 404, 'notFound', 'archive.paperNotFound');
    // This journal's paper named under the other journal, by its editor.
    const ethicsEditor = await app.signedIn('editor@ethics.test');
    const across = await ethicsEditor.post(noticesOf(paper.id, '/api/journals/ethics'), notice());
    expectError(across, 404, 'notFound', 'archive.paperNotFound');
    expect((await app.client().get(`${G}/archive/papers/${paper.id}`)).body.notices).toEqual([]);

    // The other journal writes in Arabic first: its editor must give the Arabic text, and may give it alone.
    const ethics = noticesOf(ethicsPaper!.id, '/api/journals/ethics');
    expectError(await ethicsEditor.post(ethics, notice({ textAr: '' })), 400, 'validation', 'errors.validation', {
      TextAr: ['notices.text_required'],
    });
    const before = (await mailsAbout('paperNotice')).length;
    expect((await ethicsEditor.post(ethics, notice({ kind: 'expressionOfConcern', textEn: '' }))).status).toBe(201);
    const arabic = (await mailsAbout('paperNotice'))
      .slice(before)
      .filter((mail) => /[\u0600-\u06FF]/.test(mail.subject));
    expect(arabic.length).toBeGreaterThan(0);
    expect(arabic[0]!.subject).toContain('إبداء قلق لبحثكم');
    expect(arabic[0]!.text).toContain('تعذّر تكرار نتائج بياناته');
  });
});
