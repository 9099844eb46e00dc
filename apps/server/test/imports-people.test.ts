import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalRoles, journals, mailOutbox, users } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, lastMailTo, type TestApp, type TestClient } from './harness';
import { settled } from './imports-setup';
import { acceptInvitation } from './invitations';
import { multipartForm, specializationOf } from './papers';

/**
 * Issue 45 "Imported people" (decision 0081), through the API with the real OJS Users XML fixture imported into the
 * ethics journal (Arabic first): Amal (journal manager and author, a bcrypt hash kept), Sara (reviewer and guest
 * editor, already a person of ethics), Karim (reviewer, reader, copyeditor, an account of general only), Layla (an
 * author, Arabic and English names) and a person without an e-mail, refused.
 */
const USERS_XML = readFileSync(path.join(import.meta.dirname, 'fixtures/ojs/users.xml'));
const SLUG = 'ethics';
const BASE = `/api/journals/${SLUG}/imports`;
const AMAL = 'amal.haddad@uobaghdad.example';
const SARA = 'sara.najjar@example.org';
const KARIM = 'karim@example.org';
const LAYLA = 'layla.obaidi@uobasrah.example';
const LOGIN = `/api/journals/${SLUG}/auth/login`;

let app: TestApp;
let manager: TestClient;
let ethicsId: number;

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@ethics.test');
  ethicsId = (await app.deps.db.select().from(journals).where(eq(journals.slug, SLUG)))[0]!.id;
  const ethicsSpec = await specializationOf(app.client(), SLUG);
  // Sara registered in ethics (a researcher of it); Karim in general only.
  await createActiveUser(app, { email: SARA, fullName: 'Sara Own Name', specializations: [ethicsSpec] }, SLUG);
  await createActiveUser(app, { email: KARIM, fullName: 'Karim Own Name' });
});
afterAll(async () => app?.close());

const account = async (email: string) => (await app.deps.db.select().from(users).where(eq(users.email, email)))[0];
const rolesHere = async (email: string) => {
  const user = await account(email);
  if (!user) return [];
  const rows = await app.deps.db
    .select({ role: journalRoles.role, editorType: journalRoles.editorType })
    .from(journalRoles)
    .where(and(eq(journalRoles.userId, user.id), eq(journalRoles.journalId, ethicsId)));
  return rows.map((row) => (row.editorType === null ? row.role : `${row.role}:${row.editorType}`)).sort();
};
const lastMailId = async () =>
  Number((await app.deps.db.select({ n: sql<number>`coalesce(max(id), 0)::int` }).from(mailOutbox))[0]!.n);
const mailsSince = (id: number) => app.deps.db.select().from(mailOutbox).where(gt(mailOutbox.id, id));

async function checked(language = 'en') {
  const form = multipartForm({ source: 'ojsUsers' }, [['file', 'users.xml', USERS_XML]]);
  const created = await manager.request('POST', BASE, form.payload, { ...form.headers, 'accept-language': language });
  expect(created.status).toBe(202);
  return settled(manager, created.body.import.id, undefined, SLUG);
}
async function imported() {
  const view = await checked();
  // Nobody is invited from an import that has not run.
  expectError(await manager.post(`${BASE}/${view.id}/invite`, {}), 409, 'conflict', 'imports.invite_not_done');
  expect((await manager.post(`${BASE}/${view.id}/run`, { onRefusal: 'skip' })).status).toBe(202);
  const done = await settled(manager, view.id, undefined, SLUG);
  expect(done.state).toBe('done');
  return done;
}
const linesOf = async (id: number, language = 'en') =>
  (await manager.get(`${BASE}/${id}/lines?page=1`, { 'accept-language': language })).body.items as {
    place: string;
    kind: string;
    action: string;
    title: string;
    reason: string | null;
  }[];
const lineOf = (lines: Awaited<ReturnType<typeof linesOf>>, who: string) =>
  lines.find((line) => line.place.includes(`(${who})`))!;

