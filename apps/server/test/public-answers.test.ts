import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { homeResponse, homeTabsResponse, journalBootstrap, landingResponse } from '@journals/core/schemas/journals';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { journals } from '../src/db/schema';
import { wire } from '../src/lib/cache';
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
    // Sent as its UTF-8 bytes, kept at the cache fill: the Arabic intact and the length the bytes'.
    expect(Number(first.headers['content-length'])).toBe(first.raw.length);
    expect(JSON.parse(first.raw.toString('utf8'))).toEqual(first.body);
    expect(first.raw.toString('utf8')).toMatch(/[\u0600-\u06ff]/);
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

/** What Chromium sends on every request (also to http://127.0.0.1). */
const BROWSER = 'gzip, deflate, br, zstd';

describe.each(answers.filter((answer) => answer.name !== 'tabs'))('the cached $name answer, compressed', ({ url }) => {
  it('goes to a browser as brotli made at the cache fill, the same JSON, with an ETag of its own', async () => {
    const client = app.client();
    const plain = await client.get(url);
    const compressed = await client.get(url, { 'accept-encoding': BROWSER });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(compressed.headers['content-length'])).toBe(compressed.raw.length);
    expect(compressed.raw.length).toBeLessThan(plain.raw.length);
    expect(brotliDecompressSync(compressed.raw).toString()).toBe(plain.raw.toString());

    // Each form is revalidated against its own tag: the bytes differ, so the tags do.
    const etag = String(compressed.headers.etag);
    expect(etag).not.toBe(plain.headers.etag);
    const again = await client.get(url, { 'accept-encoding': BROWSER, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.vary).toBe('accept-encoding');
    expect((await client.get(url, { 'if-none-match': etag })).status).toBe(200);
  });

  it('goes as gzip to a client that takes gzip and not brotli, and as it is to one that takes neither', async () => {
    const client = app.client();
    const plain = await client.get(url);
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8', 'gzip, deflate']) {
      const answer = await client.get(url, { 'accept-encoding': accept });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(answer.raw).toString()).toBe(plain.raw.toString());
    }
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0', 'x'.repeat(300)]) {
      const answer = await client.get(url, { 'accept-encoding': accept });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.raw.toString()).toBe(plain.raw.toString());
    }
  });

  it('is not compressed again on a hit', async () => {
    app.deps.cache.invalidate('');
    const client = app.client();
    await client.get(url, { 'accept-encoding': BROWSER });
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    for (let i = 0; i < 3; i++) await client.get(url, { 'accept-encoding': BROWSER });
    expect(brotli).not.toHaveBeenCalled();
  });
});

describe('a small cached answer', () => {
  it('is kept as it is only: compressing it would save less than the headers it costs', () => {
    expect(wire('{"items":[]}', 'application/json; charset=utf-8').encoded).toBeNull();
    const large = wire(JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i })) }), 'text/plain');
    expect(brotliDecompressSync(large.encoded!.br.bytes).toString()).toBe(large.body);
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
