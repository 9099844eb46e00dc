import { USERS_PAGE_SIZE } from '@journals/core/schemas/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { addDays, isoDay } from '@journals/core/reviewing';
import {
  buildTestApp,
  createActiveUser,
  expectError,
  lastMailTo,
  registration,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from './harness';
import { paperBody, submittedPaper } from './papers';

/**
 * The journal's users (issue 22 §1; spec 03 "User list"): who is listed, the role filter, the search, the pages and
 * activation, as the users screen reads them.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => app?.close());

/** Registers someone in general without activating them: a researcher whose e-mail is not confirmed. */
async function unconfirmed(fullName: string) {
  const client = app.client();
  const body = await registration(client, { fullName });
  expect((await client.post(`${G}/auth/register`, body)).status).toBe(201);
  const [row] = await app.deps.db
    .select()
    .from(users)
    .where(eq(users.email, String(body.email)));
  return row!;
}

describe('the user list', () => {
  it('lists the people of the journal with their roles, newest account first, and nobody of another journal', async () => {
    const answer = await manager.get(`${G}/users`);
    expect(answer.status).toBe(200);
    const emails = answer.body.items.map((user: { email: string }) => user.email);
    expect(answer.body.pageSize).toBe(USERS_PAGE_SIZE);
    expect(answer.body.total).toBeGreaterThanOrEqual(8);
    expect(emails).not.toContain('editor@ethics.test');
    const ids = answer.body.items.map((user: { id: number }) => user.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const editors = await manager.get(`${G}/users?role=editor`);
    const byEmail = new Map(editors.body.items.map((user: { email: string }) => [user.email, user]));
    expect(byEmail.get('editor@general.test')).toMatchObject({
      roles: ['editor'],
      editorType: 0,
      emailConfirmed: true,
    });
    expect(byEmail.get('secretary@general.test')).toMatchObject({ roles: ['editor'], editorType: 1 });
    expect([...byEmail.keys()].sort()).toEqual(['editor@general.test', 'secretary@general.test']);
  });

  it('searches names and e-mail addresses, with % and _ taken literally, and pages the rest', async () => {
    const found = await manager.get(`${G}/users?search=${encodeURIComponent('SECRETARY@general')}`);
    expect(found.body.items.map((user: { email: string }) => user.email)).toEqual(['secretary@general.test']);
    const byName = await manager.get(`${G}/users?search=${encodeURIComponent('Amal Hass')}`);
    expect(byName.body.items.map((user: { email: string }) => user.email)).toEqual(['editor@general.test']);
    expect((await manager.get(`${G}/users?search=%25`)).body).toMatchObject({ items: [], total: 0, more: false });
    expect((await manager.get(`${G}/users?search=_`)).body.total).toBe(0);

    const first = await manager.get(`${G}/users`);
    const pages = Math.ceil(first.body.total / USERS_PAGE_SIZE);
    const last = await manager.get(`${G}/users?page=${pages}`);
    expect(last.body.items.length).toBe(first.body.total - (pages - 1) * USERS_PAGE_SIZE);
    expect((await manager.get(`${G}/users?page=${pages + 1}`)).body.items).toEqual([]);
  });

  it('refuses a bad role or page with a translated 400', async () => {
    expectError(await manager.get(`${G}/users?role=admin`), 400, 'validation', 'errors.validation', {
      Role: ['validation.invalid'],
    });
    expectError(await manager.get(`${G}/users?page=0`), 400, 'validation', 'errors.validation', {
      Page: ['validation.invalid'],
    });
  });

  it('is for the editor panel: the secretary reads it, a handling editor and a researcher get 403', async () => {
    expect((await (await app.signedIn('secretary@general.test')).get(`${G}/users`)).status).toBe(200);
    for (const email of ['handling@general.test', 'researcher@general.test', 'editor@ethics.test']) {
      expectError(await (await app.signedIn(email)).get(`${G}/users`), 403, 'forbidden', 'errors.forbidden');
    }
    expectError(await app.client().get(`${G}/users`), 401, 'unauthenticated', 'errors.unauthenticated');
  });
});

describe('activation', () => {
  it('activates an unconfirmed account of the journal, once and for good', async () => {
    const person = await unconfirmed('Laila Unconfirmed');
    const listed = await manager.get(`${G}/users?search=${encodeURIComponent('Laila Unconfirmed')}`);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: person.id, roles: ['researcher'], emailConfirmed: false }),
    ]);

    await expect(app.client().login(person.email, 'Strong-pass-1')).rejects.toThrow(/login failed/);

    const answer = await manager.post(`${G}/users/${person.id}/activate`, {});
    expect(answer.status).toBe(200);
    expect(answer.body.messageKey).toBe('users.activated');
    const again = await manager.post(`${G}/users/${person.id}/activate`, {});
    expect(again.status).toBe(200);
    const after = await manager.get(`${G}/users?search=${encodeURIComponent('Laila Unconfirmed')}`);
    expect(after.body.items[0].emailConfirmed).toBe(true);

    await expect(app.client().login(person.email, 'Strong-pass-1')).resolves.toBeDefined();
  });

  it('answers not found for someone without a role in the journal, and changes nothing there', async () => {
    const [other] = await app.deps.db.select().from(users).where(eq(users.email, 'researcher@ethics.test'));
    await app.deps.db.update(users).set({ emailConfirmed: false }).where(eq(users.id, other!.id));
    expectError(await manager.post(`${G}/users/${other!.id}/activate`, {}), 404, 'notFound', 'users.not_found');
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, other!.id));
    expect(row!.emailConfirmed).toBe(false);
    await app.deps.db.update(users).set({ emailConfirmed: true }).where(eq(users.id, other!.id));
  });
});

