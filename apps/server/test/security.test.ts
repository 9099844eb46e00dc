import path from 'node:path';
import { LOGIN_THROTTLE } from '@journals/core/limits';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config';
import { sessions } from '../src/db/schema';
import {
  buildTestApp,
  createActiveUser,
  expectError,
  lastMailTo,
  registration,
  setCookies,
  type TestApp,
  uniqueEmail,
} from './harness';
import { paperBody, submittedPaper } from './papers';

/** The stand-in web app (see static-assets.test.ts): the SPA's page is a document with the page's policy. */
const WEB_DIST = path.join(import.meta.dirname, 'fixtures/web');

/**
 * The attacks that found the holes of decision 0014, kept as tests: each is written as the attack, and fails if
 * the hole comes back.
 */

const LOGIN = '/api/journals/general/auth/login';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function sessionCount(app: TestApp) {
  const [row] = await app.deps.db.select({ total: count() }).from(sessions);
  return row!.total;
}

describe('login CSRF through another spelling of the API path', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  // The router decodes each of these to POST /api/journals/:slug/auth/login.
  const SPELLINGS = [
    '/%61pi/journals/general/auth/login',
    '/%61%70%69/journals/general/auth/login',
    '/api/journals/general/auth/%6cogin',
    '/api/%6Aournals/general/auth/login',
  ];

  it.each(SPELLINGS)('a cross-site form to %s signs nobody in (403 errors.csrf, no session)', async (url) => {
    const before = await sessionCount(app);
    // What a cross-site form sends: a form body, no CSRF header, no cookie of ours.
    const response = await app.app.inject({
      method: 'POST',
      url,
      payload: 'email=researcher%40general.test&password=Demo-pass-1',
      headers: { ...FORM, 'accept-language': 'en-US' },
    });
    expect({ status: response.statusCode, messageKey: response.json().messageKey }).toEqual({
      status: 403,
      messageKey: 'errors.csrf',
    });
    expect(response.cookies.filter((cookie) => cookie.name === 'sid')).toEqual([]);
    expect(await sessionCount(app)).toBe(before);
  });

  it.each(SPELLINGS)('a JSON login to %s without the CSRF header is refused too', async (url) => {
    const response = await app.app.inject({
      method: 'POST',
      url,
      payload: { email: 'researcher@general.test', password: 'Demo-pass-1' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.filter((cookie) => cookie.name === 'sid')).toEqual([]);
  });

  it('the same spelling runs the login for the page itself (header and cookie), and reads its session', async () => {
    const client = app.client();
    const answer = await client.post(SPELLINGS[0]!, { email: 'researcher@general.test', password: 'Demo-pass-1' });
    expect(answer.status).toBe(200);
    expect(answer.body.user.email).toBe('researcher@general.test');
    // The session is read whatever the spelling: the route decides, not the raw URL.
    expect((await client.get('/%61pi/journals/general/me')).body.user?.email).toBe('researcher@general.test');
  });

  it('a form body is refused by every JSON endpoint even with a valid CSRF header (415)', async () => {
    const client = app.client();
    await client.get('/api/journals/general/me');
    const answer = await client.request('POST', LOGIN, 'email=researcher%40general.test&password=Demo-pass-1', FORM);
    expectError(answer, 415, 'unsupportedMediaType', 'errors.unsupportedMediaType');
    const register = await client.request('POST', '/api/journals/general/auth/register', 'fullName=x', FORM);
    expect(register.status).toBe(415);
  });

  it('only a route that declares itself exempt (the gateway form) takes a POST without the header', async () => {
    const post = (url: string) =>
      app.app.inject({ method: 'POST', url, payload: {}, headers: { 'accept-language': 'en-US', cookie: 'csrf=abc' } });
    // The sandbox gateway's own form: no CSRF header, its handler answers (here: no such payment).
    const gateway = await post('/pay/sandbox/PNOSUCHREF/complete');
    expect(gateway.statusCode).toBe(404);
    expect(gateway.body).not.toContain('errors.csrf');
    // Every other route, under any spelling, refuses before its handler runs.
    for (const url of ['/api/auth/logout', '/%61pi/auth/logout', '/api/journals/general/visits']) {
      expect({ url, status: (await post(url)).statusCode }).toEqual({ url, status: 403 });
    }
  });
});

describe('rate limits cannot be walked around with a forged X-Forwarded-For', () => {
  const wrongLogin = (app: TestApp, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: '203.0.113.7',
      payload: { email: 'researcher@general.test', password: 'Wrong-pass-1' },
      headers: { 'x-forwarded-for': forwardedFor, 'x-csrf-token': 't', cookie: 'csrf=t' },
    });

  it('by default the claimed address is ignored: the sixth of five allowed attempts answers 429', async () => {
    const lines: string[] = [];
    const app = await buildTestApp(
      { RATE_LIMIT_AUTH: '5', LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await wrongLogin(app, `198.51.100.${i + 1}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      // The operator is told once that a proxy may be in front while none is trusted.
      expect(lines.filter((line) => line.includes('TRUST_PROXY is off'))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('a proxy named in TRUST_PROXY is believed, any other sender is not', async () => {
    const trusted = await buildTestApp({ RATE_LIMIT_AUTH: '5', TRUST_PROXY: '203.0.113.7' });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await wrongLogin(trusted, `198.51.100.${i + 1}`)).statusCode);
      // Six different clients behind the one proxy we trust.
      expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    } finally {
      await trusted.close();
    }
    const other = await buildTestApp({ RATE_LIMIT_AUTH: '5', TRUST_PROXY: '10.0.0.0/8' });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await wrongLogin(other, `198.51.100.${i + 1}`)).statusCode);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('the costly limit (mail to the staff) holds against forged addresses', async () => {
    const app = await buildTestApp({ RATE_LIMIT_COSTLY: '2' });
    try {
      const client = app.client();
      await client.login('researcher@general.test');
      const spec = (await client.get('/api/journals/general/auth/register')).body.specializations[0].id;
      const { id } = await submittedPaper(client, 'general', paperBody(spec));
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const answer = await client.post(
          `/api/journals/general/papers/${id}/mail-staff`,
          { message: 'A question about my paper.' },
          { 'x-forwarded-for': `198.51.100.${i + 1}` },
        );
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('TRUST_PROXY takes a hop count or addresses, never "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, loopback, ::1')).toEqual(['10.0.0.0/8', 'loopback', '::1']);
    expect(parseTrustProxy('true')).toBeNull();
    expect(parseTrustProxy('10.0.0.0/33')).toBeNull();
    expect(parseTrustProxy('proxy.example.org')).toBeNull();
  });
});

describe('failed sign-ins are limited per account, not per address (ASVS 2.2.1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // One trusted proxy hop: every guess below claims a new address, as a botnet's would.
    app = await buildTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => app.close());

  let address = 0;
  const attempt = (email: string, password: string, cookie?: string) =>
    app.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password },
      headers: {
        'x-forwarded-for': `198.51.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
        'x-csrf-token': 't',
        cookie: `csrf=t${cookie ? `; ${cookie}` : ''}`,
        'accept-language': 'en-US',
      },
    });
  const deviceCookie = (response: Awaited<ReturnType<typeof attempt>>) => {
    const device = response.cookies.find((cookie) => cookie.name === 'device');
    return device ? `device=${device.value}` : undefined;
  };

  it(`after ${LOGIN_THROTTLE.failuresPerHour} wrong passwords in an hour, a new browser is refused even with the right one, while the owner's browser signs in`, async () => {
    const owner = await createActiveUser(app);
    // The owner signed in from their browser before the attack.
    const ownersBrowser = deviceCookie(await attempt(owner.email, owner.password));
    expect(ownersBrowser).toBeDefined();

    for (let i = 0; i < LOGIN_THROTTLE.failuresPerHour; i++) {
      expect((await attempt(owner.email, `Guess-${i}-pass`)).statusCode).toBe(400);
    }
    const refused = await attempt(owner.email, owner.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'tooManyRequests', messageKey: 'errors.accountThrottled' });
    expect(refused.cookies.filter((cookie) => cookie.name === 'sid')).toEqual([]);

    // Not locked out: the browser the owner signed in from before still gets in.
    const fromOwner = await attempt(owner.email, owner.password, ownersBrowser);
    expect(fromOwner.statusCode).toBe(200);
    expect(fromOwner.json().user.email).toBe(owner.email);
    // The guesser's own device cookie of another account does not help them.
    const other = await createActiveUser(app);
    const othersBrowser = deviceCookie(await attempt(other.email, other.password));
    expect((await attempt(owner.email, owner.password, othersBrowser)).statusCode).toBe(429);
  });

  it('an unknown e-mail is throttled the same way, so the 429 tells nothing about which accounts exist', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < LOGIN_THROTTLE.failuresPerHour; i++) {
      expect((await attempt(email, `Guess-${i}-pass`)).statusCode).toBe(400);
    }
    expect((await attempt(email, 'Guess-x-pass')).json().messageKey).toBe('errors.accountThrottled');
  });

  it('a password reset from a new browser lets that browser in despite the throttle', async () => {
    const owner = await createActiveUser(app);
    for (let i = 0; i < LOGIN_THROTTLE.failuresPerHour; i++) await attempt(owner.email, `Guess-${i}-pass`);
    expect((await attempt(owner.email, owner.password)).statusCode).toBe(429);

    const client = app.client();
    await client.post('/api/journals/general/auth/forgot', { email: owner.email, captcha: await client.captcha() });
    const { link } = await lastMailTo(app, owner.email);
    const reset = await client.post('/api/auth/reset', {
      code: link!.searchParams.get('code'),
      email: owner.email,
      password: 'Brand-new-pass-1',
      passwordConfirmation: 'Brand-new-pass-1',
    });
    expect(reset.status).toBe(200);
    const device = client.cookie('device');
    expect(device).toBeDefined();
    const signedIn = await attempt(owner.email, 'Brand-new-pass-1', `device=${device}`);
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('logs carry no personal data and no secret', () => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    // A database that refuses a value (as it refuses a NUL or an out-of-range number) inside the statements that
    // carry personal data and password hashes: the refusal must be logged without them.
    await app.deps.db.execute(sql`
      CREATE FUNCTION refuse_marked_job_title() RETURNS trigger AS $$
      BEGIN
        IF NEW.job_title = 'Refused title' THEN
          RAISE EXCEPTION 'refused value: "%"', NEW.email USING ERRCODE = '22023';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await app.deps.db.execute(sql`
      CREATE TRIGGER refuse_marked_job_title BEFORE INSERT OR UPDATE ON users
      FOR EACH ROW EXECUTE FUNCTION refuse_marked_job_title()`);
  });
  afterAll(() => app.close());

  const logged = () => lines.join('');

  it('a NUL in a field answers a clean 400 on that field before the database sees it', async () => {
    const client = app.client();
    const email = uniqueEmail('nul');
    const body = await registration(client, { email, phone: '+20 10 5555 0101', fullName: 'Nul\u0000Name' });
    const answer = await client.post('/api/journals/general/auth/register', body);
    expectError(answer, 400, 'validation', 'errors.validation', { FullName: ['validation.control_character'] });
    expect(logged()).not.toContain(email);
    expect(logged()).not.toContain('5555 0101');
    expect(logged()).not.toContain('input refused by the database');
  });

  it('an insert the database refuses is logged without the e-mail and phone it carried', async () => {
    const client = app.client();
    const email = uniqueEmail('refused');
    const body = await registration(client, { email, phone: '+20 10 5555 0202', jobTitle: 'Refused title' });
    const answer = await client.post('/api/journals/general/auth/register', body);
    expectError(answer, 400, 'validation', 'errors.validation');
    // The refusal is logged (with its SQLSTATE) …
    expect(logged()).toContain('input refused by the database');
    expect(logged()).toContain('22023');
    // … but not what it carried.
    expect(logged()).not.toContain(email);
    expect(logged()).not.toContain('5555 0202');
  });

  it('a password change the database refuses logs neither the new password nor its hash', async () => {
    const user = await createActiveUser(app, { phone: '+20 10 5555 0303' });
    const client = app.client();
    await client.login(user.email, user.password);
    const profile = (await client.get('/api/journals/general/profile')).body;
    const answer = await client.put('/api/journals/general/profile', {
      ...profile,
      jobTitle: 'Refused title',
      workPlace: 'Cairo University',
      changePassword: true,
      currentPassword: user.password,
      password: 'Changed-pass-77',
      passwordConfirmation: 'Changed-pass-77',
    });
    expect(answer.status).toBe(400);
    expect(logged()).toContain('22023');
    expect(logged()).not.toContain('$argon2');
    expect(logged()).not.toContain('Changed-pass-77');
    expect(logged()).not.toContain(user.email);
    expect(logged()).not.toContain('5555 0303');
  });

  it('the token of a mailed link never reaches the log with the request URL', async () => {
    await app.client().get('/general/recover?code=SECRET-RESET-TOKEN-123&lang=ar');
    await app.client().get('/api/auth/orcid/callback?code=OAUTH-CODE-456&state=x');
    expect(logged()).toContain('/general/recover?code=[redacted]&lang=ar');
    expect(logged()).not.toContain('SECRET-RESET-TOKEN-123');
    expect(logged()).not.toContain('OAUTH-CODE-456');
  });
});

describe('forgot-password answers in the same time for known and unknown e-mails', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers before the link and its mail are made, which happen afterwards for a known e-mail only', async () => {
    const user = await createActiveUser(app);
    // Make the work that only a known e-mail causes glaringly slow: an answer that waited for it would show.
    const dispatch = app.deps.jobs.dispatchMail.bind(app.deps.jobs);
    app.deps.jobs.dispatchMail = async (ids) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      return dispatch(ids);
    };
    try {
      const ask = async (email: string) => {
        const client = app.client();
        const captcha = await client.captcha();
        const started = performance.now();
        const answer = await client.post('/api/journals/general/auth/forgot', { email, captcha });
        return { answer, ms: performance.now() - started };
      };
      const known = await ask(user.email);
      const unknown = await ask(uniqueEmail('unknown'));
      expect(known.ms).toBeLessThan(2_000);
      expect(unknown.ms).toBeLessThan(2_000);
      expect(known.answer.status).toBe(200);
      expect(known.answer.body).toEqual(unknown.answer.body);
      // The link is still mailed, once the background work is done.
      const { mail, link } = await lastMailTo(app, user.email);
      expect(mail?.kind).toBe('passwordReset');
      expect(link?.pathname).toBe('/general/recover');
    } finally {
      app.deps.jobs.dispatchMail = dispatch;
    }
  });
});

describe('HSTS and upgrade-insecure-requests only for a site served over https', () => {
  it('over http neither header is sent (they would break the site)', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'http://journals.test', WEB_DIST });
    try {
      const answer = await app.client().get('/api/journals/general');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      const page = await app.client().get('/general/');
      expect(page.headers['strict-transport-security']).toBeUndefined();
      expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(page.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });

  it('over https both are sent', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://journals.example.org', WEB_DIST });
    try {
      const answer = await app.client().get('/api/journals/general');
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // A JSON answer loads nothing, so it has nothing to upgrade; the page does.
      const page = await app.client().get('/general/');
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(setCookies(answer).find((cookie) => cookie.startsWith('csrf='))).toMatch(/Secure/);
    } finally {
      await app.close();
    }
  });
});

describe('a URL the router cannot read', () => {
  it('answers 400 with the translated error envelope, not the framework’s own body', async () => {
    const app = await buildTestApp();
    try {
      const client = app.client();
      client.language = 'ar';
      for (const url of ['/api/journals/%E0%A4%A', `/api/journals/${'x'.repeat(5_000)}/me`]) {
        const answer = await client.get(url);
        expectError(answer, 400, 'validation', 'errors.validation');
        expect(answer.body.message).toBe('من فضلك صحّح الحقول المحددة.');
      }
    } finally {
      await app.close();
    }
  });
});
