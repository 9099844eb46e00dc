import { translate } from '@journals/core/i18n/index';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import {
  app,
  LOGIN,
  ME,
  PROFILE,
  REGISTER,
  registerPending,
  sessionUser,
  useAccountsApp,
  userRow,
  userTotal,
} from './accounts-setup';
import { createActiveUser, expectError, registration, setCookies } from './harness';

/** Accounts API (spec 01 §8; DESIGN §5, §6): signing in and out, the session cookie and CSRF. */

useAccountsApp();

describe('login', () => {
  it('answers the same body for a wrong password and an unknown e-mail', async () => {
    const client = app.client();
    const wrongPassword = await client.post(LOGIN, { email: 'researcher@general.test', password: 'Wrong-pass-1' });
    const unknownEmail = await client.post(LOGIN, { email: 'no-such-user@general.test', password: 'Wrong-pass-1' });
    expectError(wrongPassword, 400, 'validation', 'errors.loginFailed', {
      Email: ['errors.loginFailed'],
      Password: ['errors.loginFailed'],
    });
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(client.cookie('sid')).toBeUndefined();
  });

  it('validates e-mail and password with the login rules', async () => {
    const client = app.client();
    expectError(await client.post(LOGIN, { email: '', password: 'x' }), 400, 'validation', 'errors.validation', {
      Email: ['validation.email_required'],
    });
    expectError(await client.post(LOGIN, { email: 'a@b', password: '' }), 400, 'validation', 'errors.validation', {
      Password: ['validation.password_required'],
    });
    expectError(
      await client.post(LOGIN, { email: `${'e'.repeat(70)}@b.org`, password: 'x' }),
      400,
      'validation',
      'errors.validation',
      {
        Email: ['validation.email_max'],
      },
    );
    expectError(await client.post(LOGIN, { email: 'nope', password: 'x' }), 400, 'validation', 'errors.validation', {
      Email: ['validation.valid_email'],
    });
    expectError(
      await client.post(LOGIN, { email: 'a@b.org', password: 'p'.repeat(31) }),
      400,
      'validation',
      'errors.validation',
      {
        Password: ['validation.password_max'],
      },
    );
  });

  it('signs in with an httpOnly, SameSite=Lax session cookie and answers the user with roles of this journal', async () => {
    const client = app.client();
    const answer = await client.post(LOGIN, { email: 'Editor@General.test', password: 'Demo-pass-1' });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      email: 'editor@general.test',
      roles: ['editor'],
      editorType: 0,
      isPlatformAdmin: false,
    });
    expect(answer.body.user).not.toHaveProperty('passwordHash');
    const setCookie = setCookies(answer).find((c) => c.startsWith('sid='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect((await client.get(ME)).body.user.email).toBe('editor@general.test');
  });

  it('refuses an account that is not activated yet', async () => {
    const client = app.client();
    const pending = await registerPending(client);
    expectError(
      await client.post(LOGIN, { email: pending.email, password: pending.password }),
      400,
      'validation',
      'errors.accountNotActivated',
    );
  });

  it('refuses a banned user with errors.accountBanned, and a session the user had stops working', async () => {
    const user = await createActiveUser(app);
    const before = app.client();
    await before.login(user.email, user.password);
    await app.deps.db.update(users).set({ banned: true }).where(eq(users.id, user.userId));
    const client = app.client();
    expectError(
      await client.post(LOGIN, { email: user.email, password: user.password }),
      400,
      'validation',
      'errors.accountBanned',
    );
    expect(client.cookie('sid')).toBeUndefined();
    expect(await sessionUser(before)).toBeNull();
  });

  it('rotates the session at login: a new sid each time, and the previous one is ended', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    client.setCookie('sid', 'planted-by-someone-else');
    await client.login(user.email, user.password);
    const first = client.cookie('sid')!;
    expect(first).toBeTruthy();
    expect(first).not.toBe('planted-by-someone-else');
    await client.login(user.email, user.password);
    const second = client.cookie('sid')!;
    expect(second).not.toBe(first);
    expect((await sessionUser(client)).email).toBe(user.email);

    const stale = app.client();
    stale.setCookie('sid', first);
    expect(await sessionUser(stale)).toBeNull();
  });

  it('stores sessions hashed: the cookie value is not in the sessions table', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    const rows = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(client.cookie('sid'));
  });
});

describe('logout', () => {
  it('ends the session: /me answers user null and the old cookie no longer works', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    const sid = client.cookie('sid')!;
    const answer = await client.post('/api/auth/logout');
    expect(answer.status).toBe(200);
    expect(answer.body.messageKey).toBe('messages.loggedOut');
    expect(client.cookie('sid')).toBeUndefined();
    expect(await sessionUser(client)).toBeNull();

    const replay = app.client();
    replay.setCookie('sid', sid);
    expect(await sessionUser(replay)).toBeNull();
    expectError(await replay.get(PROFILE), 401, 'unauthenticated', 'errors.unauthenticated');
    expect(await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toEqual([]);
  });
});

describe('CSRF (double submit)', () => {
  it('refuses a POST without the x-csrf-token header with 403 errors.csrf, and writes nothing', async () => {
    const client = app.client();
    await client.get(ME);
    const body = await registration(client);
    const before = await userTotal();
    const answer = await app.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: body,
      headers: { cookie: `csrf=${client.cookie('csrf')}`, 'accept-language': 'en-US' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      code: 'forbidden',
      messageKey: 'errors.csrf',
      message: translate('en', 'errors.csrf'),
    });
    expect(await userTotal()).toBe(before);
    expect(await userRow(body.email)).toBeUndefined();
  });

  it('refuses a header that does not match the cookie, and a request with no csrf cookie at all', async () => {
    const client = app.client();
    await client.get(ME);
    const body = await registration(client);
    const mismatch = await client.post(REGISTER, body, { 'x-csrf-token': 'guessed-token' });
    expectError(mismatch, 403, 'forbidden', 'errors.csrf');
    const noCookie = await app.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: body,
      headers: { 'x-csrf-token': 'anything' },
    });
    expect(noCookie.statusCode).toBe(403);
    expect(noCookie.json().messageKey).toBe('errors.csrf');
    expect(await userRow(body.email)).toBeUndefined();
  });

  it('protects logout and profile changes of a logged-in user too', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    expectError(await client.post('/api/auth/logout', {}, { 'x-csrf-token': '' }), 403, 'forbidden', 'errors.csrf');
    expect((await sessionUser(client)).email).toBe(user.email);
    const put = await client.put(PROFILE, { fullName: 'Changed' }, { 'x-csrf-token': 'wrong' });
    expectError(put, 403, 'forbidden', 'errors.csrf');
    expect((await userRow(user.email))!.fullName).toBe('Nour Salem');
  });
});
