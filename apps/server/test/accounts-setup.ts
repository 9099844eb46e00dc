import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { mailOutbox, userTokens, users } from '../src/db/schema';
import { buildTestApp, lastMailTo, registration, type TestApp, type TestClient } from './harness';

/**
 * What the accounts test files share (spec 01 §5, §8; DESIGN §5, §6): their routes, one server per file
 * (useAccountsApp), and the look-ups and steps their tests repeat.
 */

export const REGISTER = '/api/journals/general/auth/register';
export const LOGIN = '/api/journals/general/auth/login';
export const ME = '/api/journals/general/me';
export const PROFILE = '/api/journals/general/profile';

export let app: TestApp;
export let generalSpecs: number[];
export let ethicsSpecs: number[];

/** The accounts files' one server (and the two journals' specialization ids), built before a file's tests. */
export function useAccountsApp() {
  beforeAll(async () => {
    app = await buildTestApp();
    const guest = app.client();
    generalSpecs = (await guest.get('/api/journals/general/auth/register')).body.specializations.map(
      (s: { id: number }) => s.id,
    );
    ethicsSpecs = (await guest.get('/api/journals/ethics/auth/register')).body.specializations.map(
      (s: { id: number }) => s.id,
    );
  });
  afterAll(() => app.close());
}

export async function userTotal() {
  const [row] = await app.deps.db.select({ n: count() }).from(users);
  return row!.n;
}

export async function userRow(email: string) {
  const [row] = await app.deps.db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function mailTotal() {
  // Mail a request queued in the background (forgot-password) counts once that work is done.
  await app.deps.background.idle();
  const [row] = await app.deps.db.select({ n: count() }).from(mailOutbox);
  return row!.n;
}

export async function activationTokens(userId: number) {
  return app.deps.db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'activate')))
    .orderBy(userTokens.id);
}

/** Registers without activating; returns the mailed link's userId and code. */
export async function registerPending(client: TestClient, overrides: Record<string, unknown> = {}) {
  const body = await registration(client, overrides);
  const answer = await client.post(REGISTER, body);
  expect(answer.status).toBe(201);
  const email = String(body.email).toLowerCase();
  const { link } = await lastMailTo(app, email);
  return {
    email,
    password: String(body.password),
    userId: Number(link!.searchParams.get('userId')),
    code: link!.searchParams.get('code')!,
  };
}

/** Asserts the session cookie a client holds belongs to a logged-in user (or to nobody). */
export async function sessionUser(client: TestClient) {
  return (await client.get(ME)).body.user;
}
