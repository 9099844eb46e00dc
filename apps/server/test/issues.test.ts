import { translate } from '@journals/core/i18n/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, countStatements, expectError, type TestApp, type TestClient } from './harness';
import { acceptedPaper, assign, createIssue, E, G, issueBody, userIdOf } from './issues-setup';

/**
 * Issues management (spec 03 §3–§5, §8; issue 21 §1): the list, creating, editing and deleting an issue, with the
 * rules of the issue's name, chronology and date, the unique (journal, volume, issue), what a published issue
 * locks, and who may do it, as an editor's screen reads the answers.
 */

let app: TestApp;
let editor: TestClient;
let researcherId: number;

beforeAll(async () => {
  app = await buildTestApp();
  editor = await app.signedIn('editor@general.test');
  researcherId = await userIdOf(app, 'researcher@general.test');
});
afterAll(() => app?.close());

describe('an issue', () => {
  it('is created, listed with its papers counted, edited and deleted', async () => {
    const body = issueBody({ issue: ' 07 ', isAllow: false });
    const created = await editor.post(`${G}/issues`, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ messageKey: 'issues.created', message: 'The issue is added.' });
    const id = created.body.id;
    const listed = (await editor.get(`${G}/issues`)).body.items.find((item: { id: number }) => item.id === id);
    expect(listed).toMatchObject({
      issue: '7',
      volume: body.volume,
      publishMonth: '03 2026',
      publishDate: '2026-03-15',
      isAllow: false,
      status: 0,
      publishedAt: null,
      paperCount: 0,
    });
    const edited = await editor.put(`${G}/issues/${id}`, { ...body, issue: '8', publishMonth: '04 2026' });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('The issue is saved.');
    const after = (await editor.get(`${G}/issues`)).body.items.find((item: { id: number }) => item.id === id);
    expect(after).toMatchObject({ issue: '8', publishMonth: '04 2026' });
    expect((await editor.request('DELETE', `${G}/issues/${id}`)).status).toBe(204);
    expect((await editor.get(`${G}/issues`)).body.items.some((item: { id: number }) => item.id === id)).toBe(false);
  });

  it('shows on the home page unless told otherwise', async () => {
    const { isAllow: _, ...body } = issueBody();
    const id = (await editor.post(`${G}/issues`, body)).body.id;
    expect((await editor.get(`${G}/issues`)).body.items.find((item: { id: number }) => item.id === id).isAllow).toBe(
      true,
    );
  });

  it('needs a whole number from 1 to 30, a volume, a month and year and a publish date', async () => {
    for (const issue of ['0', '31', '2.5', 'abc', '-1', '1e1']) {
      expectError(await editor.post(`${G}/issues`, issueBody({ issue })), 400, 'validation', 'errors.validation', {
        Issue: ['issues.name_invalid'],
      });
    }
    expectError(await editor.post(`${G}/issues`, issueBody({ issue: '' })), 400, 'validation', 'errors.validation', {
      Issue: ['issues.name_required'],
    });
    const bad = await editor.post(`${G}/issues`, issueBody({ volume: 0, publishMonth: '13 2026', publishDate: '' }));
    expectError(bad, 400, 'validation', 'errors.validation', {
      Volume: ['issues.volume_invalid'],
      PublishMonth: ['issues.month_required'],
      PublishDate: ['issues.date_required'],
    });
    editor.language = 'ar';
    const arabic = await editor.post(`${G}/issues`, issueBody({ issue: '31' }));
    editor.language = 'en';
    expect(arabic.body.message).toBe(translate('ar', 'errors.validation'));
    expect(translate('ar', arabic.body.errors.Issue[0])).toBe('يجب أن يكون رقم العدد عددًا صحيحًا من ١ إلى ٣٠.');
  });

  it('is one per (journal, volume, issue): a second is refused with a translated message', async () => {
    const body = issueBody({ issue: '3' });
    expect((await editor.post(`${G}/issues`, body)).status).toBe(201);
    const again = await editor.post(`${G}/issues`, { ...body, issue: '03' });
    expectError(again, 409, 'conflict', 'issues.duplicate', { Issue: ['issues.duplicate'] });
    expect(again.body.message).toBe('This volume already has an issue with this number.');
    editor.language = 'ar';
    expect((await editor.post(`${G}/issues`, body)).body.message).toBe('في هذا المجلد عدد بالرقم نفسه.');
    editor.language = 'en';
    // Another volume, or the same numbers in another journal, are other issues.
    expect((await editor.post(`${G}/issues`, { ...body, volume: body.volume + 1000 })).status).toBe(201);
    // An edit onto another issue's numbers is refused the same way.
    const other = await createIssue(editor, { volume: body.volume, issue: '4' });
    expectError(await editor.put(`${G}/issues/${other}`, body), 409, 'conflict', 'issues.duplicate');
  });

  it('with papers cannot be deleted; a missing or deleted issue is "not found, it may be deleted"', async () => {
    const id = await createIssue(editor);
    const paper = await acceptedPaper(app, researcherId);
    expect((await assign(editor, id, { paperId: paper.id, orderInIssue: 1 })).status).toBe(201);
    const refused = await editor.request('DELETE', `${G}/issues/${id}`);
    expectError(refused, 409, 'conflict', 'issues.has_papers');
    expect(refused.body.message).toBe('This issue cannot be deleted because it has papers.');
    const empty = await createIssue(editor);
    expect((await editor.request('DELETE', `${G}/issues/${empty}`)).status).toBe(204);
    for (const answer of [
      await editor.request('DELETE', `${G}/issues/${empty}`),
      await editor.put(`${G}/issues/${empty}`, issueBody()),
      await editor.get(`${G}/issues/${empty}/papers`),
      await editor.post(`${G}/issues/${empty}/publish`),
      await assign(editor, empty, { paperId: paper.id, orderInIssue: 1 }),
    ]) {
      expectError(answer, 404, 'notFound', 'issues.not_found');
      expect(answer.body.message).toBe('Issue not found, it may be deleted');
    }
    editor.language = 'ar';
    expect((await editor.get(`${G}/issues/${empty}/papers`)).body.message).toBe('العدد غير موجود، ربما حُذف');
    editor.language = 'en';
  });

  it('once published keeps its name, month and date, and cannot be deleted', async () => {
    const body = issueBody();
    const id = await createIssue(editor, body);
    const paper = await acceptedPaper(app, researcherId);
    expect((await assign(editor, id, { paperId: paper.id, orderInIssue: 1 })).status).toBe(201);
    expect((await editor.post(`${G}/issues/${id}/publish`)).status).toBe(200);
    for (const change of [{ issue: '2' }, { publishMonth: '05 2026' }, { publishDate: '2026-05-01' }]) {
      const answer = await editor.put(`${G}/issues/${id}`, { ...body, ...change });
      expectError(answer, 409, 'conflict', 'issues.locked');
    }
    // What it does not lock: whether it shows on the home page.
    expect((await editor.put(`${G}/issues/${id}`, { ...body, isAllow: false })).status).toBe(200);
    expectError(await editor.request('DELETE', `${G}/issues/${id}`), 409, 'conflict', 'issues.published_cannot_delete');
  });
});

