import { homeResponse, homeTabsResponse, journalBootstrap, landingResponse } from '@journals/core/schemas/journals';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { journals } from '../src/db/schema';
import { buildTestApp, countStatements, type TestApp } from './harness';

/**
 * The public answers every visitor asks for (issue 8 §3): read, encoded and tagged once per cache fill, then sent
 * as they are — the same JSON the route's schema gives, an ETag, and 304 for a client that holds that version.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

const answers = [
  { name: 'landing', url: '/api/landing', schema: landingResponse },
  { name: 'bootstrap', url: '/api/journals/general', schema: journalBootstrap },
  { name: 'home', url: '/api/journals/general/home', schema: homeResponse },
  { name: 'tabs', url: '/api/journals/general/tabs', schema: homeTabsResponse },
] as const;

describe.each(answers)('the cached $name answer', ({ url, schema }) => {
  it('is the schema’s JSON with an ETag, and 304 without a body for a client holding that version', async () => {
    const client = app.client();
    const first = await client.get(url);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(schema.parse(first.body)).toBeTruthy();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await client.get(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect((await client.get(url, { 'if-none-match': '"another"' })).status).toBe(200);
  });

  it('is encoded once per cache fill, not on every hit, and sends no statement while warm', async () => {
    app.deps.cache.invalidate('');
    const encode = vi.spyOn(schema, 'encode');
    const client = app.client();
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i++) bodies.add(JSON.stringify((await client.get(url)).body));
    expect(encode).toHaveBeenCalledTimes(1);
    expect(bodies.size).toBe(1);
    expect(await countStatements(app, () => client.get(url))).toBe(0);
  });
});

describe('a changed journal', () => {
  it('gets a new body and a new ETag once the cache is dropped', async () => {
    const client = app.client();
    const before = await client.get('/api/journals/general');
    const [row] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
    try {
      await app.deps.db
        .update(journals)
        .set({ titleEn: 'Journal of Applied Sciences, renamed' })
        .where(eq(journals.id, row!.id));
      app.deps.cache.invalidate('journal:general');
      const after = await client.get('/api/journals/general', { 'if-none-match': String(before.headers.etag) });
      expect(after.status).toBe(200);
      expect(after.body.journalData.title.en).toBe('Journal of Applied Sciences, renamed');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await app.deps.db.update(journals).set({ titleEn: row!.titleEn }).where(eq(journals.id, row!.id));
      app.deps.cache.invalidate('journal:general');
    }
  });
});
