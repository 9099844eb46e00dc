import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../../scripts/compress-assets.mjs';
import { buildTestApp, type TestApp } from './harness';

/** The stand-in web app, compressed by the build's own script into a copy (the fixture keeps only sources). */
const dist = mkdtempSync(path.join(tmpdir(), 'journals-web-'));
const script = '/assets/app-3f9a1c.js';
const original = readFileSync(path.join(import.meta.dirname, 'fixtures/web', script));
const IMMUTABLE = 'public, max-age=31536000, immutable';

let app: TestApp;

beforeAll(async () => {
  cpSync(path.join(import.meta.dirname, 'fixtures/web'), dist, { recursive: true });
  compressAssets(dist);
  app = await buildTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('a hashed asset', () => {
  it('is sent as its brotli file to a browser that accepts br, and decompresses to the original bytes', async () => {
    const answer = await app.client().get(script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(answer.raw).equals(original)).toBe(true);
  });

  it('is sent as its gzip file to a client that accepts only gzip, and decompresses to the original bytes', async () => {
    const answer = await app.client().get(script, { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(answer.raw).equals(original)).toBe(true);
  });

  it('is sent as it is to a client that accepts no compression', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const answer = await app.client().get(script, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.raw.equals(original)).toBe(true);
    }
  });

  it('answers 404, not the web app, when its name does not exist', async () => {
    const answer = await app.client().get('/assets/app-000000.js', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/json/);
    expect(answer.body).toMatchObject({ code: 'notFound' });
  });
});

describe('the web app page (index.html)', () => {
  it.each(['/', '/general/archive', '/index.html'])('is never cached without revalidation at %s', async (url) => {
    const answer = await app.client().get(url, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toContain(`src="${script}"`);
  });
});

describe('another public file (favicon.svg)', () => {
  it('is cached for an hour', async () => {
    const answer = await app.client().get('/favicon.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
  });
});