describe('people of an OJS Users XML, imported (issue 45)', () => {
  let firstId = 0;

  it('reports each person in the dry run, in English and Arabic, and writes nothing', async () => {
    const view = await checked();
    expect(view.state).toBe('checked');
    expect(view.summary).toEqual({ create: 2, update: 2, skip: 0, refuse: 1 });
    const lines = await linesOf(view.id);
    expect(lines.every((line) => line.kind === 'person')).toBe(true);
    expect(lineOf(lines, 'amal')).toMatchObject({ action: 'create', reason: null });
    expect(lineOf(lines, 'amal').title).toContain(AMAL);
    expect(lineOf(lines, 'sara')).toMatchObject({ action: 'update', reason: expect.stringContaining('roles') });
    expect(lineOf(lines, 'karim')).toMatchObject({ action: 'update', reason: expect.stringContaining('accepts') });
    expect(lineOf(lines, 'nobody')).toMatchObject({ action: 'refuse', place: 'user 4 (nobody)' });
    expect(lineOf(await linesOf(view.id, 'ar'), 'nobody').reason).toMatch(/[\u0600-\u06FF]/);
    expect(await account(AMAL)).toBeUndefined();
    expect(await rolesHere(SARA)).toEqual(['researcher']);
    expect((await manager.request('DELETE', `${BASE}/${view.id}`)).status).toBe(204);
  });

  it('creates inactive accounts with the roles of the table, links existing ones, and mails nobody', async () => {
    const mailBefore = await lastMailId();
    const done = await imported();
    firstId = done.id;
    expect(done.summary).toEqual({ create: 2, update: 2, skip: 0, refuse: 1 });
    const amal = (await account(AMAL))!;
    expect(amal).toMatchObject({
      emailConfirmed: false,
      // Ethics writes Arabic first: the Arabic name is the account's, the English one its name on papers.
      fullName: 'أمل حداد',
      nameOnPaper: 'Amal Haddad',
      workPlace: 'جامعة بغداد',
      phone: '+9647701234567',
      orcid: '0000-0002-1825-0097',
      language: 'ar',
    });
    expect(amal.passwordHash).toMatch(/^legacy:bcrypt:\$2y\$10\$/);
    expect(await rolesHere(AMAL)).toEqual(['editor:0', 'researcher']);
    const layla = (await account(LAYLA))!;
    expect(layla).toMatchObject({ emailConfirmed: false, fullName: 'ليلى العبيدي', nameOnPaper: 'Layla Al-Obaidi' });
    expect(layla.personalKeywords).toEqual(['أخلاقيات البحث', 'research ethics']);
    // An OJS 2 sha1 hash is not kept: nothing matches Layla's password yet.
    expect(layla.passwordHash).toMatch(/^!unset-/);
    expect(await rolesHere(LAYLA)).toEqual(['researcher']);
    // Sara, a person of ethics: the roles she lacked added (reviewer, guest editor → handling editor), her account
    // as it was.
    expect(await rolesHere(SARA)).toEqual(['handlingEditor', 'researcher', 'reviewer']);
    expect((await account(SARA))!.fullName).toBe('Sara Own Name');
    // Karim, of general only: nothing of his account, and no role here until he accepts.
    expect((await account(KARIM))!.fullName).toBe('Karim Own Name');
    expect(await rolesHere(KARIM)).toEqual([]);
    expect(await mailsSince(mailBefore)).toEqual([]);
    // An inactive account does not sign in with a password it never chose.
    expectError(
      await app.client().post(LOGIN, { email: LAYLA, password: 'anything-1' }),
      400,
      'validation',
      'errors.loginFailed',
    );
  });

  it('creates nothing when the same file is imported again', async () => {
    const view = await checked();
    expect(view.summary.create).toBe(0);
    const lines = await linesOf(view.id);
    expect(lineOf(lines, 'amal')).toMatchObject({ action: 'skip' });
    expect(lineOf(lines, 'sara')).toMatchObject({ action: 'skip' });
    expect(lineOf(lines, 'layla')).toMatchObject({ action: 'skip' });
    expect((await manager.request('DELETE', `${BASE}/${view.id}`)).status).toBe(204);
    expect((await app.deps.db.select().from(users).where(eq(users.email, AMAL))).length).toBe(1);
  });

  it('is undone: the unused accounts it made go, the roles it added are taken back', async () => {
    const undone = await manager.post(`${BASE}/${firstId}/undo`, {});
    expect(undone.status).toBe(200);
    expect(await account(AMAL)).toBeUndefined();
    expect(await account(LAYLA)).toBeUndefined();
    expect(await rolesHere(SARA)).toEqual(['researcher']);
    expect((await account(SARA))!.fullName).toBe('Sara Own Name');
    expect(await account(KARIM)).toBeDefined();
  });

  let secondId = 0;
  it('lets a person sign in with their OJS password once, then with ours', async () => {
    secondId = (await imported()).id;
    const oldHash = (await account(AMAL))!.passwordHash;
    expectError(
      await app.client().post(LOGIN, { email: AMAL, password: 'tigris-2021' }),
      400,
      'validation',
      'errors.loginFailed',
    );
    expect((await account(AMAL))!.passwordHash).toBe(oldHash);
    const first = await app.client().post(LOGIN, { email: AMAL, password: 'Tigris-2021' });
    expect(first.status).toBe(200);
    const after = (await account(AMAL))!;
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after.emailConfirmed).toBe(true);
    expect((await app.client().post(LOGIN, { email: AMAL, password: 'Tigris-2021' })).status).toBe(200);
    expectError(
      await app.client().post(LOGIN, { email: AMAL, password: 'Tigris-2022' }),
      400,
      'validation',
      'errors.loginFailed',
    );
  });

  it('is not undone once an account it made was used, and says whose', async () => {
    const answer = await manager.post(`${BASE}/${secondId}/undo`, {}, { 'accept-language': 'en' });
    expectError(answer, 409, 'conflict', 'imports.undo_person_used');
    expect(answer.body.message).toContain(AMAL);
    expect(await account(LAYLA)).toBeDefined();
    expect(await rolesHere(AMAL)).toEqual(['editor:0', 'researcher']);
  });

  it('invites the people when the journal decides: the mail in the journal’s language, a link that works', async () => {
    const mailBefore = await lastMailId();
    const sent = await manager.post(`${BASE}/${secondId}/invite`, {}, { 'accept-language': 'en' });
    expect(sent.status).toBe(200);
    // Layla (inactive, made by the import) and Karim (outside the journal); Amal is active, Sara a person here.
    expect(sent.body).toEqual({ messageKey: 'imports.invite_queued', message: 'Invitations queued: 2.', queued: 2 });
    const mails = await mailsSince(mailBefore);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([KARIM, LAYLA]);
    const { mail, link } = await lastMailTo(app, LAYLA);
    expect(mail).toMatchObject({ kind: 'importedAccountInvitation', subject: expect.stringMatching(/انتقل حسابك/) });
    expect(link!.pathname).toBe(`/${SLUG}/recover`);

    // A second call mails nobody again while their links work.
    const again = await manager.post(`${BASE}/${secondId}/invite`, {});
    expect(again.body).toMatchObject({ messageKey: 'imports.invite_none', queued: 0 });

    const chosen = await app.client().post('/api/auth/reset', {
      code: link!.searchParams.get('code'),
      email: LAYLA,
      password: 'Chosen-pass-1',
      passwordConfirmation: 'Chosen-pass-1',
    });
    expect(chosen.status).toBe(200);
    expect((await app.client().post(LOGIN, { email: LAYLA, password: 'Chosen-pass-1' })).status).toBe(200);

    // Karim joins only by accepting, and gets the roles of the table then.
    await acceptInvitation(app, SLUG, KARIM, 'Strong-pass-1');
    expect(await rolesHere(KARIM)).toEqual(['researcher', 'reviewer']);
    expect((await account(KARIM))!.fullName).toBe('Karim Own Name');
  });
});
