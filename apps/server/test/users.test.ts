import { USERS_PAGE_SIZE } from '@journals/core/schemas/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { addDays, isoDay } from '@journals/core/reviewing';
import { buildTestApp, createActiveUser, expectError, registration, type TestApp, type TestClient } from './harness';
import { paperBody, submittedPaper } from './papers';

/**
 * The journal's users (issue 22 §1; spec 03 "User list"): who is listed, the role filter, the search, the pages,
 * activation and roles, as the users screen reads them. Adding, editing and removing: users-changes.test.ts.
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
