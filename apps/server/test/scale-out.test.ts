import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, multipartForm, paperBody, PDF } from './papers';
import { startS3, type TestS3 } from './s3';

/**
 * Issue 8 §6, DESIGN §1: two server processes on one PostgreSQL and one S3-compatible store, behind a round-robin
 * proxy, behave as one site. Needs a PostgreSQL server, so it runs in the suite's PostgreSQL pass
 * (TEST_DATABASE_URL set); vitest.config.ts leaves it out of the PGlite pass.
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
if (!serverUrl) throw new Error('scale-out.test.ts needs a PostgreSQL server: set TEST_DATABASE_URL');
const root = path.resolve(import.meta.dirname, '../../..');
const CACHE_TTL_MS = 1_000;
const AUTH_LIMIT = 4;
const GLOBAL_LIMIT = 30;
const HOUSEKEEPING_SECONDS = 1;
const G = '/api/journals/general';

interface Server {
  url: string;
  child: ChildProcess;
  output: string;
}

let database: { name: string; url: string } | undefined;
let s3: TestS3 | undefined;
let proxy: http.Server | undefined;
let proxyUrl = '';
const servers: Server[] = [];
const dataDirs: string[] = [];
const killAll = () => servers.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL'));

/** How long another process may take to hear a change the database announced (decision 0019): milliseconds. */
const HEARD_WITHIN_MS = 1_000;

/**
 * Reads until `done`, failing past HEARD_WITHIN_MS: a process hears another's change when PostgreSQL delivers the
 * notification, which under load can come a few milliseconds after the writer's answer (CI once saw a request
 * overtake it). The writer's own process forgets before its statement resolves; the tests read it without this.
 */
async function heard<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    expect(Date.now() - started, 'heard within the notification delivery').toBeLessThanOrEqual(HEARD_WITHIN_MS);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error())));
    });
  });
}

let addressCounter = 0;
/** A client address of its own (TEST-NET-2), so that each check has its own rate-limit counts. */
const newAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  body: any;
  raw: Buffer;
  /** Which process answered through the proxy (0 or 1). */
  upstream: string | null;
}

/**
 * A browser: one cookie jar and one client address, whichever process or proxy it talks to. The processes trust
 * loopback proxies (TRUST_PROXY=loopback), so the X-Forwarded-For it sends is the address they see.
 */
class Browser {
  private jar = new Map<string, string>();
  readonly address = newAddress();