describe('who manages issues', () => {
  it('is an editor with the editor panel: the journal manager and the secretary', async () => {
    const secretary = await app.signedIn('secretary@general.test');
    expect((await secretary.get(`${G}/issues`)).status).toBe(200);
    expect((await secretary.post(`${G}/issues`, issueBody())).status).toBe(201);
  });

  it('is nobody else: other roles 403, signed out 401, another journal’s issue 404', async () => {
    const id = await createIssue(editor);
    for (const email of ['researcher@general.test', 'reviewer@general.test', 'handling@general.test']) {
      const client = await app.signedIn(email);
      expectError(await client.get(`${G}/issues`), 403, 'forbidden', 'errors.forbidden');
      expectError(await client.post(`${G}/issues`, issueBody()), 403, 'forbidden', 'errors.forbidden');
      expectError(await client.post(`${G}/issues/${id}/publish`), 403, 'forbidden', 'errors.forbidden');
    }
    expectError(await app.client().get(`${G}/issues`), 401, 'unauthenticated', 'errors.unauthenticated');
    const ethics = app.client();
    await ethics.login('editor@ethics.test', 'Demo-pass-1', 'ethics');
    expectError(await ethics.get(`${E}/issues/${id}/papers`), 404, 'notFound', 'issues.not_found');
    expectError(await ethics.request('DELETE', `${E}/issues/${id}`), 404, 'notFound', 'issues.not_found');
    expect((await ethics.get(`${E}/issues`)).body.items.some((item: { id: number }) => item.id === id)).toBe(false);
  });
});

describe('the issues list and the issue papers screen', () => {
  it('answer in a few statements whatever the number of issues and papers', async () => {
    const id = await createIssue(editor);
    for (let order = 1; order <= 3; order++) {
      const paper = await acceptedPaper(app, researcherId);
      expect((await assign(editor, id, { paperId: paper.id, orderInIssue: order })).status).toBe(201);
    }
    for (let more = 0; more < 5; more++) await createIssue(editor);
    // The session and the caller's roles, then the answer itself.
    expect(await countStatements(app, () => editor.get(`${G}/issues`))).toBeLessThanOrEqual(3);
    expect(await countStatements(app, () => editor.get(`${G}/issues/${id}/papers`))).toBeLessThanOrEqual(6);
  });
});
