import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import {
  buildTestApp,
  createActiveUser,
  expectError,
  lastMailTo,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from './harness';
import { acceptInvitation } from './invitations';
import { paperBody, submittedPaper } from './papers';

/**
 * The journal manager's changes to the journal's people (issue 22 §1; spec 03 "Add new user", "Edit user"; decision
 * 0039): adding a person (a new account or roles for an existing one), editing them, removing them from the journal.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => app?.close());

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
    expect(answer.body).toEqual({ messageKey: 'users.invited', message: expect.stringContaining(body.email) });
    const row = (await idOf(body.email))!;
    expect(row).toMatchObject({
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

  it('invites an existing account of another journal: no role until it accepts, never its password or details', async () => {
    const other = (await idOf('editor@ethics.test'))!;
    const answer = await manager.post(
      `${G}/users`,
      await person({ email: 'editor@ethics.test', fullName: 'Someone Else', roles: ['researcher'] }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      messageKey: 'users.invited',
      message: expect.stringContaining('editor@ethics.test'),
    });
    expectError(await manager.get(`${G}/users/${other.id}/roles`), 404, 'notFound', 'users.not_found');
    expect((await lastMailTo(app, 'editor@ethics.test')).mail?.kind).toBe('journalInvitation');
    await acceptInvitation(app, 'general', 'editor@ethics.test');
    const after = (await idOf('editor@ethics.test'))!;
    expect(after).toEqual(other);
    expect((await manager.get(`${G}/users/${other.id}/roles`)).body.roles).toEqual(['researcher']);

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
    const { id: _id, email: _email, orcid: _orcid, accountEditable: _editable, ...rest } = details;
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
      accountEditable: true,
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

  it('refuses to change the account of someone who also belongs to another journal (403), and changes nothing', async () => {
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
    if (joined.status === 201) await acceptInvitation(app, 'general', 'editor@ethics.test');
    const other = await idOf('editor@ethics.test');
    // Specializations are per journal: theirs here are chosen here (the form requires one).
    const general = (await formOf((await idOf('researcher@general.test')).id)).specializations;
    const form = { ...(await formOf(other.id)), specializations: general };
    expect((await manager.get(`${G}/users/${other.id}`)).body.accountEditable).toBe(false);
    const refused = await manager.put(`${G}/users/${other.id}`, {
      ...form,
      fullName: 'Renamed By General',
      changeEmail: true,
      email: 'taken-over@example.org',
      emailConfirmation: 'taken-over@example.org',
    });
    expectError(refused, 403, 'forbidden', 'users.account_elsewhere');
    expect(await idOf('editor@ethics.test')).toEqual(other);
    // Their job title is their account's too (decision 0071); their roles and specializations here are the journal's.
    const retitled = await manager.put(`${G}/users/${other.id}`, { ...form, jobTitle: 'Visiting editor' });
    expectError(retitled, 403, 'forbidden', 'users.account_elsewhere');
    expect(await idOf('editor@ethics.test')).toEqual(other);
    const asReviewer = { ...form, roles: ['researcher', 'reviewer'], reviewerSpecializations: general };
    expect((await manager.put(`${G}/users/${other.id}`, asReviewer)).status).toBe(200);
    expect((await manager.get(`${G}/users/${other.id}/roles`)).body.roles).toEqual(['researcher', 'reviewer']);
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
    if (joined.status === 201) await acceptInvitation(app, 'general', 'admin@platform.test');
    const admin = await idOf('admin@platform.test');
    expect((await manager.get(`${G}/users/${admin.id}`)).body.accountEditable).toBe(false);
    const refused = await manager.put(`${G}/users/${admin.id}`, {
      ...(await formOf(admin.id)),
      specializations: general,
      changePassword: true,
      password: 'Taken-over-1',
      passwordConfirmation: 'Taken-over-1',
    });
    expectError(refused, 403, 'forbidden', 'users.account_elsewhere');
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
