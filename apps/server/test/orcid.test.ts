import { translate } from '@journals/core/i18n/index';
import { count, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalPaymentSettings, users } from '../src/db/schema';
import {
  buildTestApp,
  createActiveUser,
  expectError,
  lastMailTo,
  setCookies,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from './harness';

/**
 * ORCID sign-in, registration and linking (spec 03 §4 and §5, DESIGN §6, docs/decisions/0012-orcid-linking.md)
 * against a local OAuth server: the whole authorization-code flow, and every outcome the result pages show.
 */

interface Identity {
  orcid: string;
  name: string;
  email?: string;
}

const PUBLIC_URL = 'http://journals.test';
const CLIENT_ID = 'APP-TEST-CLIENT';
const CLIENT_SECRET = 'test-client-secret';
const ORCID_REGISTER = '/api/journals/general/auth/orcid/register';

let app: TestApp;
let oauth: OAuth2Server;
let oauthUrl: string;
/** The identity the mock ORCID hands out for each authorization code it issued. */
const identities = new Map<string, Identity>();
/** The identity the next authorization will be for. */
let signingIn: Identity;
/** What the server sent to the token endpoint, last time. */
let tokenRequest: Record<string, string> = {};

let ethicsSpecialization: number;

let orcidCounter = 0;
/** A fresh, well-formed ORCID iD. */
function newOrcid(): string {
  orcidCounter += 1;
  const digits =
    `${process.pid % 10_000}`.padStart(4, '0') +
    `${Date.now() % 100_000_000}`.padStart(8, '0') +
    `${orcidCounter}`.padStart(4, '0');
  return digits.match(/.{4}/g)!.join('-');
}

beforeAll(async () => {
  oauth = new OAuth2Server(undefined, undefined, {
    endpoints: { authorize: '/oauth/authorize', token: '/oauth/token' },
  });
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  oauthUrl = oauth.issuer.url!.replace(/\/$/, '');
  oauth.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    const code = redirect.url.searchParams.get('code');
    if (code) identities.set(code, signingIn);
  });
  oauth.service.on(
    'beforeResponse',
    (tokenResponse: { body: Record<string, unknown>; statusCode: number }, req: { body: Record<string, string> }) => {
      tokenRequest = { ...req.body };
      const identity = identities.get(req.body.code ?? '');
      if (!identity) {
        tokenResponse.statusCode = 400;
        tokenResponse.body = { error: 'invalid_grant' };
        return;
      }
      identities.delete(req.body.code!);
      tokenResponse.body.orcid = identity.orcid;
      tokenResponse.body.name = identity.name;
      if (identity.email) tokenResponse.body.email = identity.email;
    },
  );
  app = await buildTestApp({
    ORCID_BASE_URL: oauthUrl,
    ORCID_CLIENT_ID: CLIENT_ID,
    ORCID_CLIENT_SECRET: CLIENT_SECRET,
    PUBLIC_URL,
  });
  ethicsSpecialization = (await app.client().get('/api/journals/ethics/auth/register')).body.specializations[0].id;
});

afterAll(async () => {
  await app?.close();
  await oauth?.stop();
});

