import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals } from '../src/db/schema';
import { openSecret } from '../src/lib/secret-box';
import { buildTestApp, expectError, type TestApp, type TestClient } from './harness';
import { EXE, JPEG, multipartForm, paperBody, specializationOf, submittedPaper } from './papers';

/**
 * The journal data screen (spec 03 §3, §5; issue 22 §2; decision 0041): the editor panel reads the journal's values
 * and saves them in one multipart request with the logo and covers. Rich text is cleaned on the server, every rule
 * is answered at once, a refused save changes nothing, and the public site shows a save at once.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => app?.close());

/** The form as the screen opens it, as a request's `data` (images and the password left as they are). */
async function currentValues() {
  const answer = await manager.get(`${G}/journal-data`);
  expect(answer.status).toBe(200);
  const { passwordSet: _passwordSet, images: _images, ...values } = answer.body as Record<string, unknown>;
  return { ...values, codePrefix: values.codePrefix ?? '' } as Record<string, unknown>;
}

const save = (data: unknown, files: [string, string, Buffer][] = [], client = manager, language = 'en') => {
  const { payload, headers } = multipartForm({ data: JSON.stringify(data) }, files);
  return client.request('PUT', `${G}/journal-data`, payload, { ...headers, 'accept-language': language });
};

/** A JPEG with a comment segment after its header (metadata the server strips). */
const COMMENT = Buffer.from('Author: Someone');
const IMAGE = Buffer.concat([
  JPEG.subarray(0, 20),
  Buffer.from([0xff, 0xfe, 0x00, COMMENT.length + 2]),
  COMMENT,
  JPEG.subarray(20),
]);