describe('roles', () => {
  const rolesOf = async (id: number) => (await manager.get(`${G}/users/${id}/roles`)).body;
  const idOf = async (email: string) => (await app.deps.db.select().from(users).where(eq(users.email, email)))[0]!.id;

  it("reads and sets a person's roles with what each role holds, and the list shows them", async () => {
    const person = await unconfirmed('Rami Roles');
    const spec = (await rolesOf(await idOf('reviewer@general.test'))).reviewerSpecializations[0] as number;
    expect(await rolesOf(person.id)).toMatchObject({
      roles: ['researcher'],
      reviewerSpecializations: [],
      editorType: null,
    });

    const saved = await manager.put(`${G}/users/${person.id}/roles`, {
      roles: ['researcher', 'reviewer', 'handlingEditor'],
      reviewerSpecializations: [spec],
      externalReviewer: true,
      editorSpecializations: [spec],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.messageKey).toBe('users.roles_saved');
    expect(await rolesOf(person.id)).toMatchObject({
      roles: ['researcher', 'reviewer', 'handlingEditor'],
      reviewerSpecializations: [spec],
      externalReviewer: true,
      editorSpecializations: [spec],
    });
    const listed = await manager.get(`${G}/users?role=handlingEditor&search=Rami%20Roles`);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ roles: ['researcher', 'reviewer', 'handlingEditor'] }),
    ]);

    // Without open reviews the reviewer role goes; an editor of a type.
    expect((await manager.put(`${G}/users/${person.id}/roles`, { roles: ['editor'], editorType: 2 })).status).toBe(200);
    expect(await rolesOf(person.id)).toMatchObject({ roles: ['editor'], editorType: 2, reviewerSpecializations: [] });
  });

  it('refuses what spec 03 §5 refuses, field by field, and a specialization of another journal', async () => {
    const id = await idOf('researcher2@general.test');
    const put = (body: Record<string, unknown>) => manager.put(`${G}/users/${id}/roles`, body);
    expectError(await put({ roles: [] }), 400, 'validation', 'errors.validation', {
      Roles: ['validation.roles_required'],
    });
    expectError(
      await put({ roles: ['editor', 'handlingEditor'], editorType: 0, editorSpecializations: [1] }),
      400,
      'validation',
      'errors.validation',
      {
        Roles: ['validation.roles_conflict'],
      },
    );
    expectError(await put({ roles: ['reviewer'] }), 400, 'validation', 'errors.validation', {
      ReviewerSpecializations: ['validation.specializations'],
    });
    expectError(await put({ roles: ['editor'] }), 400, 'validation', 'errors.validation', {
      EditorType: ['validation.editorType_required'],
    });
    const [ethicsSpec] = (await app.client().get('/api/journals/ethics/auth/register')).body.specializations;
    expectError(
      await put({ roles: ['reviewer'], reviewerSpecializations: [ethicsSpec.id] }),
      400,
      'validation',
      'errors.validation',
      {
        ReviewerSpecializations: ['validation.unknown_specialization'],
      },
    );
    // An id beyond PostgreSQL's integer is refused before any SQL (not a 500).
    const tooLarge = await put({ roles: ['reviewer'], reviewerSpecializations: [2_147_483_648] });
    expect({ status: tooLarge.status, code: tooLarge.body.code }).toEqual({ status: 400, code: 'validation' });
    expect(await rolesOf(id)).toMatchObject({ roles: ['researcher'] });
  });

  it('keeps the reviewer role while reviews are owed, and the journal its manager', async () => {
    const reviewer = await idOf('reviewer@general.test');
    // A paper of a new researcher, to which the manager invites the reviewer: a review owed.
    const spec = (await rolesOf(reviewer)).reviewerSpecializations[0] as number;
    const author = await createActiveUser(app, { specializations: [spec] });
    const authorClient = await app.signedIn(author.email, author.password);
    const paper = await submittedPaper(authorClient, 'general', paperBody(spec, { title_of_the_work: 'Owed review' }));
    const invited = await manager.post(`${G}/papers/${paper.id}/reviewers`, {
      specializationId: spec,
      deadline: addDays(isoDay(new Date()), 14),
      reviewerId: reviewer,
      confirmConflict: true,
    });
    expect(invited.status).toBe(201);
    const owed = await manager.get(`${G}/users/${reviewer}/open-reviews`);
    expect(owed.status).toBe(200);
    expect(owed.body.items.length).toBeGreaterThan(0);
    expect(owed.body.items[0]).toMatchObject({
      paperId: paper.id,
      code: paper.code,
      title: 'Owed review',
      invitationStatus: 1,
      specialization: { nameEn: expect.any(String), nameAr: expect.any(String) },
    });
    expectError(
      await manager.put(`${G}/users/${reviewer}/roles`, { roles: ['researcher'] }),
      409,
      'conflict',
      'users.reviewer_has_reviews',
    );
    expect(await rolesOf(reviewer)).toMatchObject({ roles: ['reviewer'] });
    // Removing them from the journal meets the same refusal.
    expectError(
      await manager.request('DELETE', `${G}/users/${reviewer}`),
      409,
      'conflict',
      'users.reviewer_has_reviews',
    );
    expect(await rolesOf(reviewer)).toMatchObject({ roles: ['reviewer'] });

    const editor = await idOf('editor@general.test');
    expectError(await manager.request('DELETE', `${G}/users/${editor}`), 409, 'conflict', 'users.last_manager');
    expectError(
      await manager.put(`${G}/users/${editor}/roles`, { roles: ['editor'], editorType: 1 }),
      409,
      'conflict',
      'users.last_manager',
    );
    expect(await rolesOf(editor)).toMatchObject({ roles: ['editor'], editorType: 0 });
  });

  it('lets the secretary read roles but not set them; someone of another journal is not found', async () => {
    const secretary = await app.signedIn('secretary@general.test');
    const id = await idOf('researcher2@general.test');
    expect((await secretary.get(`${G}/users/${id}/roles`)).status).toBe(200);
    expectError(
      await secretary.put(`${G}/users/${id}/roles`, { roles: ['researcher'] }),
      403,
      'forbidden',
      'errors.forbidden',
    );
    const other = await idOf('researcher@ethics.test');
    expectError(await manager.get(`${G}/users/${other}/roles`), 404, 'notFound', 'users.not_found');
    expectError(
      await manager.put(`${G}/users/${other}/roles`, { roles: ['researcher'] }),
      404,
      'notFound',
      'users.not_found',
    );
  });
});

