import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { buildTestApp, type TestApp } from './harness';

/**
 * The memory lane (lib/memory-lane.ts, decision 0067) answers a guest's GET of the landing, a journal's bootstrap and
 * its home from the read cache before Fastify. What a client receives from it must be what Fastify's route sends:
 * the same status, the same headers in the same order and the same bytes. Compared over a real socket (`inject`
 * goes around the HTTP server, and so around the lane).
 */

interface Received {
  status: number;
  /** Name and value, in the order sent; the date and a request id of our own, which differ by request, masked. */
  headers: [string, string][];
  body: Buffer;
}

/** A GET over a real connection, as the client receives it. */
function get(base: string, path: string, headers: Record<string, string>, method = 'GET'): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i]!;
          const value = response.rawHeaders[i + 1]!;
          const masked = name === 'Date' || (name === 'x-request-id' && value !== headers['x-request-id']);
          pairs.push([name, masked ? '…' : value]);
        }
        resolve({ status: response.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

const header = (received: Received, name: string) => received.headers.find(([n]) => n === name)?.[1];

/** The JSON a client reads from a body, whatever its Content-Encoding. */
function json(received: Received) {
  const encoding = header(received, 'content-encoding');
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(received.body)
      : encoding === 'gzip'
        ? gunzipSync(received.body)
        : received.body;
  return JSON.parse(bytes.toString('utf8'));
}

/** The tests' servers keep no cache (CACHE_TTL_MS 0, template.ts); these keep it as production does. */
const CACHED = { CACHE_TTL_MS: '60000' };

const BROWSER = { cookie: 'csrf=returning-browser', 'accept-encoding': 'gzip, deflate, br, zstd' };

async function listening(app: TestApp) {
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

/** A server keeping the cache, at `level`, with the log lines it writes. */
async function loggedApp(level: string) {
  const lines: string[] = [];
  // Behind a proxy on this machine, whose request ids it keeps.
  const app = await buildTestApp(
    { ...CACHED, LOG_LEVEL: level, TRUST_PROXY: 'loopback' },
    { logStream: { write: (line) => lines.push(line) } },
  );
  return { app, lines };
}

describe('the memory lane', () => {
  let app: TestApp;
  let base: string;
  let answered: MockInstance<TestApp['lane']['answer']>;
  /** Whether the lane answered the last request (true) or passed it on to Fastify (false). */
  const byLane = () => answered.mock.results.at(-1)?.value as boolean;

  beforeAll(async () => {
    app = await buildTestApp(CACHED);
    base = await listening(app);
    answered = vi.spyOn(app.lane, 'answer');
  });
  afterAll(() => app.close());

  it("answers a guest's landing, bootstrap and home with Fastify's status, headers and bytes, 304 included", async () => {
    const cases = [
      { path: '/api/landing', sees: (body: any) => expect(body.journals.map((j: any) => j.slug)).toContain('general') },
      { path: '/api/journals/general', sees: (body: any) => expect(body).toMatchObject({ slug: 'general' }) },
      { path: '/api/journals/ethics/home', sees: (body: any) => expect(body).toHaveProperty('statistics') },
    ];
    const clients = [
      BROWSER,
      { cookie: 'lang=ar; csrf=returning-browser', 'accept-encoding': 'gzip' },
      { cookie: 'csrf=returning-browser', 'x-request-id': 'proxy-7f3a.2' },
    ];
    for (const { path, sees } of cases) {
      for (const headers of clients) {
        // The cache emptied, the route answers and loads the answer; the next reader gets it from the lane.
        app.deps.cache.invalidate('');
        const fromFastify = await get(base, path, headers);
        expect(byLane()).toBe(false);
        const fromLane = await get(base, path, headers);
        expect(byLane()).toBe(true);
        expect(fromLane.status).toBe(200);
        expect(fromLane).toEqual(fromFastify);
        sees(json(fromLane));

        // A browser that holds this version.
        const holding = { ...headers, 'if-none-match': header(fromLane, 'etag')! };
        app.deps.cache.invalidate('');
        const notModifiedByFastify = await get(base, path, holding);
        expect(byLane()).toBe(false);
        const notModified = await get(base, path, holding);
        expect(byLane()).toBe(true);
        expect(notModified.status).toBe(304);
        expect(notModified).toEqual(notModifiedByFastify);
        expect(notModified.body.length).toBe(0);
      }
    }
    // What the client was sent, once, as it reads it: an id of our own, not the one a client that is no trusted
    // proxy (TRUST_PROXY unset) gave (the lane keeping a trusted proxy's: 'the memory lane and the limits').
    const answer = await get(base, '/api/journals/general/home', clients[2]!);
    expect(answer.headers.slice(0, 2)).toEqual([
      ['x-request-id', '…'],
      ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ]);
    expect(header(answer, 'content-encoding')).toBeUndefined();
  });

  it("gives a first visitor the request context's csrf cookie with the answer, a new one each time", async () => {
    // The token masked: each answer carries a cookie of its own; everything else is Fastify's, byte for byte.
    const masked = (answer: Awaited<ReturnType<typeof get>>) => ({
      ...answer,
      headers: answer.headers.map(([name, value]) =>
        name === 'set-cookie' ? [name, value.replace(/^csrf=[^;]+/, 'csrf=…')] : [name, value],
      ),
    });
    const visitors: Record<string, string>[] = [
      { 'accept-encoding': 'br' },
      { cookie: 'lang=ar', 'accept-encoding': 'gzip' },
      {},
    ];
    for (const headers of visitors) {
      app.deps.cache.invalidate('');
      const fromFastify = await get(base, '/api/journals/general/home', headers);
      expect(byLane()).toBe(false);
      const fromLane = await get(base, '/api/journals/general/home', headers);
      expect(byLane()).toBe(true);
      expect(header(fromLane, 'set-cookie')).toMatch(/^csrf=[\w-]{20,}; Path=\/; SameSite=Lax$/);
      expect(header(fromLane, 'set-cookie')).not.toBe(header(fromFastify, 'set-cookie'));
      expect(masked(fromLane)).toEqual(masked(fromFastify));
      expect(json(fromLane)).toHaveProperty('statistics');
      // A browser that holds this version and lost its cookies.
      const holding = { ...headers, 'if-none-match': header(fromLane, 'etag')! };
      app.deps.cache.invalidate('');
      const notModifiedByFastify = await get(base, '/api/journals/general/home', holding);
      expect(byLane()).toBe(false);
      const notModified = await get(base, '/api/journals/general/home', holding);
      expect(byLane()).toBe(true);
      expect(notModified.status).toBe(304);
      expect(masked(notModified)).toEqual(masked(notModifiedByFastify));
      expect(header(notModified, 'set-cookie')).toMatch(/^csrf=/);
    }
    // The cookie the lane gave is the browser's token from then on: a form sent with it in the header is let through.
    await get(base, '/api/landing', {});
    const given = header(await get(base, '/api/landing', {}), 'set-cookie')!.split(';')[0]!;
    expect(byLane()).toBe(true);
    const token = given.slice('csrf='.length);
    const post = await get(base, '/api/journals/general/auth/login', { cookie: given, 'x-csrf-token': token }, 'POST');
    expect(post.status).not.toBe(403);
  });

  it('passes to Fastify every request it does not answer from memory', async () => {
    await get(base, '/api/journals/general/home', BROWSER);
    const passed = async (path: string, headers: Record<string, string>, method = 'GET') => {
      const received = await get(base, path, headers, method);
      expect(byLane(), `${method} ${path} ${JSON.stringify(headers)}`).toBe(false);
      return received;
    };
    // A reader with a session cookie: the request context reads it.
    expect(
      (await passed('/api/journals/general/home', { ...BROWSER, cookie: 'csrf=a; sid=not-a-session' })).status,
    ).toBe(200);
    // A query string, another method, a body, a path the route spells otherwise, an unknown journal.
    expect((await passed('/api/journals/general/home?lang=ar', BROWSER)).status).toBe(200);
    expect((await passed('/api/journals/general/home', BROWSER, 'HEAD')).status).toBe(200);
    expect((await passed('/api/journals/general/home', { ...BROWSER, 'content-length': '0' })).status).toBe(200);
    expect((await passed('/api/journals/gener%61l/home', BROWSER)).status).toBe(200);
    expect((await passed('/api/journals/General/home', BROWSER)).status).toBe(404);
    const unknown = await passed('/api/journals/no-such-journal/home', { ...BROWSER, 'accept-language': 'ar' });
    expect(unknown.status).toBe(404);
    expect(json(unknown)).toMatchObject({ code: 'notFound', message: 'لا توجد مجلة على هذا العنوان.' });
    // A forwarded request the process does not trust (TRUST_PROXY unset): the context warns of it.
    expect((await passed('/api/journals/general/home', { ...BROWSER, 'x-forwarded-for': '203.0.113.9' })).status).toBe(
      200,
    );
    // A process with MAX_IN_FLIGHT requests in hand: the front door sheds the request.
    app.metrics.inFlight += app.deps.config.MAX_IN_FLIGHT;
    try {
      const shed = await passed('/api/journals/general/home', { ...BROWSER, 'accept-language': 'ar' });
      expect(shed.status).toBe(503);
      expect(json(shed).code).toBe('unavailable');
    } finally {
      app.metrics.inFlight -= app.deps.config.MAX_IN_FLIGHT;
    }
    expect((await get(base, '/api/journals/general/home', BROWSER)).status).toBe(200);
    expect(byLane()).toBe(true);
  });
});

describe('the memory lane and the limits', () => {
  it("counts its answers in the global rate limit and the request metrics; past the limit Fastify's 429 answers", async () => {
    const token = 'memory-lane-test-token-0123456789';
    const app = await buildTestApp({ ...CACHED, RATE_LIMIT_GLOBAL: '4', METRICS_TOKEN: token, TRUST_PROXY: '1' });
    try {
      const base = await listening(app);
      const answered = vi.spyOn(app.lane, 'answer');
      const from = (address: string) => ({ ...BROWSER, 'x-forwarded-for': address, 'accept-language': 'ar' });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await get(base, '/api/journals/general/home', from('203.0.113.7'))).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      // The first loaded the answer (Fastify), the next three came from memory, the last two Fastify refused.
      expect(answered.mock.results.map((result) => result.value)).toEqual([false, true, true, true, false, false]);
      const refused = await get(base, '/api/journals/general/home', from('203.0.113.7'));
      expect(refused.status).toBe(429);
      expect(header(refused, 'retry-after')).toMatch(/^\d+$/);
      expect(json(refused).message).toMatch(/[\u0600-\u06FF]/);
      // The address is the client's behind the trusted proxy: another reader is not limited.
      expect((await get(base, '/api/journals/general/home', from('203.0.113.8'))).status).toBe(200);
      expect(answered.mock.results.at(-1)?.value).toBe(true);

      const scraped = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      const text = await scraped.text();
      const series = (status: number) =>
        Number(
          new RegExp(
            `journals_http_requests_total\\{method="GET",route="/api/journals/:slug/home",status="${status}"\\} (\\d+)`,
          ).exec(text)?.[1],
        );
      expect(series(200)).toBe(5);
      expect(series(429)).toBe(3);
      expect(text).toMatch(
        /journals_http_request_duration_seconds_count\{method="GET",route="\/api\/journals\/:slug\/home"\} 8/,
      );
      // The trusted proxy's request id is the answer's, from the lane as from Fastify.
      const kept = await get(base, '/api/journals/general/home', {
        ...from('203.0.113.9'),
        'x-request-id': 'proxy-7f3a.3',
      });
      expect(answered.mock.results.at(-1)?.value).toBe(true);
      expect(kept.headers[0]).toEqual(['x-request-id', 'proxy-7f3a.3']);
    } finally {
      await app.close();
    }
  });

  it('leaves a request to Fastify, and logs why, should the lane ever throw', async () => {
    const { app, lines } = await loggedApp('warn');
    try {
      const base = await listening(app);
      vi.spyOn(app.lane, 'answer').mockImplementationOnce(() => {
        throw new Error('a lane fault');
      });
      const answer = await get(base, '/api/journals/general', BROWSER);
      expect(answer.status).toBe(200);
      expect(json(answer)).toMatchObject({ slug: 'general' });
      expect(lines.some((line) => line.includes('the memory lane failed') && line.includes('a lane fault'))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("writes Fastify's two request lines where every request is logged (LOG_LEVEL info)", async () => {
    const { app, lines } = await loggedApp('info');
    try {
      const base = await listening(app);
      const answered = vi.spyOn(app.lane, 'answer');
      /** The lines a request wrote, as objects, without what differs by moment (time, duration). */
      const linesOf = async (id: string) => {
        const from = lines.length;
        await get(base, '/api/journals/general/home', { ...BROWSER, 'x-request-id': id });
        return lines.slice(from).map((line) => {
          const { time, responseTime, ...rest } = JSON.parse(line);
          expect(time).toEqual(expect.any(Number));
          if (rest.msg === 'request completed') expect(responseTime).toBeGreaterThan(0);
          return { ...rest, reqId: rest.reqId === id ? 'the id' : rest.reqId };
        });
      };
      const byFastify = await linesOf('first-reader');
      expect(answered.mock.results.at(-1)?.value).toBe(false);
      const byLane = await linesOf('second-reader');
      expect(answered.mock.results.at(-1)?.value).toBe(true);
      expect(byLane).toEqual(byFastify);
      expect(byLane.map((line) => [line.msg, line.reqId, line.level])).toEqual([
        ['incoming request', 'the id', 30],
        ['request completed', 'the id', 30],
      ]);
      expect(byLane[0]).toMatchObject({
        req: { method: 'GET', url: '/api/journals/general/home', remoteAddress: '127.0.0.1' },
      });
      expect(byLane[1]).toMatchObject({ res: { statusCode: 200 } });
    } finally {
      await app.close();
    }
  });
});
