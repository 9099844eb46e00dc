import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect, inject } from 'vitest';
import { type BuildOptions, buildApp, type BuiltApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { adminQuery, copyTemplateFiles, templateSnapshot, testConfig } from './template';

/**
 * A whole server on a fresh database: in-memory PGlite by default, or a new database on the PostgreSQL server
 * of TEST_DATABASE_URL (created here, dropped by close()), so runs never collide. A server with the demo data on
 * local storage starts from a copy of the run's seeded template (template.ts); one without it, or on S3, builds
 * its own.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'onRoute' | 'logStream'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const config = testConfig(dataDir, env);
  const template = config.SEED_DEMO && config.STORAGE_DRIVER === 'local' ? inject('demoTemplate') : undefined;
  if (template) copyTemplateFiles(template, dataDir);
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (serverUrl) {
    const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template.database}` : ''}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await openDatabase({
    url,
    countStatements: true,
    snapshot: template && !serverUrl ? templateSnapshot(template) : undefined,
  });
  const built = await buildApp(config, { ...options, database });
  await built.app.ready();
  const closeApp = built.close;
  return Object.assign(built, {
    client: () => new TestClient(built),
    /** A client signed in to `general` as a demo account (or with `password`). */
    signedIn: async (email: string, password?: string) => {
      const client = new TestClient(built);
      await client.login(email, password);
      return client;
    },
    statements: database.statements!,
    async close() {
      await closeApp();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export type TestApp = BuiltApp & {
  client: () => TestClient;
  signedIn: (email: string, password?: string) => Promise<TestClient>;
  /** Every statement the app has sent to the database so far. */
  statements: { count: number };
  close: () => Promise<void>;
};

/** How many SQL statements `act` sends (one request, usually); work it leaves in the background is not counted. */
export async function countStatements(app: TestApp, act: () => Promise<unknown>): Promise<number> {
  const before = app.statements.count;
  await act();
  return app.statements.count - before;
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  /** The body's bytes as sent (a downloaded file). */
  raw: Buffer;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** RFC 6265 §5.1.4: does a cookie of `cookiePath` go with a request for `requestPath`? */
function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

/** RFC 6265 §5.1.4: the path a cookie gets when Set-Cookie names none. */
function defaultPath(requestPath: string): string {
  const last = requestPath.lastIndexOf('/');
  return last <= 0 ? '/' : requestPath.slice(0, last);
}

/**
 * A browser-like client: keeps cookies by name and path (a cookie goes only with requests under its path, as a
 * browser sends it), repeats the csrf cookie in its header, sends a language.
 */
export class TestClient {
  private jar = new Map<string, StoredCookie>();
  language: 'en' | 'ar' = 'en';

  constructor(private readonly built: BuiltApp) {}

  async request<T = any>(
    method: string,
    url: string,
    payload?: unknown,
    /** Extra headers; `undefined` leaves one out (a form post from another page carries no CSRF header). */
    headers: Record<string, string | undefined> = {},
  ): Promise<Answer<T>> {
    if (method !== 'GET' && !this.cookie('csrf')) await this.request('GET', '/api/journals/general/me');
    const requestPath = new URL(url, 'http://localhost').pathname;
    const cookieHeader = [...this.jar.values()]
      .filter((cookie) => pathMatches(cookie.path, requestPath))
      // Longer paths first, as browsers order them.
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
    const response = await this.built.app.inject({
      method: method as never,
      url,
      payload: payload as never,
      headers: Object.fromEntries(
        Object.entries({
          'accept-language': this.language === 'ar' ? 'ar-EG' : 'en-US',
          ...(cookieHeader ? { cookie: cookieHeader } : {}),
          ...(method !== 'GET' ? { 'x-csrf-token': this.cookie('csrf') ?? '' } : {}),
          ...headers,
        }).filter((header): header is [string, string] => header[1] !== undefined),
      ),
    });
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      path?: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const path = cookie.path ?? defaultPath(requestPath);
      const key = `${cookie.name};${path}`;
      const expired =
        (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.maxAge === 0 || cookie.value === '';
      if (expired) this.jar.delete(key);
      else this.jar.set(key, { name: cookie.name, value: cookie.value, path });
    }
    // Decoded as a browser decodes it; `raw` keeps the bytes as sent.
    const encoding = response.headers['content-encoding'];
    const text =
      encoding === 'br'
        ? brotliDecompressSync(response.rawPayload).toString()
        : encoding === 'gzip'
          ? gunzipSync(response.rawPayload).toString()
          : response.body;
    let body: any = text;
    if (String(response.headers['content-type'] ?? '').includes('application/json') && text !== '')
      body = JSON.parse(text);
    return { status: response.statusCode, body, headers: response.headers, raw: response.rawPayload };
  }

  get = <T = any>(url: string, headers?: Record<string, string>) => this.request<T>('GET', url, undefined, headers);
  post = <T = any>(url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', url, payload ?? {}, headers);
  put = <T = any>(url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request<T>('PUT', url, payload ?? {}, headers);

  /** The value of a cookie the client holds (any path; the one with the shortest path first). */
  cookie(name: string, path?: string) {
    const matches = [...this.jar.values()]
      .filter((cookie) => cookie.name === name && (path === undefined || cookie.path === path))
      .sort((a, b) => a.path.length - b.path.length);
    return matches[0]?.value;
  }

  /** Every cookie held, as name, value and path. */
  cookies(): StoredCookie[] {
    return [...this.jar.values()].map((cookie) => ({ ...cookie }));
  }

  /** Sets or removes a cookie by hand (a test playing a forged or an old browser state). */
  setCookie(name: string, value: string | null, path = '/') {
    const key = `${name};${path}`;
    if (value === null) this.jar.delete(key);
    else this.jar.set(key, { name, value, path });
  }

  async login(email: string, password = 'Demo-pass-1', slug = 'general') {
    const answer = await this.post(`/api/journals/${slug}/auth/login`, { email, password });
    if (answer.status !== 200) throw new Error(`login failed for ${email}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** Solves a fresh captcha the way the widget does, and returns its payload. */
  async captcha(): Promise<string> {
    const { body: challenge } = await this.get('/api/captcha');
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
}

/** The latest outbox mail to an address, and the link in it. */
export async function lastMailTo(app: TestApp, address: string) {
  // Mail that a request queued in the background (forgot-password) is written once that work is done.
  await app.deps.background.idle();
  const { mailOutbox } = await import('../src/db/schema');
  const { desc, eq } = await import('drizzle-orm');
  const [mail] = await app.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  return { mail, link: link ? new URL(link) : undefined };
}

let emailCounter = 0;
/** A fresh e-mail address for one test (unique within the run). */
export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}.${process.pid}.${Date.now().toString(36)}.${emailCounter}@example.org`;
}

/** A complete, valid registration body with a freshly solved captcha; `overrides` replace fields. */
export async function registration(client: TestClient, overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Nour Salem',
    email: uniqueEmail(),
    password: 'Strong-pass-1',
    passwordConfirmation: 'Strong-pass-1',
    phone: '+20 10 1234 5678',
    jobTitle: 'Lecturer',
    specializations: [1],
    availableAsReviewer: false,
    captcha: await client.captcha(),
    ...overrides,
  };
}

/** Registers through the API and follows the mailed activation link; the account can log in afterwards. */
export async function createActiveUser(app: TestApp, overrides: Record<string, unknown> = {}, slug = 'general') {
  const client = app.client();
  const body = await registration(client, overrides);
  const answer = await client.post(`/api/journals/${slug}/auth/register`, body);
  if (answer.status !== 201) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
  const email = String(body.email).trim().toLowerCase();
  const { link } = await lastMailTo(app, email);
  const userId = Number(link!.searchParams.get('userId'));
  const activated = await client.post('/api/auth/activate', { userId, code: link!.searchParams.get('code') });
  if (activated.status !== 200) throw new Error(`activation failed: ${JSON.stringify(activated.body)}`);
  return { userId, email, password: String(body.password) };
}

/** The error envelope of DESIGN §5, its message translated (never the bare key). */
export function expectError(
  answer: Answer,
  status: number,
  code: string,
  messageKey: string,
  errors?: Record<string, string[]>,
) {
  expect({ status: answer.status, code: answer.body?.code, messageKey: answer.body?.messageKey }).toEqual({
    status,
    code,
    messageKey,
  });
  expect(typeof answer.body.message).toBe('string');
  expect(answer.body.message).not.toBe(messageKey);
  if (errors) expect(answer.body.errors).toEqual(errors);
}

/** The Set-Cookie header lines of an answer, for checking cookie attributes. */
export function setCookies(answer: Answer): string[] {
  const header = answer.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}
