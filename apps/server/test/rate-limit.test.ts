import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, sessions, users } from '../src/db/schema';
import { buildTestApp, type TestApp } from './harness';

describe('rate limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_AUTH: '3' });
  });
  afterAll(() => app.close());

  it('answers 429 with a translated message once the login attempts of a minute are spent, and writes no session', async () => {
    const client = app.client();
    client.language = 'ar';
    const sessionsOfResearcher = () =>
      app.deps.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, 'researcher@general.test'));
    const before = await sessionsOfResearcher();
    const attempt = () =>
      client.post('/api/journals/general/auth/login', { email: 'researcher@general.test', password: 'wrong-pass' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    // The limit's figures travel with the refusal only.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect((await client.get('/api/journals/general')).headers['x-ratelimit-remaining']).toBeUndefined();
    expect(limited.body).toMatchObject({ code: 'tooManyRequests', messageKey: 'errors.tooManyRequests' });
    expect(limited.body.message).toBe('محاولات كثيرة. من فضلك انتظر قليلًا ثم حاول مرة أخرى.');
    // Even the right password waits until the window passes.
    const right = await client.post('/api/journals/general/auth/login', {
      email: 'researcher@general.test',
      password: 'Demo-pass-1',
    });
    expect(right.status).toBe(429);
    expect(client.cookie('sid')).toBeUndefined();
    expect(await sessionsOfResearcher()).toEqual(before);
  });

  it('keeps public reads outside the authentication limit', async () => {
    const client = app.client();
    for (let i = 0; i < 6; i++) expect((await client.get('/api/journals/general')).status).toBe(200);
  });
});

describe('the limit of costly requests', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_COSTLY: '2' });
  });
  afterAll(() => app.close());

  it('limits mail to the staff: the third message of a minute answers 429 and queues no mail', async () => {
    const client = app.client();
    await client.login('researcher@general.test');
    const mine = await client.get('/api/journals/general/papers/mine');
    const paperId = mine.body.items[0].id;
    const queued = async () => (await app.deps.db.select().from(mailOutbox)).length;
    const send = () => client.post(`/api/journals/general/papers/${paperId}/mail-staff`, { message: 'A question.' });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const before = await queued();
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'tooManyRequests', messageKey: 'errors.tooManyRequests' });
    expect(await queued()).toBe(before);
  });
});

describe('the global limit', () => {
  const dist = path.join(import.meta.dirname, 'fixtures/web');
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_GLOBAL: '5', WEB_DIST: dist, TRUST_PROXY: 'loopback' });
  });
  afterAll(() => app.close());

  it("never refuses the web app's scripts (a page loads dozens), while the API's requests past the limit get 429", async () => {
    const client = app.client();
    for (let i = 0; i < 12; i++) expect((await client.get('/assets/app-3f9a1c.js')).status).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await client.get('/api/journals/general')).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    // The counts travel with the refusal only, with when to come back, and its message in the reader's language.
    const refused = await client.get('/api/journals/general', { 'accept-language': 'ar' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'tooManyRequests', messageKey: 'errors.tooManyRequests' });
    expect(refused.body.message).toMatch(/[\u0600-\u06ff]/);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
    expect(Number(refused.headers['x-ratelimit-reset'])).toBe(seconds);
    // Another address has its own count.
    expect((await app.client().get('/api/journals/general', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
    // Past the limit, a screen's script still loads.
    expect((await client.get('/assets/app-3f9a1c.js')).status).toBe(200);
    // And the proxy's probes from the same address are answered: a limited address is not a dead process.
    for (let i = 0; i < 8; i++) {
      expect((await client.get('/healthz')).status).toBe(200);
      expect((await client.get('/readyz')).status).toBe(200);
    }
  });
});