  async request(base: string, method: string, url: string, body?: unknown, extra: Record<string, string> = {}) {
    if (method !== 'GET' && !this.jar.has('csrf')) await this.request(base, 'GET', `${G}/me`);
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, 'accept-language': 'en-US', ...extra };
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') headers['x-csrf-token'] = this.jar.get('csrf') ?? '';
    let payload: string | Uint8Array | undefined;
    if (Buffer.isBuffer(body)) payload = new Uint8Array(body);
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${base}${url}`, { method, headers, body: payload, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value = ''] = pair!.split('=');
      const expired = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.jar.delete(name!.trim());
      else this.jar.set(name!.trim(), value);
    }
    const raw = Buffer.from(await response.arrayBuffer());
    const json = (response.headers.get('content-type') ?? '').includes('application/json') && raw.length > 0;
    return {
      status: response.status,
      body: json ? JSON.parse(raw.toString('utf8')) : raw.toString('utf8'),
      raw,
      upstream: response.headers.get('x-upstream'),
    } satisfies Answer;
  }

  get = (base: string, url: string) => this.request(base, 'GET', url);
  post = (base: string, url: string, body: unknown = {}, extra?: Record<string, string>) =>
    this.request(base, 'POST', url, body, extra);

  /** Another browser holding this one's cookies as they are now. */
  copy(): Browser {
    const other = new Browser();
    for (const [name, value] of this.jar) other.jar.set(name, value);
    return other;
  }
}

/** A reverse proxy taking turns between the upstreams and adding X-Forwarded-For, as any load balancer does. */
function startProxy(ports: number[]): Promise<number> {
  let next = 0;
  proxy = http.createServer((request, response) => {
    const index = next++ % ports.length;
    const forwarded = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy!.listen(0, '127.0.0.1', () => resolve((proxy!.address() as { port: number }).port)),
  );
}

async function waitForHealth(server: Server, until: number) {
  for (;;) {
    const answer = await fetch(`${server.url}/healthz`, { headers: { 'x-forwarded-for': newAddress() } }).catch(
      () => null,
    );
    if (answer?.status === 200) return;
    if (Date.now() > until || server.child.exitCode !== null) {
      throw new Error(`a server did not start:\n${servers.map((each) => each.output).join('\n---\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two server processes on one PostgreSQL and one S3 store', () => {
  beforeAll(async () => {
    process.once('exit', killAll);
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);

    const name = `scale_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = { name, url: url.toString() };
    s3 = await startS3();

    const ports = [await freePort(), await freePort()];
    const proxyPort = await startProxy(ports);
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    // Both at the same time on the fresh database: migrations and the demo seed must not race.
    for (const port of ports) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-scale-'));
      dataDirs.push(dataDir);
      const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
        cwd: dataDir,
        env: {
          ...process.env,
          ...s3.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          // Each its own folder: nothing may be shared through a local disk.
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          PUBLIC_URL: proxyUrl,
          SECRET: 'scale-out-secret-scale-out-secret',
          SMTP_URL: '',
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'true',
          TRUST_PROXY: 'loopback',
          CACHE_TTL_MS: String(CACHE_TTL_MS),
          CAPTCHA_COST: '20',
          RATE_LIMIT_AUTH: String(AUTH_LIMIT),
          RATE_LIMIT_GLOBAL: String(GLOBAL_LIMIT),
          RATE_LIMIT_COSTLY: '1000',
          HOUSEKEEPING_PERIOD_SECONDS: String(HOUSEKEEPING_SECONDS),
          // The stand-in web app (static-assets.test.ts): each process serves a journal's first HTML from it.
          WEB_DIST: path.join(import.meta.dirname, 'fixtures/web'),
        },
      });
      const server: Server = { url: `http://127.0.0.1:${port}`, child, output: '' };
      for (const stream of [child.stdout, child.stderr])
        stream?.on('data', (chunk: Buffer) => (server.output += chunk));
      servers.push(server);
    }
    const until = Date.now() + 40_000;
    await Promise.all(servers.map((server) => waitForHealth(server, until)));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(async ({ child }) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    process.off('exit', killAll);
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    await s3?.close();
    if (database) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
      await admin.end();
    }
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts both at once on a fresh database: one migrates and seeds, the other finds it done', async () => {
    const [journals] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM journals');
    const [admins] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email = 'admin@platform.test'`,
    );
    expect({ journals: journals!.n, admins: admins!.n }).toEqual({ journals: 2, admins: 1 });
    for (const server of servers) {
      expect(server.child.exitCode).toBeNull();
      expect(server.output).not.toMatch(/"level":(50|60)/);
    }
  });

  it('accepts a session made on one process on the other, and a sign-out on one ends it on both', async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const browser = new Browser();
    const signedIn = await browser.post(a, `${G}/auth/login`, {
      email: 'researcher@general.test',
      password: 'Demo-pass-1',
    });
    expect(signedIn.status).toBe(200);
    const me = async (base: string, who = browser) => (await who.get(base, `${G}/me`)).body.user?.email ?? null;
    expect(await me(b)).toBe('researcher@general.test');
    const viaProxy = [await browser.get(proxyUrl, `${G}/me`), await browser.get(proxyUrl, `${G}/me`)];
    expect(viaProxy.map((answer) => answer.upstream).sort()).toEqual(['0', '1']);
    for (const answer of viaProxy) expect(answer.body.user.email).toBe('researcher@general.test');

    // The same cookie, kept, is refused by both once the session is ended on one of them: at once by the process
    // that ended it, within the notification's delivery by the other.
    const keptCookie = browser.copy();
    expect((await browser.post(b, '/api/auth/logout')).status).toBe(200);
    expect(await me(b, keptCookie)).toBeNull();
    await heard(
      () => me(a, keptCookie),
      (email) => email === null,
    );
  });

  it('counts the sign-in limit across both processes: the attempt past it is refused whichever answers', async () => {
    const browser = new Browser();
    const attempt = (n: number) =>
      browser.post(proxyUrl, `${G}/auth/login`, { email: `nobody.${n}@example.org`, password: 'wrong-pass-1' });
    const allowed: Answer[] = [];
    for (let n = 0; n < AUTH_LIMIT; n += 1) allowed.push(await attempt(n));
    expect(allowed.map((answer) => answer.status)).toEqual(Array(AUTH_LIMIT).fill(400));
    // Each process has seen only half of them: a count per process would let both of these through.
    const refused = [await attempt(AUTH_LIMIT), await attempt(AUTH_LIMIT + 1)];
    expect(refused.map((answer) => answer.upstream).sort()).toEqual(['0', '1']);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ code: 'tooManyRequests', messageKey: 'errors.tooManyRequests' });
    }
  });

  it('counts the global limit across both processes once their counts are shared (about a second)', async () => {
    const browser = new Browser();
    const statuses: number[] = [];
    for (let n = 0; n < GLOBAL_LIMIT; n += 1) statuses.push((await browser.get(proxyUrl, '/api/landing')).status);
    expect(statuses).toEqual(Array(GLOBAL_LIMIT).fill(200));
    // Each process adds its counts to the shared table every second and reads the total back.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const refused = [await browser.get(proxyUrl, '/api/landing'), await browser.get(proxyUrl, '/api/landing')];
    expect(refused.map((answer) => [answer.upstream, answer.status]).sort()).toEqual([
      ['0', 429],
      ['1', 429],
    ]);
  });

  it('runs the housekeeping job exactly once per period with both processes up, and it deletes what expired', async () => {
    const [user] = await sql<{ id: number }>(`SELECT id FROM users WHERE email = 'editor@general.test'`);
    await sql(
      `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $3, now() - interval '1 minute'),
         ($2, $3, now() + interval '1 day')`,
      [`expired-${randomBytes(8).toString('hex')}`, `alive-${randomBytes(8).toString('hex')}`, user!.id],
    );
    const [{ now: from }] = (await sql<{ now: string }>(
      `SELECT (floor(extract(epoch FROM now()) / $1) + 1)::bigint::text AS now`,
      [HOUSEKEEPING_SECONDS],
    )) as [{ now: string }];
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    const runs = await sql<{ slot: string; finished: boolean }>(
      `SELECT slot::text, finished_at IS NOT NULL AS finished FROM scheduled_runs
       WHERE job = 'housekeeping' AND slot >= $1 ORDER BY slot`,
      [from],
    );
    const slots = runs.map((run) => Number(run.slot));
    // Every period of the last four has its one run: none missed, none twice.
    expect(slots.length).toBeGreaterThanOrEqual(4);
    expect(slots).toEqual(slots.map((_slot, index) => Number(from) + index));
    expect(runs.slice(0, 4).every((run) => run.finished)).toBe(true);
    for (const server of servers) expect(server.child.exitCode).toBeNull();
    const sessions = await sql<{ alive: boolean }>(
      `SELECT expires_at > now() AS alive FROM sessions WHERE user_id = $1 AND (token_hash LIKE 'expired-%' OR token_hash LIKE 'alive-%')`,
      [user!.id],
    );
    expect(sessions).toEqual([{ alive: true }]);
  });

  it('downloads a file uploaded through one process byte-exact from the other', async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const browser = new Browser();
    expect(
      (await browser.post(a, `${G}/auth/login`, { email: 'researcher@general.test', password: 'Demo-pass-1' })).status,
    ).toBe(200);
    const specializationId = (await browser.get(a, `${G}/auth/register`)).body.specializations[0].id;
    const draft = await browser.post(a, `${G}/papers`, paperBody(specializationId));
    expect(draft.status).toBe(201);
    const content = Buffer.concat([PDF, randomBytes(300_000)]);
    const { payload, headers } = multipart([['proposalFile', 'proposal.pdf', content]]);
    const uploaded = await browser.post(a, `${G}/papers/${draft.body.id}/files/proposalFile`, payload, headers);
    expect(uploaded.status).toBe(201);
    const downloaded = await browser.get(b, `${G}/papers/${draft.body.id}/files/${uploaded.body.id}`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.raw.equals(content)).toBe(true);
  });

  it("shows a paper page changed through one process on the other within the notification's delivery (decision 0062)", async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const browser = new Browser();
    expect(
      (await browser.post(a, `${G}/auth/login`, { email: 'researcher@general.test', password: 'Demo-pass-1' })).status,
    ).toBe(200);
    const specializationId = (await browser.get(a, `${G}/auth/register`)).body.specializations[0].id;
    const draft = await browser.post(
      a,
      `${G}/papers`,
      paperBody(specializationId, { title_of_the_work: 'First title' }),
    );
    expect(draft.status).toBe(201);
    const title = async () => (await browser.get(b, `${G}/papers/${draft.body.id}`)).body.title_of_the_work;
    // Read twice on b: remembered there.
    expect(await title()).toBe('First title');
    expect(await title()).toBe('First title');
    const saved = await browser.request(
      a,
      'PUT',
      `${G}/papers/${draft.body.id}`,
      paperBody(specializationId, { title_of_the_work: 'Second title' }),
    );
    expect(saved.status).toBe(200);
    await heard(title, (now) => now === 'Second title');
  });

  it("shows a change to an author's papers on the other process's dashboard within the notification's delivery (decision 0063)", async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const browser = new Browser();
    expect(
      (await browser.post(a, `${G}/auth/login`, { email: 'researcher@general.test', password: 'Demo-pass-1' })).status,
    ).toBe(200);
    const titles = async () =>
      ((await browser.get(b, `${G}/papers/mine`)).body.items as { id: number; title: string }[]).map(
        (item) => item.title,
      );
    // Read twice on b: remembered there.
    const before = await titles();
    expect(before.length).toBeGreaterThan(0);
    expect(await titles()).toEqual(before);
    const [paper] = await sql<{ id: number }>(
      `SELECT p.id FROM papers p JOIN users u ON u.id = p.creator_id
       WHERE u.email = 'researcher@general.test' AND p.status <> 0 AND NOT p.superseded
       ORDER BY p.created_at DESC, p.id DESC LIMIT 1`,
    );
    await sql('UPDATE papers SET title = $1 WHERE id = $2', ['Renamed on another process', paper!.id]);
    await heard(titles, (now) => now[0] === 'Renamed on another process');
  });

  it("shows a change to a journal's papers on the other process's editorial desk within the notification's delivery (decision 0064)", async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const browser = new Browser();
    expect(
      (await browser.post(a, `${G}/auth/login`, { email: 'editor@general.test', password: 'Demo-pass-1' })).status,
    ).toBe(200);
    const recent = async () =>
      (await browser.get(b, `${G}/editorial`)).body.lastUpdated as { id: number; title: string }[];
    // Read twice on b: remembered there.
    const [newest] = await recent();
    expect(newest).toBeDefined();
    expect((await recent())[0]).toEqual(newest);
    await sql('UPDATE papers SET title = $1 WHERE id = $2', ['Retitled on another process', newest!.id]);
    const [retitled] = await heard(recent, (now) => now[0]?.title === 'Retitled on another process');
    expect(retitled).toMatchObject({ id: newest!.id, title: 'Retitled on another process' });
  });

  it('shows a journal changed in the database on both within the cache time, and never the old one after', async () => {
    const titleOn = async (base: string) => (await new Browser().get(base, G)).body.journalData.title.en as string;
    const newTitle = `Journal of Applied Sciences ${randomBytes(3).toString('hex')}`;
    // Both caches hold the journal now.
    for (const { url } of servers) expect(await titleOn(url)).not.toBe(newTitle);
    const changedAt = Date.now();
    await sql(`UPDATE journals SET title_en = $1 WHERE slug = 'general'`, [newTitle]);
    const watch = async ({ url }: Server) => {
      const seen: { at: number; fresh: boolean }[] = [];
      while (Date.now() - changedAt < CACHE_TTL_MS + 1_500) {
        seen.push({ at: Date.now() - changedAt, fresh: (await titleOn(url)) === newTitle });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return seen;
    };
    const watched = await Promise.all(servers.map(watch));
    const margin = 400;
    for (const seen of watched) {
      const first = seen.findIndex((look) => look.fresh);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(seen[first]!.at).toBeLessThanOrEqual(CACHE_TTL_MS + margin);
      expect(seen.slice(first).every((look) => look.fresh)).toBe(true);
    }
    // The cache was really in the way: at least one process answered the old title for a while.
    expect(watched.some((seen) => !seen[0]!.fresh)).toBe(true);
  });

  it('shows a change saved in the editor panel of one process on the other within the cache time', async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const manager = new Browser();
    expect(
      (await manager.post(a, `${G}/auth/login`, { email: 'editor@general.test', password: 'Demo-pass-1' })).status,
    ).toBe(200);
    const menuOn = async (base: string) =>
      ((await new Browser().get(base, `${G}/tabs`)).body.customTabs as { name: { en: string } }[]).map(
        (tab) => tab.name.en,
      );
    // Both caches hold the menu now.
    await Promise.all([menuOn(a), menuOn(b)]);
    const name = `Tab ${randomBytes(3).toString('hex')}`;
    const saved = await manager.post(a, `${G}/custom-tabs`, { nameEn: name, nameAr: 'تبويب' });
    expect(saved.status).toBe(201);
    const changedAt = Date.now();
    // The process that saved it drops its own cache at once.
    expect(await menuOn(a)).toContain(name);
    while (!(await menuOn(b)).includes(name)) {
      expect(Date.now() - changedAt).toBeLessThanOrEqual(CACHE_TTL_MS + 400);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  it('never serves a journal answer built from a cached row for longer than the cache time after a change', async () => {
    const [a] = servers.map((server) => server.url) as [string];
    const titleOn = async () => (await new Browser().get(a, G)).body.journalData.title.en as string;
    await new Promise((resolve) => setTimeout(resolve, CACHE_TTL_MS + 100));
    // Another route caches the journal's row; the data changes; the bootstrap is then built from the cached row.
    expect((await new Browser().get(a, `${G}/me`)).status).toBe(200);
    const newTitle = `Journal of Applied Sciences ${randomBytes(3).toString('hex')}`;
    const changedAt = Date.now();
    await sql(`UPDATE journals SET title_en = $1 WHERE slug = 'general'`, [newTitle]);
    await new Promise((resolve) => setTimeout(resolve, CACHE_TTL_MS * 0.8));
    await titleOn();
    while ((await titleOn()) !== newTitle) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(Date.now() - changedAt).toBeLessThanOrEqual(CACHE_TTL_MS + 400);
  });

  it("shows a journal data change saved on one process in the other's first HTML within the cache time", async () => {
    const [a, b] = servers.map((server) => server.url) as [string, string];
    const manager = new Browser();
    expect(
      (await manager.post(a, `${G}/auth/login`, { email: 'editor@general.test', password: 'Demo-pass-1' })).status,
    ).toBe(200);
    // The first HTML's title and description: the journal's title and welcome message in its language.
    const firstHtmlOn = async (base: string) => {
      const html = (await new Browser().get(base, '/general/')).body as string;
      return /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    };
    // Both caches hold the journal now.
    await Promise.all([firstHtmlOn(a), firstHtmlOn(b)]);
    const current = (await manager.get(a, `${G}/journal-data`)).body as Record<string, unknown>;
    const { passwordSet: _passwordSet, images: _images, ...values } = current;
    const welcome = `Welcome ${randomBytes(3).toString('hex')}`;
    const { payload, headers } = multipartForm({
      data: JSON.stringify({ ...values, codePrefix: values.codePrefix ?? '', welcomeMsgEn: welcome }),
    });
    const saved = await manager.request(a, 'PUT', `${G}/journal-data`, payload, headers);
    expect(saved.status).toBe(200);
    const changedAt = Date.now();
    // The process that saved it drops its own cache at once; the other follows within the cache time.
    expect(await firstHtmlOn(a)).toBe(welcome);
    while ((await firstHtmlOn(b)) !== welcome) {
      expect(Date.now() - changedAt).toBeLessThanOrEqual(CACHE_TTL_MS + 400);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
});
