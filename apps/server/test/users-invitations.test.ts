import { eq, sql } from 'drizzle-orm';
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
import { specializationOf } from './papers';

/**
 * Issue 44 §3 (decision 0071): an account is edited only where it belongs, and a journal takes in an existing
 * account only with its consent. Adding an address answers the same whether or not it had an account; an existing
 * account gets its roles when it accepts the mailed link, signed in as itself, before the link expires.
 */

let app: TestApp;
let manager: TestClient;
let spec: number;
let ethicsSpec: number;
const G = '/api/journals/general';
const E = '/api/journals/ethics';

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
  spec = await specializationOf(app.client(), 'general');
  ethicsSpec = await specializationOf(app.client(), 'ethics');
});
afterAll(async () => app?.close());

/** A person registered in ethics only. */
const ofEthics = (fields: Record<string, unknown> = {}) =>
  createActiveUser(app, { specializations: [ethicsSpec], ...fields }, 'ethics');
const row = async (email: string) => (await app.deps.db.select().from(users).where(eq(users.email, email)))[0]!;
const newPerson = (email: string, fullName = 'Typed By Manager') => ({
  email,
  emailConfirmation: email,
  roles: ['reviewer'],
  reviewerSpecializations: [spec],
  fullName,
  nameOnPaper: fullName,
  jobTitle: 'Lecturer',
  workPlace: 'Cairo University',
  specializations: [spec],
});
/** The owner of a new account chooses a password from the link of its invitation mail. */
const choosePassword = (email: string, link: URL) =>
  app.client().post('/api/auth/reset', {
    code: link.searchParams.get('code'),
    email,
    password: 'Chosen-pass-1',
    passwordConfirmation: 'Chosen-pass-1',
  });
const codeOf = async (email: string) => (await lastMailTo(app, email)).link!.searchParams.get('code')!;
/** The edit form of a person of general as it opens, with a field changed. */
const formOf = async (client: TestClient, id: number, change: Record<string, unknown>) => {
  const { id: _i, email: _e, orcid: _o, accountEditable: _a, ...rest } = (await client.get(`${G}/users/${id}`)).body;
  return { ...rest, workPlace: rest.workPlace || 'Cairo University', specializations: [spec], ...change };
};