describe('adding a user', () => {
  const idOf = async (email: string) => (await app.deps.db.select().from(users).where(eq(users.email, email)))[0];
  const specializations = async () =>
    (await manager.get(`${G}/users/${(await idOf('reviewer@general.test'))!.id}/roles`)).body
      .reviewerSpecializations as number[];
  const person = async (overrides: Record<string, unknown> = {}) => {
    const email = (overrides.email as string | undefined) ?? uniqueEmail('added');
    return { email, emailConfirmation: email, ...(await details()), ...overrides };
  };
  const details = async () => ({
    roles: ['reviewer'],
    reviewerSpecializations: await specializations(),
    externalReviewer: true,
    fullName: 'Huda Added',
    nameOnPaper: 'H. Added',
    phone: '+20100000000',
    jobTitle: 'Lecturer',
    workPlace: 'Cairo University',
    specializations: await specializations(),
    personalKeywords: ['soil; water', 'salinity'],
    availableAsReviewer: true,
  });

  it('makes a new account with its roles and details, no password, and mails it a link to choose one', async () => {
    const body = await person();
    const answer = await manager.post(`${G}/users`, body);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ created: true, messageKey: 'users.added' });
    expect(answer.body.message).toContain(body.email);
    const row = (await idOf(body.email))!;
    expect(row).toMatchObject({
      id: answer.body.id,
      fullName: 'Huda Added',
      nameOnPaper: 'H. Added',
      jobTitle: 'Lecturer',
      workPlace: 'Cairo University',
      personalKeywords: ['soil', 'water', 'salinity'],
      availableAsReviewer: true,
      emailConfirmed: false,
    });
    expect((await manager.get(`${G}/users/${row.id}/roles`)).body).toMatchObject({
      roles: ['reviewer'],
      externalReviewer: true,
      reviewerSpecializations: body.reviewerSpecializations,
    });
    // Nobody can sign in before the owner chooses the password through the mailed link.
    const client = app.client();
    const refused = await client.post(`${G}/auth/login`, { email: body.email, password: '!unset-' });
    expect(refused.body.messageKey).toBe('errors.loginFailed');
    const { mail, link } = await lastMailTo(app, body.email);
    expect(mail!.kind).toBe('accountInvitation');
    expect(mail!.subject).toContain('an account has been made for you');
    expect(mail!.text).toContain('7 days');
    expect(link!.pathname).toBe('/general/recover');
    const reset = await client.post('/api/auth/reset', {
      code: link!.searchParams.get('code'),
      email: body.email,
      password: 'Chosen-pass-1',
      passwordConfirmation: 'Chosen-pass-1',
    });
    expect(reset.status).toBe(200);
    expect((await idOf(body.email))!.emailConfirmed).toBe(true);
    expect((await client.post(`${G}/auth/login`, { email: body.email, password: 'Chosen-pass-1' })).status).toBe(200);
  });

  it('gives an existing account of another journal the roles only, never its password or details', async () => {
    const other = (await idOf('editor@ethics.test'))!;
    const answer = await manager.post(
      `${G}/users`,
      await person({ email: 'editor@ethics.test', fullName: 'Someone Else', roles: ['researcher'] }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ id: other.id, created: false, messageKey: 'users.added_existing' });
    const after = (await idOf('editor@ethics.test'))!;
    expect(after).toEqual(other);
    expect((await manager.get(`${G}/users/${other.id}/roles`)).body.roles).toEqual(['researcher']);
    expect((await lastMailTo(app, 'editor@ethics.test')).mail?.kind).not.toBe('accountInvitation');

    // Already in the journal: their roles are edited, not added again.
    const again = await manager.post(`${G}/users`, await person({ email: 'editor@ethics.test', roles: ['reviewer'] }));
    expectError(again, 409, 'conflict', 'users.already_member');
    expect((await manager.get(`${G}/users/${other.id}/roles`)).body.roles).toEqual(['researcher']);
  });

  it('refuses what spec 03 §5 refuses, field by field, and leaves no account behind', async () => {
    const arabic = await manager.post(
      `${G}/users`,
      await person({ email: 'not-an-email', emailConfirmation: 'not-an-email', fullName: '', jobTitle: '' }),
      { 'accept-language': 'ar' },
    );
    expect(arabic.status).toBe(400);
    expect(Object.keys(arabic.body.errors).sort()).toEqual(['Email', 'FullName', 'JobTitle']);
    expect(arabic.body.message).toMatch(/[\u0600-\u06FF]/);
    // The roles' rules, once the fields are well formed (the form checks both as they are typed).
    const roles = await manager.post(`${G}/users`, await person({ roles: ['editor', 'handlingEditor'] }));
    expect(roles.status).toBe(400);
    expect(roles.body.errors).toEqual({
      Roles: ['validation.roles_conflict'],
      EditorSpecializations: ['validation.specializations'],
      EditorType: ['validation.editorType_required'],
    });
    const email = uniqueEmail('refused');
    const mismatch = await manager.post(`${G}/users`, await person({ email, emailConfirmation: `x${email}` }));
    expect(mismatch.body.errors).toEqual({ EmailConfirmation: ['validation.email_confirmation_match'] });
    const foreign = await manager.post(`${G}/users`, await person({ email, specializations: [999_999] }));
    expect(foreign.status).toBe(400);
    expect(await idOf(email)).toBeUndefined();
  });

  it('is the journal manager’s: the secretary and a researcher get 403', async () => {
    const secretary = await app.signedIn('secretary@general.test');
    expectError(await secretary.post(`${G}/users`, await person()), 403, 'forbidden', 'errors.forbidden');
    const researcher = await app.signedIn('researcher@general.test');
    expectError(await researcher.post(`${G}/users`, await person()), 403, 'forbidden', 'errors.forbidden');
  });
});