describe('the journal data screen', () => {
  it('opens with every stored value, never the mail password, and the images’ links', async () => {
    const answer = await manager.get(`${G}/journal-data`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      titleEn: 'Journal of Applied Sciences',
      passwordSet: true,
      defaultLanguage: 'en',
      reminderDays: { invitationUnanswered: 3, reviewDueSoon: 3, revisionDueSoon: 7, noReviewer: 7 },
    });
    expect(answer.body).not.toHaveProperty('password');
    expect(JSON.stringify(answer.body)).not.toContain('demo-mail-app-password');
    expect(answer.body.images.logo).toMatch(/^\/api\/journals\/general\/files\/logo\?v=/);
    expect(answer.body.aboutUsEn).toContain('<');
  });

  it('saves every field, cleans hostile rich text, and the public site shows it at once', async () => {
    const values = await currentValues();
    const hostile =
      '<p onclick="steal()">Our <strong>aims</strong><script>alert(1)</script>' +
      '<img src="https://tracker.example/pixel.png"><img src="/api/journals/general/files/logo" onerror="x()">' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.org">good</a>' +
      '<span style="background:url(javascript:alert(1));text-align:center">centred</span></p>' +
      '<iframe src="https://example.org"></iframe><style>body{}</style>';
    const saved = await save({
      ...values,
      titleEn: 'Journal of Applied Sciences (new)',
      aimsAndScopesEn: hostile,
      printIssn: '1234-567x',
      reminderDays: { invitationUnanswered: 5, reviewDueSoon: 2, revisionDueSoon: 10, noReviewer: 14 },
      extensionMaxDays: 20,
      openReview: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.messageKey).toBe('journalData.saved');

    const after = (await manager.get(`${G}/journal-data`)).body;
    expect(after).toMatchObject({
      titleEn: 'Journal of Applied Sciences (new)',
      printIssn: '1234-567X',
      reminderDays: { invitationUnanswered: 5, reviewDueSoon: 2, revisionDueSoon: 10, noReviewer: 14 },
      extensionMaxDays: 20,
      openReview: true,
      passwordSet: true,
    });
    const cleaned = after.aimsAndScopesEn as string;
    for (const bad of [
      'script',
      'onclick',
      'onerror',
      'tracker.example',
      'javascript',
      'iframe',
      'style>',
      'background',
    ])
      expect(cleaned).not.toContain(bad);
    expect(cleaned).toContain('<strong>aims</strong>');
    expect(cleaned).toContain('<img src="/api/journals/general/files/logo" />');
    expect(cleaned).toContain('href="https://example.org"');
    expect(cleaned).toContain('style="text-align:center"');

    // The public bootstrap of this process shows the save at once.
    const bootstrap = (await app.client().get(G)).body;
    expect(bootstrap.journalData.title.en).toBe('Journal of Applied Sciences (new)');
    expect(bootstrap.journalData.sections.aimsAndScopes.en).toBe(cleaned);
  });

  it('replaces a cover with a new image (checked by content, its metadata gone) under a new link', async () => {
    const before = (await app.client().get(G)).body.coverUrl.en as string;
    const saved = await save(await currentValues(), [['coverEn', 'cover.jpg', IMAGE]]);
    expect(saved.status).toBe(200);
    const after = (await app.client().get(G)).body.coverUrl.en as string;
    expect(after).not.toBe(before);
    const image = await app.client().request('GET', after);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.raw.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(image.raw.includes(COMMENT)).toBe(false);
  });

  it('answers every refusal at once, in the caller’s language, and changes nothing', async () => {
    const values = await currentValues();
    const refused = await save(
      {
        ...values,
        titleEn: '',
        website: 'not a link',
        impactFactor: 6,
        aboutUsAr: '<script>alert(1)</script>',
        contactUsEn: '<p></p>',
        codePrefix: 'ab',
        onlineIssn: '1234',
        doiPrefix: '11.1234',
        reminderDays: { invitationUnanswered: 0, reviewDueSoon: 3, revisionDueSoon: 7, noReviewer: 7 },
        deleteLogo: true,
      },
      [],
      manager,
      'ar',
    );
    expectError(refused, 400, 'validation', 'errors.validation');
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(refused.body.errors).toMatchObject({
      TitleEn: ['validation.required'],
      Website: ['validation.valid_url'],
      ImpactFactor: ['validation.impactFactor'],
      ContactUsEn: ['validation.required'],
      CodePrefix: ['validation.codePrefix_format'],
      OnlineIssn: ['journalData.issn_format'],
      DoiPrefix: ['journalData.doi_prefix_format'],
      Logo: ['journalData.image_required'],
    });
    expect(Object.keys(refused.body.errors).some((field) => field.startsWith('ReminderDays'))).toBe(true);
    expect(await currentValues()).toEqual(values);

    // A text that is only script is empty once cleaned: required, and still nothing saved.
    const onlyScript = await save({ ...values, aboutUsAr: '<p><script>alert(1)</script></p>' });
    expectError(onlyScript, 400, 'validation', 'errors.validation', { AboutUsAr: ['validation.required'] });
    expect(await currentValues()).toEqual(values);
  });

  it('refuses an image that is not one, or is too large, and a body that is not the form', async () => {
    const values = await currentValues();
    const wrongType: [string, string, Record<string, string[]>] = [
      'unsupportedFileType',
      'errors.unsupportedFileType',
      { Logo: ['validation.file_type'] },
    ];
    expectError(await save(values, [['logo', 'logo.jpg', EXE]]), 415, ...wrongType);
    expectError(await save(values, [['logo', 'logo.pdf', JPEG]]), 415, ...wrongType);
    // JPEG's first bytes, then nothing an image reader can follow.
    const broken = Buffer.concat([JPEG.subarray(0, 4), Buffer.from([0x00, 0x02]), Buffer.alloc(40, 0x41)]);
    expectError(await save(values, [['logo', 'logo.jpg', broken]]), 415, ...wrongType);
    const huge = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]);
    expectError(await save(values, [['logo', 'logo.jpg', huge]]), 413, 'fileTooLarge', 'errors.fileTooLarge', {
      Logo: ['validation.file_max'],
    });
    const notJson = multipartForm({ data: '{not json' });
    expect((await manager.request('PUT', `${G}/journal-data`, notJson.payload, notJson.headers)).status).toBe(400);
    expect((await manager.put(`${G}/journal-data`, values)).status).toBe(400);
    expect(await currentValues()).toEqual(values);
  });

  it('keeps the mail password unless one is typed, and a new code prefix only reaches new papers', async () => {
    const values = await currentValues();
    const spec = await specializationOf(app.client(), 'general');
    const author = await app.signedIn('researcher@general.test');
    const before = await submittedPaper(author, 'general', paperBody(spec));
    expect((await save({ ...values, password: 'new-app-password', codePrefix: 'NEWJ' })).status).toBe(200);
    const after = await submittedPaper(author, 'general', paperBody(spec));
    expect(after.code.startsWith('NEWJ.')).toBe(true);
    expect(before.code.startsWith('NEWJ.')).toBe(false);
    const editorView = (await manager.get(`${G}/papers/${before.id}`)).body;
    expect(editorView.code ?? editorView.paper?.code).toBe(before.code);
    expect((await manager.get(`${G}/journal-data`)).body.passwordSet).toBe(true);
    expect((await save({ ...values, codePrefix: values.codePrefix })).status).toBe(200);
  });

  it('stores a typed mail password sealed, never in clear, and still says it is set', async () => {
    const values = await currentValues();
    expect((await save({ ...values, password: 'Typed-Mailbox-Pass-99' })).status).toBe(200);
    const [row] = await app.deps.db
      .select({ stored: journals.mailPassword })
      .from(journals)
      .where(eq(journals.slug, 'general'));
    expect(row!.stored).toMatch(/^sealed:v1:/);
    expect(row!.stored).not.toContain('Typed-Mailbox-Pass-99');
    expect(openSecret(app.deps.config.SECRET, 'journal-mail-password', row!.stored)).toBe('Typed-Mailbox-Pass-99');
    const answer = await manager.get(`${G}/journal-data`);
    expect(answer.body.passwordSet).toBe(true);
    expect(JSON.stringify(answer.body)).not.toContain('Typed-Mailbox-Pass-99');
  });

  it('is the editor panel’s: the secretary saves, a researcher and another journal’s manager get 403', async () => {
    const secretary = await app.signedIn('secretary@general.test');
    expect((await secretary.get(`${G}/journal-data`)).status).toBe(200);
    expect((await save(await currentValues(), [], secretary)).status).toBe(200);
    for (const email of ['researcher@general.test', 'editor@ethics.test']) {
      const caller = await app.signedIn(email);
      expectError(await caller.get(`${G}/journal-data`), 403, 'forbidden', 'errors.forbidden');
      expectError(await save(await currentValues(), [], caller), 403, 'forbidden', 'errors.forbidden');
    }
  });
});