describe('adding an address is an invitation', () => {
  it('answers an existing account exactly as a new address, and lists both as pending invitations', async () => {
    const fresh = uniqueEmail('fresh');
    const existing = await ofEthics({ fullName: 'Already Registered' });
    const before = await row(existing.email);
    const answers = [];
    for (const email of [fresh, existing.email]) {
      const answer = await manager.post(`${G}/users`, newPerson(email), { 'accept-language': 'ar' });
      answers.push({ status: answer.status, body: JSON.stringify(answer.body).replace(email, '<address>') });
    }
    expect(answers[0]!.status).toBe(201);
    expect(answers[1]).toEqual(answers[0]);
    expect(JSON.parse(answers[0]!.body)).toEqual({ messageKey: 'users.invited', message: expect.any(String) });
    // No role, and nothing of the account changed, until the owner answers.
    expect(await row(existing.email)).toEqual(before);
    expectError(await manager.get(`${G}/users/${before.id}/roles`), 404, 'notFound', 'users.not_found');
    // The list shows neither as a person of the journal, and both alike as waiting invitations.
    for (const email of [fresh, existing.email]) {
      expect((await manager.get(`${G}/users?search=${encodeURIComponent(email)}`)).body.items).toEqual([]);
    }
    const pending = (await manager.get(`${G}/users/invitations`)).body.items as Record<string, unknown>[];
    const shape = (email: string) => {
      const { id: _id, sentAt: _s, expiresAt: _x, ...rest } = pending.find((item) => item.email === email)!;
      return rest;
    };
    expect(shape(fresh)).toEqual({ ...shape(existing.email), email: fresh });
    expect(shape(existing.email)).toEqual({
      email: existing.email,
      fullName: 'Typed By Manager',
      roles: ['reviewer'],
      editorType: null,
      status: 'waiting',
    });
    // The existing account is mailed a link to the journal's page, in its language, naming the roles.
    const { mail, link } = await lastMailTo(app, existing.email);
    expect(mail).toMatchObject({ kind: 'journalInvitation' });
    expect(mail!.text).toContain('Reviewer');
    expect(link!.pathname).toBe('/general/join');
  });

  it('gives the roles when the invited account accepts, and only then; the link works once', async () => {
    const person = await ofEthics({ fullName: 'Will Accept' });
    await manager.post(`${G}/users`, newPerson(person.email));
    const code = await codeOf(person.email);
    const theirs = await app.signedIn(person.email, person.password);
    const opened = await theirs.post(`${G}/invitation`, { code });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      journal: { slug: 'general' },
      roles: ['reviewer'],
      editorType: null,
    });
    const accepted = await theirs.post(`${G}/invitation/accept`, { code });
    expect(accepted.status).toBe(200);
    expect(accepted.body.messageKey).toBe('users.join_accepted');
    expect((await manager.get(`${G}/users/${person.userId}/roles`)).body).toMatchObject({
      roles: ['reviewer'],
      reviewerSpecializations: [spec],
    });
    const listed = (await manager.get(`${G}/users?search=${encodeURIComponent(person.email)}`)).body.items;
    expect(listed).toMatchObject([{ email: person.email, fullName: 'Will Accept', roles: ['reviewer'] }]);
    const pending = (await manager.get(`${G}/users/invitations`)).body.items as { email: string }[];
    expect(pending.map((item) => item.email)).not.toContain(person.email);
    expectError(await theirs.post(`${G}/invitation/accept`, { code }), 404, 'notFound', 'users.invitation_not_found');
  });

  it('gives nothing when the invited account declines, and lists the invitation as declined', async () => {
    const person = await ofEthics({});
    await manager.post(`${G}/users`, newPerson(person.email));
    const theirs = await app.signedIn(person.email, person.password);
    const declined = await theirs.post(`${G}/invitation/decline`, { code: await codeOf(person.email) });
    expect(declined.body.messageKey).toBe('users.join_declined');
    expectError(await manager.get(`${G}/users/${person.userId}/roles`), 404, 'notFound', 'users.not_found');
    const pending = (await manager.get(`${G}/users/invitations`)).body.items as { email: string; status: string }[];
    expect(pending.find((item) => item.email === person.email)?.status).toBe('declined');
  });

  it('refuses another account, a signed-out visitor, another journal’s page and an expired link, giving no role', async () => {
    const person = await ofEthics({});
    await manager.post(`${G}/users`, newPerson(person.email));
    const code = await codeOf(person.email);
    const someoneElse = await app.signedIn('researcher@general.test');
    expectError(
      await someoneElse.post(`${G}/invitation/accept`, { code }),
      403,
      'forbidden',
      'users.invitation_other_account',
    );
    expectError(
      await app.client().post(`${G}/invitation/accept`, { code }),
      401,
      'unauthenticated',
      'errors.unauthenticated',
    );
    const theirs = await app.signedIn(person.email, person.password);
    expectError(await theirs.post(`${E}/invitation/accept`, { code }), 404, 'notFound', 'users.invitation_not_found');
    expectError(
      await theirs.post(`${G}/invitation/accept`, { code: 'forged' }),
      404,
      'notFound',
      'users.invitation_not_found',
    );
    await app.deps.db.execute(
      sql`update journal_invitations set expires_at = now() - interval '1 minute' where user_id = ${person.userId}`,
    );
    const expired = await theirs.post(`${G}/invitation/accept`, { code }, { 'accept-language': 'ar' });
    expectError(expired, 409, 'conflict', 'users.invitation_expired');
    expect(expired.body.message).toMatch(/[\u0600-\u06FF]/);
    expectError(await manager.get(`${G}/users/${person.userId}/roles`), 404, 'notFound', 'users.not_found');
    const pending = (await manager.get(`${G}/users/invitations`)).body.items as { email: string; status: string }[];
    expect(pending.find((item) => item.email === person.email)?.status).toBe('expired');
    // Adding the address again sends a new link; the old one stops working.
    await manager.post(`${G}/users`, newPerson(person.email));
    const renewed = await codeOf(person.email);
    expect(renewed).not.toBe(code);
    expectError(await theirs.post(`${G}/invitation/accept`, { code }), 404, 'notFound', 'users.invitation_not_found');
    expect((await theirs.post(`${G}/invitation/accept`, { code: renewed })).status).toBe(200);
  });

  it('withdraws a waiting invitation: its link stops working, it leaves the list, and another journal cannot', async () => {
    const person = await ofEthics({ fullName: 'Never Mind' });
    await manager.post(`${G}/users`, newPerson(person.email));
    const code = await codeOf(person.email);
    const listed = (await manager.get(`${G}/users/invitations`)).body.items as { id: number; email: string }[];
    const id = listed.find((item) => item.email === person.email)!.id;
    // Another journal's manager (the ethics journal's) neither sees nor withdraws it.
    const other = await app.signedIn('editor@ethics.test');
    expectError(
      await other.request('DELETE', `${E}/users/invitations/${id}`),
      404,
      'notFound',
      'users.invitation_not_found',
    );
    const withdrawn = await manager.request('DELETE', `${G}/users/invitations/${id}`, undefined, {
      'accept-language': 'ar',
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.messageKey).toBe('users.invitation_withdrawn');
    expect(withdrawn.body.message).toMatch(/[\u0600-\u06FF]/);
    const after = (await manager.get(`${G}/users/invitations`)).body.items as { email: string }[];
    expect(after.map((item) => item.email)).not.toContain(person.email);
    const theirs = await app.signedIn(person.email, person.password);
    expectError(await theirs.post(`${G}/invitation/accept`, { code }), 404, 'notFound', 'users.invitation_not_found');
    expectError(await manager.get(`${G}/users/${person.userId}/roles`), 404, 'notFound', 'users.not_found');
    expectError(
      await manager.request('DELETE', `${G}/users/invitations/${id}`),
      404,
      'notFound',
      'users.invitation_not_found',
    );
  });

  it('withdraws a new account’s invitation with the roles it held here; the account, confirmed later, is no person of the journal', async () => {
    const email = uniqueEmail('withdrawn');
    await manager.post(`${G}/users`, newPerson(email, 'Made Here'));
    const { link } = await lastMailTo(app, email);
    const listed = (await manager.get(`${G}/users/invitations`)).body.items as { id: number; email: string }[];
    const withdrawn = await manager.request(
      'DELETE',
      `${G}/users/invitations/${listed.find((item) => item.email === email)!.id}`,
    );
    expect(withdrawn.status).toBe(200);
    expect((await choosePassword(email, link!)).status).toBe(200);
    expect((await manager.get(`${G}/users?search=${encodeURIComponent(email)}`)).body.items).toEqual([]);
    expect(
      (await manager.get(`${G}/users/invitations`)).body.items.map((item: { email: string }) => item.email),
    ).not.toContain(email);
  });

  it('lists a new account as a person of the journal once its owner has chosen a password', async () => {
    const email = uniqueEmail('joins');
    await manager.post(`${G}/users`, newPerson(email, 'New Account'));
    const { link } = await lastMailTo(app, email);
    expect((await choosePassword(email, link!)).status).toBe(200);
    const listed = (await manager.get(`${G}/users?search=${encodeURIComponent(email)}`)).body.items;
    expect(listed).toMatchObject([{ email, fullName: 'New Account', roles: ['reviewer'], emailConfirmed: true }]);
    const pending = (await manager.get(`${G}/users/invitations`)).body.items as { email: string }[];
    expect(pending.map((item) => item.email)).not.toContain(email);
  });
});

