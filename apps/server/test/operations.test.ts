import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, buildTestApp, type TestApp } from './harness';

/**
 * Watching the platform run (issue 23 §3, decision 0059): /readyz apart from /healthz, /metrics to the holder of its
 * token, the request id in every answer and log line, and scheduled work that stopped or fails shown to the
 * monitoring and to the platform administrator.
 */
const TOKEN = 'operations-test-token-0123456789';

describe('watching the platform run', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      METRICS_TOKEN: TOKEN,
      HOUSEKEEPING_PERIOD_SECONDS: '600',
      REMINDERS_PERIOD_SECONDS: '3600',
    });
  });
  afterAll(() => app.close());

  const metrics = async () => {
    const answer = await app.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    return answer.body as string;
  };
  /** A metric's value for a label set, as the text format writes it. */
  const valueOf = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('is ready when the database answers, every migration is applied and the storage keeps a file', async () => {
    const answer = await app.client().get('/readyz');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
      scheduledJobs: [
        { job: 'housekeeping', periodSeconds: 600, overdue: false },
        { job: 'reminders', periodSeconds: 3600, overdue: false },
      ],
    });
    // The probe's file is gone: the storage holds nothing of it.
    const left: string[] = [];
    for await (const key of app.deps.storage.list()) if (key.startsWith('.readyz/')) left.push(key);
    expect(left).toEqual([]);
  });

  it('is not ready when the storage refuses a file, and says so in words; the error itself only to the token', async () => {
    const put = app.deps.storage.put;
    app.deps.storage.put = async () => {
      throw new Error('EROFS: read-only file system, open /srv/journals/data/.readyz/1');
    };
    try {
      const answer = await app.client().get('/readyz');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'ok', storage: 'the storage did not keep a file' },
        scheduledJobs: expect.any(Array),
      });
      expect(answer.raw.toString()).not.toMatch(/EROFS|\/srv/);
      const detailed = await app.client().get('/readyz', { authorization: `Bearer ${TOKEN}` });
      expect(detailed.status).toBe(503);
      expect(detailed.body).toMatchObject({
        checks: { storage: 'the storage did not keep a file' },
        details: {
          database: null,
          storage: 'EROFS: read-only file system, open /srv/journals/data/.readyz/1',
          migrations: { applied: expect.any(Number), known: expect.any(Number) },
        },
      });
      // A wrong token is anyone: the words alone.
      const wrong = await app.client().get('/readyz', { authorization: 'Bearer operations-test-token-012345678X' });
      expect(wrong.raw.toString()).not.toContain('EROFS');
      expect((await app.client().get('/healthz')).status).toBe(200);
    } finally {
      app.deps.storage.put = put;
    }
  });

  it('tells anyone that the database did not answer, never the failed SQL; the holder of the token reads it', async () => {
    const execute = app.deps.db.execute;
    app.deps.db.execute = (async () => {
      throw new Error('Failed query: SELECT count(*) FROM mail_outbox WHERE state = $1\nparams: pending');
    }) as unknown as typeof execute;
    try {
      const answer = await app.client().get('/readyz');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'not ready',
        checks: {
          database: 'the database did not answer',
          migrations: 'not read: the database did not answer',
          storage: 'ok',
        },
        scheduledJobs: [],
      });
      expect(answer.raw.toString()).not.toMatch(/SELECT|mail_outbox|Failed query/);
      const detailed = await app.client().get('/readyz', { authorization: `Bearer ${TOKEN}` });
      expect(detailed.body.details).toEqual({
        database: 'Failed query: SELECT count(*) FROM mail_outbox WHERE state = $1\nparams: pending',
        storage: null,
        migrations: null,
      });
    } finally {
      app.deps.db.execute = execute;
    }
    expect((await app.client().get('/readyz')).status).toBe(200);
  });

  it('keeps /metrics from anyone without the token', async () => {
    expect((await app.client().get('/metrics')).status).toBe(401);
    expect(
      (await app.client().get('/metrics', { authorization: 'Bearer operations-test-token-012345678X' })).status,
    ).toBe(401);
    const closed = await buildTestApp();
    try {
      // Without METRICS_TOKEN the route is not there for anyone.
      expect((await closed.client().get('/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('counts requests by route pattern and status, with their latency, and shows the pool and the outbox', async () => {
    const client = app.client();
    for (let i = 0; i < 3; i += 1) expect((await client.get('/api/journals/general/archive/home')).status).toBe(200);
    expect((await client.get('/api/journals/no-such-journal/archive/home')).status).toBe(404);
    const text = await metrics();
    expect(
      valueOf(text, 'journals_http_requests_total{method="GET",route="/api/journals/:slug/archive/home",status="200"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(
      valueOf(text, 'journals_http_requests_total{method="GET",route="/api/journals/:slug/archive/home",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(
        text,
        'journals_http_request_duration_seconds_count{method="GET",route="/api/journals/:slug/archive/home"}',
      ),
    ).toBeGreaterThanOrEqual(4);
    // The histogram's buckets are cumulative up to +Inf, which counts every answer, and its sum is their time.
    const series = 'method="GET",route="/api/journals/:slug/archive/home"';
    const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, '+Inf'].map((le) =>
      valueOf(text, `journals_http_request_duration_seconds_bucket{le="${le}",${series}}`),
    );
    expect(buckets).toEqual([...buckets].sort((a, b) => a! - b!));
    expect(buckets.at(-1)).toBe(valueOf(text, `journals_http_request_duration_seconds_count{${series}}`));
    expect(valueOf(text, `journals_http_request_duration_seconds_sum{${series}}`)).toBeGreaterThan(0);
    expect(text).toContain('# TYPE journals_http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE journals_http_requests_total counter');
    // No series per paper or per journal: the raw URL never becomes a label.
    expect(text).not.toContain('no-such-journal');
    // Waiting for a connection: a statement queued while the pool opens one counts too, so only its presence.
    expect(valueOf(text, 'journals_db_pool_connections{state="waiting"}')).toBeTypeOf('number');
    expect(valueOf(text, 'journals_db_pool_connections{state="in_use"}')).toBeTypeOf('number');
    expect(valueOf(text, 'journals_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    // The demo's outbox: what it holds, read from the database.
    const [outbox] = (
      await app.database.executeSql(
        `SELECT count(*) FILTER (WHERE state = 'pending')::int AS pending, count(*) FILTER (WHERE state = 'sending')::int AS sending, count(*) FILTER (WHERE state = 'failed')::int AS failed FROM mail_outbox`,
      )
    ).rows as { pending: number; sending: number; failed: number }[];
    expect(valueOf(text, 'journals_mail_outbox_messages{state="pending"}')).toBe(outbox!.pending);
    expect(valueOf(text, 'journals_mail_outbox_messages{state="sending"}')).toBe(outbox!.sending);
    expect(valueOf(text, 'journals_mail_outbox_messages{state="failed"}')).toBe(outbox!.failed);
    expect(valueOf(text, 'journals_migrations{kind="applied"}')).toBe(
      valueOf(text, 'journals_migrations{kind="known"}'),
    );
    expect(text).toContain('journals_process_resident_memory_bytes');
  });

  it('gives every answer its request id, keeping a well-formed one only from a trusted proxy', async () => {
    const client = app.client();
    const fresh = await client.get('/healthz');
    // This process's prefix and its count of requests.
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect((await client.get('/healthz')).headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    // A client's own id is not taken (TRUST_PROXY unset): anyone could give many requests one id, or another's.
    const claimed = await client.get('/healthz', { 'x-request-id': 'proxy-7f3a.9:1' });
    expect(claimed.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    const proxied = await buildTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const behind = proxied.client();
      expect((await behind.get('/healthz', { 'x-request-id': 'proxy-7f3a.9:1' })).headers['x-request-id']).toBe(
        'proxy-7f3a.9:1',
      );
      // Even from the proxy, a header that could forge a log line, or is too long, is not taken.
      const forged = await behind.get('/healthz', { 'x-request-id': 'a b\n{"level":60}' });
      expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-/);
      expect((await behind.get('/healthz', { 'x-request-id': 'x'.repeat(129) })).headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-/,
      );
    } finally {
      await proxied.close();
    }
    // A proxy elsewhere is trusted, not the client that connected here.
    const elsewhere = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const answer = await elsewhere.client().get('/healthz', { 'x-request-id': 'proxy-7f3a.9:1' });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    } finally {
      await elsewhere.close();
    }
  });

  it('tells a scheduled job that stopped or fails, to the monitoring and to the platform administrator', async () => {
    const sql = app.database.executeSql;
    await sql('DELETE FROM scheduled_runs');
    // Housekeeping (every 10 minutes) last succeeded 25 minutes ago: overdue. Reminders (hourly) succeeded an hour
    // ago, and its last run, since, failed: not overdue, failing.
    await sql(
      `INSERT INTO scheduled_runs (job, slot, runner, started_at, finished_at, outcome) VALUES
        ('housekeeping', 1, 'test', now() - interval '25 minutes', now() - interval '25 minutes', '{"sessions": 2}'),
        ('reminders', 1, 'test', now() - interval '61 minutes', now() - interval '60 minutes', '{"dueSoon": 1}'),
        ('reminders', 2, 'test', now() - interval '2 minutes', now() - interval '1 minute', '{"error": "Error: connection refused"}')`,
    );
    const ready = await app.client().get('/readyz');
    // Ready all the same: a stopped worker must be seen, not take the web processes out of service.
    expect(ready.status).toBe(200);
    expect(ready.body.scheduledJobs).toMatchObject([
      { job: 'housekeeping', overdue: true, failing: false, failures: 0 },
      { job: 'reminders', overdue: false, failing: true, failures: 1 },
    ]);
    // The error's text is the token holder's (and the administrator's screen's), not anyone's.
    expect(ready.raw.toString()).not.toContain('connection refused');
    const detailed = await app.client().get('/readyz', { authorization: `Bearer ${TOKEN}` });
    expect(detailed.body.scheduledJobs).toMatchObject([
      { job: 'housekeeping', overdue: true, failing: false, lastError: null, failures: 0 },
      { job: 'reminders', overdue: false, failing: true, lastError: 'Error: connection refused', failures: 1 },
    ]);
    const text = await metrics();
    expect(valueOf(text, 'journals_scheduled_job_overdue{job="housekeeping"}')).toBe(1);
    expect(valueOf(text, 'journals_scheduled_job_overdue{job="reminders"}')).toBe(0);
    expect(valueOf(text, 'journals_scheduled_job_failures{job="reminders"}')).toBe(1);
    expect(valueOf(text, 'journals_scheduled_job_last_success_timestamp_seconds{job="housekeeping"}')).toBeCloseTo(
      Date.now() / 1000 - 25 * 60,
      -2,
    );

    const admin = await app.signedIn('admin@platform.test');
    const health = await admin.get('/api/journals/general/platform/health');
    expect(health.status).toBe(200);
    // The administrator's screen reads the errors as the token holder does.
    expect(health.body.scheduled).toEqual(
      detailed.body.scheduledJobs.map(({ failing: _failing, ...job }: { failing: boolean }) => job),
    );
    expect(health.body.scheduled[1]).toMatchObject({ job: 'reminders', lastError: 'Error: connection refused' });
    const editor = await app.signedIn('editor@general.test');
    expect((await editor.get('/api/journals/general/platform/health')).status).toBe(403);
  });

  it('records a failed scheduled run as failed, with its error', async () => {
    const { startSchedule } = await import('../src/jobs/schedule');
    await app.database.executeSql(`DELETE FROM scheduled_runs WHERE job = 'always-fails'`);
    const errors: unknown[] = [];
    const log = { error: (entry: unknown) => void errors.push(entry) } as never;
    const schedule = startSchedule(app.database.executeSql, log, [
      {
        name: 'always-fails',
        periodMs: 40,
        run: async () => {
          throw new Error('the mail server refused');
        },
      },
    ]);
    await expect
      .poll(
        async () =>
          (await app.database.executeSql(`SELECT outcome, finished_at FROM scheduled_runs WHERE job = 'always-fails'`))
            .rows,
        {
          timeout: 5_000,
        },
      )
      .toContainEqual({ outcome: { error: 'Error: the mail server refused' }, finished_at: expect.anything() });
    await schedule.stop();
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe("the worker's metrics", () => {
  it('serves them on METRICS_PORT to the holder of the token only', async () => {
    const { Metrics, serveMetrics } = await import('../src/lib/metrics');
    const { createServer } = await import('node:net');
    const probe = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const metrics = new Metrics();
    metrics.reminders.inc(3);
    const log = { info: () => {}, error: () => {} } as never;
    const stop = await serveMetrics(metrics, { host: '127.0.0.1', port, token: TOKEN }, log);
    try {
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('journals_reminders_sent_total 3');
    } finally {
      await stop();
    }
  });
});

describe('under more load than it can answer in time', () => {
  it('sheds the excess with 503 and Retry-After at once, keeps answering probes, and recovers when it ends', async () => {
    const app = await buildTestApp({
      MAX_IN_FLIGHT: '4',
      RETRY_AFTER_SECONDS: '3',
      CACHE_TTL_MS: '0',
      WEB_DIST: path.join(import.meta.dirname, 'fixtures/web'),
    });
    try {
      await app.app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
      const timed = async (url: string) => {
        const started = performance.now();
        const response = await fetch(base + url, { headers: { 'accept-language': 'ar' } });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { code?: string; message?: string },
          ms: performance.now() - started,
        };
      };
      // Eighty readers at once against a process that takes four at a time.
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          timed(i % 2 ? '/api/journals/general/archive' : '/api/journals/general/archive/home'),
        ),
      );
      const shed = answers.filter((answer) => answer.status === 503);
      const served = answers.filter((answer) => answer.status === 200);
      expect(shed.length + served.length).toBe(80);
      expect(shed.length).toBeGreaterThan(0);
      expect(served.length).toBeGreaterThanOrEqual(4);
      expect(shed[0]).toMatchObject({
        retryAfter: '3',
        body: { code: 'unavailable', message: 'الموقع مشغول جدًا الآن. من فضلك حاول مرة أخرى بعد ثوانٍ.' },
      });
      // Nobody waited in a queue without bound.
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(3_000);
      // The probes are answered under load; and once the burst is over, every request is served again.
      const during = Promise.all([timed('/healthz'), ...Array.from({ length: 20 }, () => timed('/api/landing'))]);
      expect((await during)[0]!.status).toBe(200);
      const after = await Promise.all(Array.from({ length: 4 }, () => timed('/api/journals/general/archive')));
      expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const counted = await app.client().get('/readyz');
      expect(counted.status).toBe(200);
      expect(app.metrics.inFlight).toBe(0);
      // With four in hand, a page's script is still served (refused, the page would stay blank), its API call not.
      app.metrics.inFlight += 4;
      try {
        expect((await app.client().get('/assets/app-3f9a1c.js')).status).toBe(200);
        expect((await app.client().get('/api/landing')).status).toBe(503);
      } finally {
        app.metrics.inFlight -= 4;
      }
    } finally {
      await app.close();
    }
  });

  it('sheds while the event loop is late on PostgreSQL (never on the embedded database), and serves again after', async () => {
    const app = await buildTestApp({
      MAX_EVENT_LOOP_DELAY_MS: '5',
      RETRY_AFTER_SECONDS: '2',
      CACHE_TTL_MS: '0',
      WEB_DIST: path.join(import.meta.dirname, 'fixtures/web'),
    });
    try {
      const client = app.client();
      expect((await client.get('/api/landing')).status).toBe(200);
      // The process busy for two seconds on end: every request would wait behind work like it.
      const busyUntil = Date.now() + 2_000;
      while (Date.now() < busyUntil);
      // The sampler reads the lateness within a second or two; the requests meanwhile are answered one by one.
      const answers: Answer[] = [];
      const watchUntil = Date.now() + 3_000;
      while (Date.now() < watchUntil && !answers.some((answer) => answer.status === 503)) {
        answers.push(await client.get('/api/landing', { 'accept-language': 'ar' }));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      if (app.database.kind === 'postgres') {
        expect(answers.at(-1)).toMatchObject({
          status: 503,
          headers: { 'retry-after': '2' },
          body: { code: 'unavailable', message: 'الموقع مشغول جدًا الآن. من فضلك حاول مرة أخرى بعد ثوانٍ.' },
        });
        // Probes are answered late or not: a busy process is alive. A page's script is served too: refused, the page
        // would stay blank (the browser does not ask again), where its API calls say they were refused.
        expect((await client.get('/healthz')).status).toBe(200);
        const script = await client.get('/assets/app-3f9a1c.js');
        expect(script.status).toBe(200);
        expect(script.headers['content-type']).toMatch(/javascript/);
      } else {
        // The embedded database runs on this thread: lateness is its statements, and readers are not refused for it.
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      }
      // Caught up, it serves again within a few samples.
      let status = 0;
      const recoverUntil = Date.now() + 5_000;
      while (Date.now() < recoverUntil && status !== 200) {
        status = (await client.get('/api/landing')).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