describe('editing a user', () => {
  const idOf = async (email: string) => (await app.deps.db.select().from(users).where(eq(users.email, email)))[0]!;
  const formOf = async (id: number) => {
    const details = (await manager.get(`${G}/users/${id}`)).body;
    const { id: _id, email: _email, orcid: _orcid, loginEditable: _editable, ...rest } = details;
    // A registration does not ask for the work place, which the form requires (spec 03 §5).
    return { ...rest, workPlace: rest.workPlace || 'Cairo University' } as Record<string, unknown>;
  };

  it('opens the person with their roles and details, and saves both; a new password ends their sessions', async () => {
    const email = uniqueEmail('edited');
    const { userId } = await createActiveUser(app, { email, fullName: 'Edit Me' });
    const person = { id: userId };
    const opened = (await manager.get(`${G}/users/${person.id}`)).body;
    expect(opened).toMatchObject({
      id: person.id,
      email,
      fullName: 'Edit Me',
      roles: ['researcher'],
      loginEditable: true,
    });
    const theirs = await app.signedIn(email, 'Strong-pass-1');
    expect((await theirs.get(`${G}/me`)).body.user).not.toBeNull();

    const saved = await manager.put(`${G}/users/${person.id}`, {
      ...(await formOf(person.id)),
      fullName: 'Edited Name',
      jobTitle: 'Professor',
      roles: ['researcher', 'editor'],
      editorType: 2,
      changePassword: true,
      password: 'Set-by-manager-1',
      passwordConfirmation: 'Set-by-manager-1',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.messageKey).toBe('users.saved');
    expect((await manager.get(`${G}/users/${person.id}`)).body).toMatchObject({
      fullName: 'Edited Name',
      jobTitle: 'Professor',
      roles: ['researcher', 'editor'],
      editorType: 2,
    });
    expect((await theirs.get(`${G}/me`)).body.user).toBeNull();
    const client = app.client();
    expect((await client.post(`${G}/auth/login`, { email, password: 'Set-by-manager-1' })).status).toBe(200);
  });

  it('refuses to change the login details of someone who also belongs to another journal (403), and changes nothing', async () => {
    // editor@ethics.test joins general as a researcher; their e-mail and password are not general's to change.
    const joined = await manager.post(`${G}/users`, {
      email: 'editor@ethics.test',
      emailConfirmation: 'editor@ethics.test',
      roles: ['researcher'],
      fullName: 'x',
      nameOnPaper: 'x',
      jobTitle: 'x',
      workPlace: 'x',
      specializations: (await formOf((await idOf('researcher@general.test')).id)).specializations,
    });
    expect([201, 409]).toContain(joined.status);
    const other = await idOf('editor@ethics.test');
    // Specializations are per journal: theirs here are chosen here (the form requires one).
    const general = (await formOf((await idOf('researcher@general.test')).id)).specializations;
    const form = { ...(await formOf(other.id)), specializations: general };
    expect((await manager.get(`${G}/users/${other.id}`)).body.loginEditable).toBe(false);
    const refused = await manager.put(`${G}/users/${other.id}`, {
      ...form,
      fullName: 'Renamed By General',
      changeEmail: true,
      email: 'taken-over@example.org',
      emailConfirmation: 'taken-over@example.org',
    });
    expectError(refused, 403, 'forbidden', 'users.login_elsewhere');
    expect(await idOf('editor@ethics.test')).toEqual(other);
    // Their details and roles here remain editable.
    expect((await manager.put(`${G}/users/${other.id}`, { ...form, jobTitle: 'Visiting editor' })).status).toBe(200);
    expect((await idOf('editor@ethics.test')).jobTitle).toBe('Visiting editor');
  });

  it('never lets a journal manager change a platform administrator’s password, even one only in this journal', async () => {
    const general = (await formOf((await idOf('researcher@general.test')).id)).specializations;
    const joined = await manager.post(`${G}/users`, {
      email: 'admin@platform.test',
      emailConfirmation: 'admin@platform.test',
      roles: ['researcher'],
      fullName: 'x',
      nameOnPaper: 'x',
      jobTitle: 'x',
      workPlace: 'x',
      specializations: general,
    });
    expect([201, 409]).toContain(joined.status);
    const admin = await idOf('admin@platform.test');
    expect((await manager.get(`${G}/users/${admin.id}`)).body.loginEditable).toBe(false);
    const refused = await manager.put(`${G}/users/${admin.id}`, {
      ...(await formOf(admin.id)),
      specializations: general,
      changePassword: true,
      password: 'Taken-over-1',
      passwordConfirmation: 'Taken-over-1',
    });
    expectError(refused, 403, 'forbidden', 'users.login_elsewhere');
    expect(await idOf('admin@platform.test')).toEqual(admin);
    expect(
      (await app.client().post(`${G}/auth/login`, { email: 'admin@platform.test', password: 'Taken-over-1' })).status,
    ).toBe(400);
  });

  it('checks the new e-mail and password with their confirmations, and an e-mail already taken', async () => {
    const person = { id: (await createActiveUser(app, { email: uniqueEmail('checked') })).userId };
    const form = await formOf(person.id);
    const mismatched = await manager.put(`${G}/users/${person.id}`, {
      ...form,
      changeEmail: true,
      email: 'a@example.org',
      emailConfirmation: 'b@example.org',
      changePassword: true,
      password: 'short',
      passwordConfirmation: 'other',
    });
    expect(mismatched.status).toBe(400);
    expect(Object.keys(mismatched.body.errors).sort()).toEqual([
      'EmailConfirmation',
      'Password',
      'PasswordConfirmation',
    ]);
    const taken = await manager.put(`${G}/users/${person.id}`, {
      ...form,
      changeEmail: true,
      email: 'researcher@general.test',
      emailConfirmation: 'researcher@general.test',
    });
    expectError(taken, 400, 'validation', 'errors.validation', { Email: ['validation.email_taken'] });
  });

  it('is the journal manager’s to save; someone not in the journal is not found', async () => {
    const secretary = await app.signedIn('secretary@general.test');
    const id = (await idOf('researcher2@general.test')).id;
    expect((await secretary.get(`${G}/users/${id}`)).status).toBe(200);
    expectError(await secretary.put(`${G}/users/${id}`, await formOf(id)), 403, 'forbidden', 'errors.forbidden');
    const outsider = (await idOf('researcher@ethics.test')).id;
    expect((await manager.get(`${G}/users/${outsider}`)).status).toBe(404);
  });
});

describe('removing a person from the journal', () => {
  it('takes their roles here and nothing else: the account, its papers and its other journals stay', async () => {
    const spec = (
      await manager.get(
        `${G}/users/${(await app.deps.db.select().from(users).where(eq(users.email, 'reviewer@general.test')))[0]!.id}/roles`,
      )
    ).body.reviewerSpecializations[0] as number;
    const author = await createActiveUser(app, { specializations: [spec] });
    const authorClient = await app.signedIn(author.email, author.password);
    const paper = await submittedPaper(authorClient, 'general', paperBody(spec, { title_of_the_work: 'Stays put' }));
    const removed = await manager.request('DELETE', `${G}/users/${author.userId}`, undefined, {
      'accept-language': 'ar',
    });
    expect(removed.status).toBe(200);
    expect(removed.body.messageKey).toBe('users.removed');
    expect(removed.body.message).toMatch(/[\u0600-\u06FF]/);
    expect((await manager.get(`${G}/users/${author.userId}/roles`)).status).toBe(404);
    expect((await manager.get(`${G}/users?search=${encodeURIComponent(author.email)}`)).body.items).toEqual([]);
    // The paper and the account are untouched; the editors still open the paper.
    expect((await manager.get(`${G}/papers/${paper.id}`)).status).toBe(200);
    const [account] = await app.deps.db.select().from(users).where(eq(users.id, author.userId));
    expect(account!.email).toBe(author.email);
    // Again: not found, nothing to remove.
    expectError(await manager.request('DELETE', `${G}/users/${author.userId}`), 404, 'notFound', 'users.not_found');
  });

  it('is the journal manager’s: the secretary gets 403', async () => {
    const secretary = await app.signedIn('secretary@general.test');
    const id = (await app.deps.db.select().from(users).where(eq(users.email, 'researcher2@general.test')))[0]!.id;
    expectError(await secretary.request('DELETE', `${G}/users/${id}`), 403, 'forbidden', 'errors.forbidden');
  });
});
