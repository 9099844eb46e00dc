import { USERS_PAGE_SIZE } from '@journals/core/schemas/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { buildTestApp, expectError, registration, type TestApp, type TestClient } from './harness';

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
