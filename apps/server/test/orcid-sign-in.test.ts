import { translate } from '@journals/core/i18n/index';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journalPaymentSettings, users } from '../src/db/schema';
import { expectError, setCookies, uniqueEmail } from './harness';
import {
  activate,
  app,
  authorize,
  CLIENT_ID,
  CLIENT_SECRET,
  expectResult,
  identities,
  newOrcid,
  oauthUrl,
  ORCID_REGISTER,
  orcidRegistration,
  PUBLIC_URL,
  signInWithOrcid,
  ticketFor,
  tokenRequest,
  useOrcidApp,
} from './orcid-setup';

/**
 * ORCID sign-in (spec 03 §4, DESIGN §6) against a local OAuth server: the start of the authorization-code flow, and
 * every outcome the result pages show.
 */

useOrcidApp();

describe('ORCID sign-in start', () => {
  it('redirects to {ORCID}/oauth/authorize with scope /authenticate, the client id, the PUBLIC_URL callback and a state', async () => {
    const client = app.client();
    const answer = await client.get('/api/journals/general/auth/orcid');
    expect(answer.status).toBe(302);
    const location = new URL(String(answer.headers.location));
    expect(location.origin + location.pathname).toBe(`${oauthUrl}/oauth/authorize`);
    expect(location.searchParams.get('scope')).toBe('/authenticate');
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/orcid/callback`);
    expect(location.searchParams.get('state')).toBeTruthy();
    const nonce = setCookies(answer).find((c) => c.startsWith('orcid_nonce='));
    expect(nonce).toMatch(/Path=\/api\/auth\/orcid/);
    expect(nonce).toMatch(/HttpOnly/i);
    expect(nonce).toMatch(/SameSite=Lax/i);
    expect(client.cookies().find((c) => c.name === 'orcid_nonce')?.path).toBe('/api/auth/orcid');
  });

  it('builds the callback from PUBLIC_URL even when the request names another host', async () => {
    const answer = await app
      .client()
      .get('/api/journals/general/auth/orcid', { host: 'evil.test', 'x-forwarded-host': 'evil.test' });
    const location = new URL(String(answer.headers.location));
    expect(location.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/orcid/callback`);
  });

  it('answers 404 errors.journalNotFound for an unknown journal', async () => {
    expectError(
      await app.client().get('/api/journals/no-such-journal/auth/orcid'),
      404,
      'notFound',
      'errors.journalNotFound',
    );
  });
});