describe('an account is edited only where it belongs', () => {
  it('refuses the journal manager a rename of the platform administrator, who stays as they are everywhere', async () => {
    await manager.post(`${G}/users`, newPerson('admin@platform.test', 'Not The Admin'));
    const admin = await acceptInvitation(app, 'general', 'admin@platform.test');
    const before = await row('admin@platform.test');
    expect((await manager.get(`${G}/users/${before.id}`)).body.accountEditable).toBe(false);
    const renamed = await manager.put(
      `${G}/users/${before.id}`,
      await formOf(manager, before.id, { fullName: 'Owned' }),
    );
    expectError(renamed, 403, 'forbidden', 'users.account_elsewhere');
    expect(await row('admin@platform.test')).toEqual(before);
    expect((await admin.get(`${E}/me`)).body.user.fullName).toBe(before.fullName);
  });

  it('refuses the journal manager a rename or new job title of a person with a role in another journal', async () => {
    const person = await ofEthics({ fullName: 'Two Journals' });
    await manager.post(`${G}/users`, newPerson(person.email));
    await acceptInvitation(app, 'general', person.email, person.password);
    const before = await row(person.email);
    expect((await manager.get(`${G}/users/${person.userId}`)).body.accountEditable).toBe(false);
    for (const change of [{ fullName: 'Renamed' }, { jobTitle: 'Dean' }, { phone: '+20111111111' }]) {
      const answer = await manager.put(`${G}/users/${person.userId}`, await formOf(manager, person.userId, change));
      expectError(answer, 403, 'forbidden', 'users.account_elsewhere');
    }
    expect(await row(person.email)).toEqual(before);
    // The platform administrator's screen changes it; the person's page in the other journal shows the new name.
    const admin = await app.signedIn('admin@platform.test');
    const byAdmin = await admin.put(
      `${G}/users/${person.userId}`,
      await formOf(admin, person.userId, { fullName: 'Renamed By Admin' }),
    );
    expect(byAdmin.status).toBe(200);
    const theirs = await app.signedIn(person.email, person.password);
    expect((await theirs.get(`${E}/me`)).body.user.fullName).toBe('Renamed By Admin');
  });

  it('saves the roles of a locked person whose account misses a work place when the form leaves the account out', async () => {
    const person = await ofEthics({ fullName: 'No Work Place' });
    await manager.post(`${G}/users`, newPerson(person.email));
    await acceptInvitation(app, 'general', person.email, person.password);
    // An account that never gave a work place (ORCID registration, an older release).
    await app.deps.db.update(users).set({ workPlace: '', phone: '+20100000000' }).where(eq(users.id, person.userId));
    const before = await row(person.email);
    const { fullName, nameOnPaper, phone, jobTitle, workPlace, personalKeywords, availableAsReviewer, ...journalPart } =
      await formOf(manager, person.userId, { workPlace: '' });
    // The whole form, with the work place as stored, is refused on the field (it is required)…
    const whole = await manager.put(`${G}/users/${person.userId}`, {
      ...journalPart,
      ...{ fullName, nameOnPaper, phone, jobTitle, workPlace, personalKeywords, availableAsReviewer },
    });
    expect(whole.status).toBe(400);
    expect(whole.body.errors).toHaveProperty('WorkPlace');
    // …the journal's part alone is saved, and the account stays as it was.
    const saved = await manager.put(`${G}/users/${person.userId}`, {
      ...journalPart,
      roles: ['reviewer', 'researcher'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await manager.get(`${G}/users/${person.userId}`)).body.roles).toEqual(['researcher', 'reviewer']);
    expect(await row(person.email)).toEqual(before);
  });

  it('clears the phone of a person of the journal when the form sends it empty', async () => {
    const person = await createActiveUser(app, { fullName: 'Has A Phone', phone: '+20122222222' });
    const answer = await manager.put(
      `${G}/users/${person.userId}`,
      await formOf(manager, person.userId, { phone: '' }),
    );
    expect(answer.status).toBe(200);
    expect((await row(person.email)).phone).toBeNull();
  });

  it('lets the journal manager rename a person whose roles are all in the journal', async () => {
    const person = await createActiveUser(app, { fullName: 'Only General' });
    expect((await manager.get(`${G}/users/${person.userId}`)).body.accountEditable).toBe(true);
    const answer = await manager.put(
      `${G}/users/${person.userId}`,
      await formOf(manager, person.userId, { fullName: 'Renamed Here', jobTitle: 'Dean' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.messageKey).toBe('users.saved');
    expect(await row(person.email)).toMatchObject({ fullName: 'Renamed Here', jobTitle: 'Dean' });
  });
});
