import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

/**
 * A whole server on a fresh database: in-memory PGlite by default, or a new database on the PostgreSQL server
 * of TEST_DATABASE_URL (created here, dropped by close()), so runs never collide.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (serverUrl) {
    const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SECRET: 'test-secret-test-secret-test-secret',
    CAPTCHA_COST: '20',
    RATE_LIMIT_AUTH: '10000',
    RATE_LIMIT_GLOBAL: '100000',
    PUBLIC_URL: 'http://journals.test',
    ...env,
  });
  const database = await openDatabase({ url });
  const built = await buildApp(config, { database });
  await built.app.ready();
  const closeApp = built.close;
  return Object.assign(built, {
    client: () => new TestClient(built),
    async close() {
      await closeApp();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export type TestApp = BuiltApp & { client: () => TestClient; close: () => Promise<void> };

interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/** A browser-like client: keeps cookies, repeats the csrf cookie in its header, sends a language. */
export class TestClient {
  private cookies = new Map<string, string>();
  language: 'en' | 'ar' = 'en';

  constructor(private readonly built: BuiltApp) {}

  async request<T = any>(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    if (method !== 'GET' && !this.cookies.has('csrf')) await this.request('GET', '/api/journals/general/me');
    const response = await this.built.app.inject({
      method: method as never,
      url,
      payload: payload as never,
      headers: {
        'accept-language': this.language === 'ar' ? 'ar-EG' : 'en-US',
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(method !== 'GET' ? { 'x-csrf-token': this.cookies.get('csrf') ?? '' } : {}),
        ...headers,
      },
    });
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.maxAge === 0 || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let body: any = response.body;
    if (String(response.headers['content-type'] ?? '').includes('application/json')) body = response.json();
    return { status: response.statusCode, body, headers: response.headers };
  }

  get = <T = any>(url: string) => this.request<T>('GET', url);
  post = <T = any>(url: string, payload?: unknown) => this.request<T>('POST', url, payload ?? {});
  put = <T = any>(url: string, payload?: unknown) => this.request<T>('PUT', url, payload ?? {});

  cookie(name: string) {
    return this.cookies.get(name);
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
  const { mailOutbox } = await import('../src/db/schema');
  const { desc, eq } = await import('drizzle-orm');
  const [mail] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id)).limit(1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  return { mail, link: link ? new URL(link) : undefined };
}