describe('ORCID outcomes (spec 03 §4)', () => {
  it('sends an unknown ORCID iD without e-mail to the register page with emailIsRequired and a ticket, and no session', async () => {
    const client = app.client();
    const identity = { orcid: newOrcid(), name: 'Hala Fathy' };
    const location = await signInWithOrcid(client, identity);
    expectResult(location, '/general/auth/orcid/register', {
      message: 'emailIsRequired',
      orcid: identity.orcid,
      name: 'Hala Fathy',
    });
    expect(location.searchParams.get('ticket')).toBeTruthy();
    expect(location.searchParams.get('email')).toBeNull();
    expect((await client.get('/api/journals/general/me')).body.user).toBeNull();
    // The server sent a proper authorization-code request.
    expect(tokenRequest).toMatchObject({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uri: `${PUBLIC_URL}/api/auth/orcid/callback`,
    });
    // The nonce is spent with the callback.
    expect(client.cookie('orcid_nonce')).toBeUndefined();
  });

  it('sends an unknown ORCID iD with an unused e-mail to the register page with message=register and the e-mail', async () => {
    const identity = { orcid: newOrcid(), name: 'Adam Reda', email: uniqueEmail('shared') };
    const location = await signInWithOrcid(app.client(), identity);
    expectResult(location, '/general/auth/orcid/register', {
      message: 'register',
      email: identity.email,
      orcid: identity.orcid,
    });
    expect(location.searchParams.get('ticket')).toBeTruthy();
  });

  it('refuses an ORCID e-mail already used by an account: login?status=invalid&message=emailUsed', async () => {
    const client = app.client();
    const location = await signInWithOrcid(client, {
      orcid: newOrcid(),
      name: 'Someone',
      email: 'Researcher@General.test',
    });
    expectResult(location, '/general/auth/orcid/login', { status: 'invalid', message: 'emailUsed' });
    expect(location.searchParams.get('ticket')).toBeNull();
    expect((await client.get('/api/journals/general/me')).body.user).toBeNull();
  });

  it('registers with the ticket (201 orcid.registered), refuses sign-in until activated, then signs in and the session works', async () => {
    const identity = { orcid: newOrcid(), name: 'Hala Fathy' };
    const ticket = await ticketFor(identity);
    const client = app.client();
    const body = await orcidRegistration(client, ticket);
    const registered = await client.post(ORCID_REGISTER, body);
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({
      messageKey: 'orcid.registered',
      message: translate('en', 'orcid.registered'),
      email: body.email,
    });
    const [row] = await app.deps.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({ orcid: identity.orcid, emailConfirmed: false, fullName: 'Hala Fathy' });

    const early = app.client();
    expectResult(await signInWithOrcid(early, identity), '/general/auth/orcid/login', {
      status: 'invalid',
      message: 'deactivated',
    });
    expect((await early.get('/api/journals/general/me')).body.user).toBeNull();

    await activate(body.email);

    const browser = app.client();
    const location = await signInWithOrcid(browser, identity);
    expectResult(location, '/general/auth/orcid/login', { status: 'valid', message: 'successLogin' });
    const me = await browser.get('/api/journals/general/me');
    expect(me.body.user).toMatchObject({ email: body.email, roles: ['researcher'] });
    expect((await browser.get('/api/journals/general/profile')).body.orcid).toBe(identity.orcid);
  });

  it('rotates the session at ORCID sign-in', async () => {
    const identity = { orcid: newOrcid(), name: 'Rotated' };
    const client = app.client();
    const body = await orcidRegistration(client, await ticketFor(identity));
    expect((await client.post(ORCID_REGISTER, body)).status).toBe(201);
    await activate(body.email);
    const browser = app.client();
    await browser.login('researcher@general.test');
    const before = browser.cookie('sid');
    expectResult(await signInWithOrcid(browser, identity), '/general/auth/orcid/login', { message: 'successLogin' });
    expect(browser.cookie('sid')).not.toBe(before);
    expect((await browser.get('/api/journals/general/me')).body.user.email).toBe(body.email);
    const stale = app.client();
    stale.setCookie('sid', before!);
    expect((await stale.get('/api/journals/general/me')).body.user).toBeNull();
  });

  it('refuses a banned account: message=banned', async () => {
    const identity = { orcid: newOrcid(), name: 'Banned One' };
    const client = app.client();
    const body = await orcidRegistration(client, await ticketFor(identity));
    expect((await client.post(ORCID_REGISTER, body)).status).toBe(201);
    await activate(body.email);
    await app.deps.db.update(users).set({ banned: true }).where(eq(users.email, body.email));
    const browser = app.client();
    expectResult(await signInWithOrcid(browser, identity), '/general/auth/orcid/login', {
      status: 'invalid',
      message: 'banned',
    });
    expect((await browser.get('/api/journals/general/me')).body.user).toBeNull();
  });

  it('registers as orcid.paid when the journal charges registration, and sign-in answers message=paid', async () => {
    const journalId = (await app.client().get('/api/journals/general')).body.id as number;
    await app.deps.db
      .update(journalPaymentSettings)
      .set({ atRegister: true, atRegisterPrice: '75.50' })
      .where(eq(journalPaymentSettings.journalId, journalId));
    try {
      const identity = { orcid: newOrcid(), name: 'Paying Later' };
      const client = app.client();
      const body = await orcidRegistration(client, await ticketFor(identity));
      const registered = await client.post(ORCID_REGISTER, body);
      expect(registered.status).toBe(201);
      expect(registered.body).toMatchObject({
        messageKey: 'orcid.paid',
        message: translate('en', 'orcid.paid'),
        email: body.email,
      });
      await activate(body.email);
      const browser = app.client();
      expectResult(await signInWithOrcid(browser, identity), '/general/auth/orcid/login', {
        status: 'invalid',
        message: 'paid',
      });
      expect((await browser.get('/api/journals/general/me')).body.user).toBeNull();
    } finally {
      await app.deps.db
        .update(journalPaymentSettings)
        .set({ atRegister: false, atRegisterPrice: null })
        .where(eq(journalPaymentSettings.journalId, journalId));
    }
  });

  it('answers message=failed for a forged state, and creates no session', async () => {
    const client = app.client();
    await client.login('researcher@general.test');
    const sid = client.cookie('sid');
    const callback = await authorize(client, { orcid: newOrcid(), name: 'Forger' });
    const state = callback.searchParams.get('state')!;
    const [body, signature] = state.split('.');
    const forged = `${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    callback.searchParams.set('state', forged);
    const result = await client.get(callback.pathname + callback.search);
    expect(result.status).toBe(302);
    expectResult(new URL(String(result.headers.location), PUBLIC_URL), '/general/auth/orcid/login', {
      status: 'invalid',
      message: 'failed',
    });
    expect(client.cookie('sid')).toBe(sid);
  });

  it('answers message=failed when the nonce cookie is missing or belongs to another browser', async () => {
    const client = app.client();
    const callback = await authorize(client, { orcid: newOrcid(), name: 'No Nonce' });
    const other = app.client();
    const missing = await other.get(callback.pathname + callback.search);
    expectResult(new URL(String(missing.headers.location), PUBLIC_URL), '/general/auth/orcid/login', {
      status: 'invalid',
      message: 'failed',
    });
    expect(other.cookie('sid')).toBeUndefined();

    // Another browser that started its own sign-in has a nonce, but not the one in this state.
    const third = app.client();
    await third.get('/api/journals/general/auth/orcid');
    expect(third.cookie('orcid_nonce')).toBeTruthy();
    const mismatch = await third.get(callback.pathname + callback.search);
    expectResult(new URL(String(mismatch.headers.location), PUBLIC_URL), '/general/auth/orcid/login', {
      message: 'failed',
    });
  });

  it('answers message=failed when ORCID refuses the code, or the member denied access', async () => {
    const client = app.client();
    const callback = await authorize(client, { orcid: newOrcid(), name: 'Refused' });
    identities.clear();
    const refused = await client.get(callback.pathname + callback.search);
    expectResult(new URL(String(refused.headers.location), PUBLIC_URL), '/general/auth/orcid/login', {
      status: 'invalid',
      message: 'failed',
    });

    const denied = app.client();
    const start = await denied.get('/api/journals/general/auth/orcid');
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const answer = await denied.get(`/api/auth/orcid/callback?error=access_denied&state=${encodeURIComponent(state)}`);
    expectResult(new URL(String(answer.headers.location), PUBLIC_URL), '/general/auth/orcid/login', {
      message: 'failed',
    });
  });

  it('sends a callback without any state to the platform home', async () => {
    const answer = await app.client().get('/api/auth/orcid/callback?code=abc');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/');
  });
});
