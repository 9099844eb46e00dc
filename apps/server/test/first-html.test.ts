import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals } from '../src/db/schema';
import { buildTestApp, countStatements, type TestApp } from './harness';

/** The stand-in web app (see static-assets.test.ts); its index.html is only read. */
const WEB_DIST = path.join(import.meta.dirname, 'fixtures/web');
const BLOCK_START = '<script type="application/json" id="journal-bootstrap">';

/** The parts of a page a test looks at, taken from the HTML as sent. */
function read(html: string) {
  const start = html.indexOf(BLOCK_START);
  const block = start < 0 ? null : html.slice(start + BLOCK_START.length, html.indexOf('</script>', start));
  return {
    bootstrap: block === null ? null : JSON.parse(block),
    afterBlock: start < 0 ? '' : html.slice(start),
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    htmlTag: /<html\b[^>]*>/.exec(html)?.[0],
  };
}

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({ WEB_DIST });
});

afterAll(async () => {
  await app?.close();
});

describe('the first HTML of a journal page', () => {
  it.each(['/general/', '/general/archive', '/general'])('carries the journal bootstrap at %s', async (url) => {
    const api = await app.client().get('/api/journals/general');
    const page = await app.client().get(url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(read(page.raw.toString()).bootstrap).toEqual(api.body);
  });

  it('names the journal in its title and description, in an English journal’s language', async () => {
    const api = (await app.client().get('/api/journals/general')).body;
    const page = read((await app.client().get('/general/')).raw.toString());
    expect(api.journalData.defaultLanguage).toBe('en');
    expect(page.title).toBe(api.journalData.title.en);
    expect(page.description).toBe(api.journalData.welcomeMsg.en);
    expect(page.htmlTag).toBe('<html lang="en" dir="ltr">');
  });

  it('is Arabic and right to left for a journal whose default language is Arabic', async () => {
    const api = (await app.client().get('/api/journals/ethics')).body;
    const page = read((await app.client().get('/ethics/archive')).raw.toString());
    expect(page.bootstrap).toEqual(api);
    expect(page.title).toBe(api.journalData.title.ar);
    expect(page.description).toBe(api.journalData.welcomeMsg.ar);
    expect(page.htmlTag).toBe('<html lang="ar" dir="rtl">');
  });

  it('keeps the content security policy of the plain page: scripts from the site only, never inline', async () => {
    const plain = await app.client().get('/');
    const journal = await app.client().get('/general/');
    const csp = String(journal.headers['content-security-policy']);
    expect(csp).toBe(plain.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(journal.headers['x-content-type-options']).toBe('nosniff');
    expect(journal.headers['referrer-policy']).toBe('no-referrer');
    // The page opens the payment popup and keeps it (decision 0013).
    expect(journal.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(journal.raw.toString()).toContain('<script type="module" src="/assets/app-3f9a1c.js"></script>');
  });

  it('cannot be broken out of by a journal title that closes the script', async () => {
    const title = '</script><script>alert(1)</script> & <!-- \u2028';
    const [before] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
    await app.deps.db.update(journals).set({ titleEn: title }).where(eq(journals.slug, 'general'));
    try {
      const html = (await app.client().get('/general/')).raw.toString();
      const page = read(html);
      expect(page.afterBlock.match(/<\/script>/gi)).toHaveLength(1);
      expect(page.bootstrap.journalData.title.en).toBe(title);
      expect(html).not.toContain('<script>alert(1)');
      expect(page.title).toBe('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;!-- \u2028');
    } finally {
      await app.deps.db.update(journals).set({ titleEn: before!.titleEn }).where(eq(journals.slug, 'general'));
    }
  });
});

describe('the first HTML as a browser gets it', () => {
  it.each(['/general/archive', '/no-such-journal/'])(
    'is brotli made once, revalidated by its own ETag at %s',
    async (url) => {
      const client = app.client();
      const plain = await client.get(url);
      const compressed = await client.get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers.vary).toBe('accept-encoding');
      expect(compressed.raw.length).toBeLessThan(plain.raw.length);
      expect(compressed.body).toBe(plain.raw.toString());
      const again = await client.get(url, {
        'accept-encoding': 'gzip, deflate, br, zstd',
        'if-none-match': String(compressed.headers.etag),
      });
      expect(again.status).toBe(304);
      expect(again.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    },
  );
});

describe('a page that names no journal', () => {
  it.each(['/', '/no-such-journal/', '/no-such-journal/archive'])('is the plain web app at %s', async (url) => {
    const page = await app.client().get(url);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = page.raw.toString();
    expect(html).not.toContain('journal-bootstrap');
    expect(read(html).title).toBe('Journals (test stand-in for the built web app)');
  });
});

describe('with a warm cache', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await buildTestApp({ WEB_DIST, CACHE_TTL_MS: '60000' });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('sends a journal page without asking the database again', async () => {
    // Any page of the journal fills its first HTML once per cache time; the next page is sent as it is.
    await cached.client().get('/general/');
    expect(await countStatements(cached, () => cached.client().get('/general/archive'))).toBe(0);
  });
});