/** Starts the sign-in at the journal (or another start), lets the mock ORCID authorize, returns the callback's URL. */
async function authorize(
  client: TestClient,
  identity: Identity,
  slug = 'general',
  from = `/api/journals/${slug}/auth/orcid`,
) {
  const start = await client.get(from);
  expect(start.status).toBe(302);
  signingIn = identity;
  const atOrcid = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(atOrcid.status).toBe(302);
  const callback = new URL(atOrcid.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/api/auth/orcid/callback`);
  return callback;
}

/** The whole round trip; answers where the browser is sent at the end. */
async function signInWithOrcid(client: TestClient, identity: Identity, slug = 'general') {
  const callback = await authorize(client, identity, slug);
  const result = await client.get(callback.pathname + callback.search);
  expect(result.status).toBe(302);
  return new URL(String(result.headers.location), PUBLIC_URL);
}

function expectResult(location: URL, path: string, query: Record<string, string>) {
  expect(location.origin).toBe(PUBLIC_URL);
  expect(location.pathname).toBe(path);
  for (const [name, value] of Object.entries(query))
    expect({ [name]: location.searchParams.get(name) }).toEqual({ [name]: value });
}

async function userTotal() {
  const [row] = await app.deps.db.select({ n: count() }).from(users);
  return row!.n;
}

async function orcidRegistration(client: TestClient, ticket: string, overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Hala Fathy',
    email: uniqueEmail('orcid'),
    password: 'Strong-pass-1',
    passwordConfirmation: 'Strong-pass-1',
    specializations: [1],
    captcha: await client.captcha(),
    ticket,
    ...overrides,
  };
}

/** A registration ticket for a new ORCID iD, as the register page receives it. */
async function ticketFor(identity: Identity) {
  const location = await signInWithOrcid(app.client(), identity);
  expect(location.pathname).toBe('/general/auth/orcid/register');
  return location.searchParams.get('ticket')!;
}

async function activate(email: string) {
  const { link } = await lastMailTo(app, email);
  const answer = await app.client().post('/api/auth/activate', {
    userId: Number(link!.searchParams.get('userId')),
    code: link!.searchParams.get('code'),
  });
  expect(answer.body.messageKey).toBe('messages.activated');
}

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

describe('ORCID registration (spec 03 §5)', () => {
  it('refuses a forged ticket with 400 and writes nothing', async () => {
    const ticket = await ticketFor({ orcid: newOrcid(), name: 'Real' });
    const [body, signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, orcid: '0000-0001-2345-6789' })).toString('base64url');
    const client = app.client();
    const before = await userTotal();
    for (const forged of [`${forgedBody}.${signature}`, 'not-a-ticket', `${body}.`]) {
      const answer = await client.post(ORCID_REGISTER, await orcidRegistration(client, forged));
      expectError(answer, 400, 'validation', 'orcid.failed');
    }
    expect(await userTotal()).toBe(before);
  });

  it('answers 409 orcid.orcid when the ORCID iD is already linked to an account', async () => {
    const identity = { orcid: newOrcid(), name: 'Twice' };
    const ticket = await ticketFor(identity);
    const client = app.client();
    expect((await client.post(ORCID_REGISTER, await orcidRegistration(client, ticket))).status).toBe(201);
    const before = await userTotal();
    const again = await client.post(ORCID_REGISTER, await orcidRegistration(client, ticket));
    expectError(again, 409, 'conflict', 'orcid.orcid');
    expect(await userTotal()).toBe(before);
  });

  it('answers orcid.emailUsed with Email: validation.email_taken for a used e-mail', async () => {
    const ticket = await ticketFor({ orcid: newOrcid(), name: 'Used Mail' });
    const client = app.client();
    const before = await userTotal();
    const answer = await client.post(
      ORCID_REGISTER,
      await orcidRegistration(client, ticket, { email: 'REVIEWER@general.test' }),
    );
    expectError(answer, 400, 'validation', 'orcid.emailUsed', { Email: ['validation.email_taken'] });
    expect(await userTotal()).toBe(before);
  });

  const invalid: [string, Record<string, unknown> | (() => Record<string, unknown>), Record<string, string[]>][] = [
    ['no captcha', { captcha: undefined }, { Captcha: ['validation.recaptcha'] }],
    ['a forged captcha', { captcha: 'forged' }, { Captcha: ['validation.recaptcha_invalid'] }],
    ['no full name', { fullName: ' ' }, { FullName: ['validation.fullName_required'] }],
    ['an invalid e-mail', { email: 'nope' }, { Email: ['validation.valid_email'] }],
    [
      'a password of symbols only',
      { password: '********', passwordConfirmation: '********' },
      { Password: ['validation.password_alpha'] },
    ],
    [
      'a different confirmation',
      { passwordConfirmation: 'Other-pass-1' },
      { PasswordConfirmation: ['validation.password_confirmation_match'] },
    ],
    ['no specialization', { specializations: [] }, { Specializations: ['validation.specializations'] }],
    [
      "another journal's specialization",
      () => ({ specializations: [ethicsSpecialization] }),
      { Specializations: ['validation.unknown_specialization'] },
    ],
  ];

  it.each(invalid)('refuses %s with the field error and writes nothing', async (_name, overrides, errors) => {
    const ticket = await ticketFor({ orcid: newOrcid(), name: 'Invalid' });
    const client = app.client();
    const before = await userTotal();
    const fields = typeof overrides === 'function' ? overrides() : overrides;
    expectError(
      await client.post(ORCID_REGISTER, await orcidRegistration(client, ticket, fields)),
      400,
      'validation',
      'errors.validation',
      errors,
    );
    expect(await userTotal()).toBe(before);
  });

  it('refuses a replayed captcha', async () => {
    const client = app.client();
    const captcha = await client.captcha();
    const first = await client.post(
      ORCID_REGISTER,
      await orcidRegistration(client, await ticketFor({ orcid: newOrcid(), name: 'A' }), { captcha }),
    );
    expect(first.status).toBe(201);
    const again = await client.post(
      ORCID_REGISTER,
      await orcidRegistration(client, await ticketFor({ orcid: newOrcid(), name: 'B' }), { captcha }),
    );
    expectError(again, 400, 'validation', 'errors.validation', { Captcha: ['validation.recaptcha_invalid'] });
  });
});

describe('linking an ORCID iD (docs/decisions/0012-orcid-linking.md)', () => {
  const PROFILE = '/api/journals/general/profile';
  const CONNECT = '/api/journals/general/profile/orcid/connect';
  const PROFILE_PAGE = '/general/dashboard/profile';

  async function signedInAccount() {
    const account = await createActiveUser(app);
    const client = app.client();
    await client.login(account.email, account.password);
    return { ...account, client };
  }

  /** Connects ORCID from the profile, the whole round trip; answers where the browser is sent at the end. */
  async function connectOrcid(client: TestClient, identity: Identity) {
    const callback = await authorize(client, identity, 'general', CONNECT);
    const result = await client.get(callback.pathname + callback.search);
    expect(result.status).toBe(302);
    return new URL(String(result.headers.location), PUBLIC_URL);
  }

  const linkedOrcid = async (client: TestClient) => (await client.get(PROFILE)).body.orcid;
  const disconnect = (client: TestClient) => client.request('DELETE', `${PROFILE}/orcid`);

  it("an iD typed into someone else's profile neither links nor signs its owner in there: the owner registers with it", async () => {
    const attacker = await signedInAccount();
    const victim = { orcid: newOrcid(), name: 'Victim Owner' };
    const profile = (await attacker.client.get(PROFILE)).body;
    const saved = await attacker.client.put(PROFILE, { ...profile, workPlace: 'Nile University', orcid: victim.orcid });
    expect(saved.body.messageKey).toBe('messages.profileSaved');
    expect(await linkedOrcid(attacker.client)).toBeNull();

    const browser = app.client();
    const location = await signInWithOrcid(browser, victim);
    expectResult(location, '/general/auth/orcid/register', { message: 'emailIsRequired', orcid: victim.orcid });
    expect((await browser.get('/api/journals/general/me')).body.user).toBeNull();

    const body = await orcidRegistration(browser, location.searchParams.get('ticket')!);
    expect((await browser.post(ORCID_REGISTER, body)).status).toBe(201);
    const [registered] = await app.deps.db.select().from(users).where(eq(users.email, body.email));
    expect(registered?.orcid).toBe(victim.orcid);
    expect(await linkedOrcid(attacker.client)).toBeNull();
  });

  it('connect links the iD ORCID proved: the profile shows it and ORCID sign-in opens this account', async () => {
    const account = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Connected' };
    expectResult(await connectOrcid(account.client, identity), PROFILE_PAGE, { orcid: 'connected' });
    expect(await linkedOrcid(account.client)).toBe(identity.orcid);
    expect(account.client.cookie('orcid_nonce')).toBeUndefined();

    const browser = app.client();
    expectResult(await signInWithOrcid(browser, identity), '/general/auth/orcid/login', { message: 'successLogin' });
    expect((await browser.get('/api/journals/general/me')).body.user.email).toBe(account.email);
  });

  it('connect with an iD linked to another account answers taken and changes nothing', async () => {
    const owner = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Owner' };
    expectResult(await connectOrcid(owner.client, identity), PROFILE_PAGE, { orcid: 'connected' });
    const other = await signedInAccount();
    expectResult(await connectOrcid(other.client, identity), PROFILE_PAGE, { orcid: 'taken' });
    expect(await linkedOrcid(other.client)).toBeNull();
    expect(await linkedOrcid(owner.client)).toBe(identity.orcid);
    const browser = app.client();
    await signInWithOrcid(browser, identity);
    expect((await browser.get('/api/journals/general/me')).body.user.email).toBe(owner.email);
  });

  it('a callback whose state names another user links nothing, to either account', async () => {
    const first = await signedInAccount();
    const second = await createActiveUser(app);
    // The first user starts connecting; the same browser (with its nonce) is then signed in as someone else.
    const callback = await authorize(first.client, { orcid: newOrcid(), name: 'Switched' }, 'general', CONNECT);
    await first.client.login(second.email, second.password);
    const result = await first.client.get(callback.pathname + callback.search);
    expectResult(new URL(String(result.headers.location), PUBLIC_URL), PROFILE_PAGE, { orcid: 'failed' });
    expect(await linkedOrcid(first.client)).toBeNull();
    const [firstRow] = await app.deps.db.select().from(users).where(eq(users.email, first.email));
    expect(firstRow?.orcid).toBeNull();

    // Signed out before coming back from ORCID: no link, and no session either.
    const leaving = await signedInAccount();
    const again = await authorize(leaving.client, { orcid: newOrcid(), name: 'Signed Out' }, 'general', CONNECT);
    await leaving.client.post('/api/auth/logout');
    const signedOut = await leaving.client.get(again.pathname + again.search);
    expectResult(new URL(String(signedOut.headers.location), PUBLIC_URL), PROFILE_PAGE, { orcid: 'failed' });
    expect((await leaving.client.get('/api/journals/general/me')).body.user).toBeNull();
    const [leavingRow] = await app.deps.db.select().from(users).where(eq(users.email, leaving.email));
    expect(leavingRow?.orcid).toBeNull();
  });

  it('sends a guest who starts connecting to the journal login, without going to ORCID', async () => {
    const guest = app.client();
    const answer = await guest.get(CONNECT);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/general/?login=required');
    expect(guest.cookie('orcid_nonce')).toBeUndefined();
  });

  it('answers a forged connect state with the profile page and orcid=failed', async () => {
    const account = await signedInAccount();
    const callback = await authorize(account.client, { orcid: newOrcid(), name: 'Forged' }, 'general', CONNECT);
    const [body, signature] = callback.searchParams.get('state')!.split('.');
    callback.searchParams.set('state', `${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`);
    const result = await account.client.get(callback.pathname + callback.search);
    expectResult(new URL(String(result.headers.location), PUBLIC_URL), PROFILE_PAGE, { orcid: 'failed' });
    expect(await linkedOrcid(account.client)).toBeNull();
  });

  it('disconnect unlinks the iD: the profile shows none and ORCID sign-in goes to registration', async () => {
    const account = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Leaving' };
    await connectOrcid(account.client, identity);
    account.client.language = 'ar';
    const answer = await disconnect(account.client);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ messageKey: 'orcid.disconnected', message: translate('ar', 'orcid.disconnected') });
    expect(await linkedOrcid(account.client)).toBeNull();
    expectResult(await signInWithOrcid(app.client(), identity), '/general/auth/orcid/register', {
      orcid: identity.orcid,
    });
  });

  it('disconnect needs a signed-in user and the CSRF header', async () => {
    expectError(await disconnect(app.client()), 401, 'unauthenticated', 'errors.unauthenticated');
    const account = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Kept' };
    await connectOrcid(account.client, identity);
    const forged = await account.client.request('DELETE', `${PROFILE}/orcid`, undefined, { 'x-csrf-token': 'forged' });
    expectError(forged, 403, 'forbidden', 'errors.csrf');
    expect(await linkedOrcid(account.client)).toBe(identity.orcid);
  });

  it('an iD is on one account only: another account can connect it once its holder disconnected', async () => {
    const holder = await signedInAccount();
    const next = await signedInAccount();
    const identity = { orcid: newOrcid(), name: 'Moving' };
    await connectOrcid(holder.client, identity);
    expectResult(await connectOrcid(next.client, identity), PROFILE_PAGE, { orcid: 'taken' });
    expect((await disconnect(holder.client)).status).toBe(200);
    expectResult(await connectOrcid(next.client, identity), PROFILE_PAGE, { orcid: 'connected' });
    expect(await linkedOrcid(holder.client)).toBeNull();
    expect(await linkedOrcid(next.client)).toBe(identity.orcid);
    const [row] = await app.deps.db.select({ n: count() }).from(users).where(eq(users.orcid, identity.orcid));
    expect(row!.n).toBe(1);
    const browser = app.client();
    await signInWithOrcid(browser, identity);
    expect((await browser.get('/api/journals/general/me')).body.user.email).toBe(next.email);
  });
});
