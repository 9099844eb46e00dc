import { count } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { users } from '../src/db/schema';
import { buildTestApp, lastMailTo, type TestApp, type TestClient, uniqueEmail } from './harness';

/**
 * What the ORCID test files share (spec 03 §4 and §5, DESIGN §6, docs/decisions/0012-orcid-linking.md): one server
 * per file against a local OAuth server playing ORCID (useOrcidApp), and the round trips their tests repeat.
 */

export interface Identity {
  orcid: string;
  name: string;
  email?: string;
}

export const PUBLIC_URL = 'http://journals.test';
export const CLIENT_ID = 'APP-TEST-CLIENT';
export const CLIENT_SECRET = 'test-client-secret';
export const ORCID_REGISTER = '/api/journals/general/auth/orcid/register';

export let app: TestApp;
let oauth: OAuth2Server;
export let oauthUrl: string;
/** The identity the mock ORCID hands out for each authorization code it issued. */
export const identities = new Map<string, Identity>();
/** The identity the next authorization will be for. */
let signingIn: Identity;
/** What the server sent to the token endpoint, last time. */
export let tokenRequest: Record<string, string> = {};

export let ethicsSpecialization: number;

let orcidCounter = 0;
/** A fresh, well-formed ORCID iD. */
export function newOrcid(): string {
  orcidCounter += 1;
  const digits =
    `${process.pid % 10_000}`.padStart(4, '0') +
    `${Date.now() % 100_000_000}`.padStart(8, '0') +
    `${orcidCounter}`.padStart(4, '0');
  return digits.match(/.{4}/g)!.join('-');
}

/** The ORCID files' server and mock ORCID (a local OAuth server), started before a file's tests. */
export function useOrcidApp() {
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
}

/** Starts the sign-in at the journal (or another start), lets the mock ORCID authorize, returns the callback's URL. */
export async function authorize(
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
export async function signInWithOrcid(client: TestClient, identity: Identity, slug = 'general') {
  const callback = await authorize(client, identity, slug);
  const result = await client.get(callback.pathname + callback.search);
  expect(result.status).toBe(302);
  return new URL(String(result.headers.location), PUBLIC_URL);
}

export function expectResult(location: URL, path: string, query: Record<string, string>) {
  expect(location.origin).toBe(PUBLIC_URL);
  expect(location.pathname).toBe(path);
  for (const [name, value] of Object.entries(query))
    expect({ [name]: location.searchParams.get(name) }).toEqual({ [name]: value });
}

export async function userTotal() {
  const [row] = await app.deps.db.select({ n: count() }).from(users);
  return row!.n;
}

export async function orcidRegistration(client: TestClient, ticket: string, overrides: Record<string, unknown> = {}) {
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
export async function ticketFor(identity: Identity) {
  const location = await signInWithOrcid(app.client(), identity);
  expect(location.pathname).toBe('/general/auth/orcid/register');
  return location.searchParams.get('ticket')!;
}

export async function activate(email: string) {
  const { link } = await lastMailTo(app, email);
  const answer = await app.client().post('/api/auth/activate', {
    userId: Number(link!.searchParams.get('userId')),
    code: link!.searchParams.get('code'),
  });
  expect(answer.body.messageKey).toBe('messages.activated');
}
