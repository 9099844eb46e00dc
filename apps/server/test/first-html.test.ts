import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, issues, journals } from '../src/db/schema';
import { buildTestApp, countStatements, setCookies, type TestApp } from './harness';

/** The stand-in web app (see static-assets.test.ts); its index.html is only read. */
const WEB_DIST = path.join(import.meta.dirname, 'fixtures/web');
const BLOCK_START = '<script type="application/json" id="journal-bootstrap">';
const ANSWERS_START = '<script type="application/json" id="page-answers">';

interface Carried {
  path: string;
  language: string | null;
  body: unknown;
}

/** The parts of a page a test looks at, taken from the HTML as sent. */
function read(html: string) {
  const start = html.indexOf(BLOCK_START);
  const block = start < 0 ? null : html.slice(start + BLOCK_START.length, html.indexOf('</script>', start));
  const answersAt = html.indexOf(ANSWERS_START);
  const answers =
    answersAt < 0 ? null : html.slice(answersAt + ANSWERS_START.length, html.indexOf('</script>', answersAt));
  return {
    bootstrap: block === null ? null : JSON.parse(block),
    answers: answers === null ? null : (JSON.parse(answers) as Carried[]),
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
    expect(read((await app.client().get('/ethics/archive')).raw.toString()).bootstrap).toEqual(api);
    const page = read((await app.client().get('/ethics/')).raw.toString());
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
      // The bootstrap's and the carried answers' blocks end where they should, and nowhere else.
      expect(page.afterBlock.match(/<\/script>/gi)).toHaveLength(2);
      expect(page.bootstrap.journalData.title.en).toBe(title);
      expect(page.answers!.map((answer) => answer.path)).toContain('/api/journals/general/home');
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
    // Each page of the journal fills its first HTML once per cache time; the next visit is sent as it is.
    await cached.client().get('/general/archive');
    expect(await countStatements(cached, () => cached.client().get('/general/archive'))).toBe(0);
  });
});

/** The head's links and meta tags as sent. */
function headOf(html: string) {
  const links = [...html.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]*)")? href="([^"]*)" \/>/g)].map(
    ([, rel, hreflang, href]) => ({ rel, hreflang, href }),
  );
  const meta = [...html.matchAll(/<meta name="([^"]*)" content="([^"]*)" \/>/g)].map(([, name, content]) => [
    name!,
    content!,
  ]);
  return { links, meta, citations: meta.filter(([name]) => name!.startsWith('citation_')) };
}

describe('what indexers read in the first HTML of the archive', () => {
  async function published(state: boolean) {
    const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
    const [row] = await app.deps.db
      .select({ paper: archivedPapers, volume: issues.volume, issue: issues.issue })
      .from(archivedPapers)
      .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
      .where(and(eq(archivedPapers.journalId, journal!.id), eq(archivedPapers.published, state)))
      .orderBy(asc(archivedPapers.paperId))
      .limit(1);
    return { journal: journal!, ...row! };
  }

  it('names the canonical page and its English, Arabic and default alternates (?lang=)', async () => {
    const head = headOf((await app.client().get('/general/archive')).raw.toString());
    expect(head.links).toEqual([
      { rel: 'canonical', hreflang: undefined, href: 'http://journals.test/general/archive' },
      { rel: 'alternate', hreflang: 'en', href: 'http://journals.test/general/archive?lang=en' },
      { rel: 'alternate', hreflang: 'ar', href: 'http://journals.test/general/archive?lang=ar' },
      { rel: 'alternate', hreflang: 'x-default', href: 'http://journals.test/general/archive' },
    ]);
    const arabic = await app.client().get('/general/archive?lang=ar');
    const page = read(arabic.raw.toString());
    expect(page.htmlTag).toBe('<html lang="ar" dir="rtl">');
    expect(page.title).toMatch(/^الأرشيف — /);
    expect(headOf(arabic.raw.toString()).links[0]!.href).toBe('http://journals.test/general/archive?lang=ar');
  });

  it('gives the archive, an issue and search their own titles and descriptions', async () => {
    const { volume, issue } = await published(true);
    const titles = await Promise.all(
      ['/general/', '/general/archive', `/general/archive/vol-${volume}-i-${issue}`, '/general/search'].map(
        async (url) => read((await app.client().get(url)).raw.toString()),
      ),
    );
    expect(new Set(titles.map((page) => page.title)).size).toBe(4);
    expect(new Set(titles.map((page) => page.description)).size).toBe(4);
    expect(titles[2]!.title).toContain(`Volume ${volume}, Issue ${issue}`);
  });

  it('carries the Google Scholar citation tags of a paper, the PDF on the site’s own host', async () => {
    const { journal, paper, volume, issue } = await published(true);
    const answer = await app.client().get(`/general/archive/papers/${paper.paperId}`);
    expect(answer.status).toBe(200);
    const { citations } = headOf(answer.raw.toString());
    const tag = (name: string) => citations.filter(([key]) => key === name).map(([, value]) => value);
    expect(tag('citation_title')).toEqual([paper.titleEn || paper.titleAr]);
    expect(tag('citation_author')).toEqual([paper.correspondingAuthor, ...paper.jointAuthors]);
    expect(tag('citation_publication_date')).toEqual([paper.publishDate!.replaceAll('-', '/')]);
    expect(tag('citation_journal_title')).toHaveLength(1);
    expect(tag('citation_issn')).toEqual([journal.printIssn, journal.onlineIssn].filter(Boolean));
    expect(tag('citation_volume')).toEqual([String(volume)]);
    expect(tag('citation_issue')).toEqual([issue]);
    expect(tag('citation_firstpage')).toEqual([String(paper.fromPage)]);
    expect(tag('citation_lastpage')).toEqual([String(paper.toPage)]);
    expect(tag('citation_doi')).toEqual(paper.doi ? [paper.doi] : []);
    expect(tag('citation_pdf_url')).toEqual([
      `http://journals.test/api/journals/general/archive/papers/${paper.paperId}/pdf`,
    ]);
    expect(tag('citation_language')).toHaveLength(1);
    expect(tag('citation_abstract_html_url')).toEqual([`http://journals.test/general/archive/papers/${paper.paperId}`]);
    expect(citations.every(([, value]) => value !== '')).toBe(true);
  });

  it('answers 404 for a known page whose issue or paper is missing or in press, with no canonical', async () => {
    const press = await published(false);
    for (const url of [
      '/general/archive/vol-9-i-9',
      '/general/archive/papers/999999',
      `/general/archive/papers/${press.paper.paperId}`,
      `/general/archive/vol-${press.volume}-i-${press.issue}`,
    ]) {
      const answer = await app.client().get(url);
      expect(answer.status, url).toBe(404);
      const html = answer.raw.toString();
      expect(html).toContain('journal-bootstrap');
      expect(headOf(html).citations).toEqual([]);
      expect(headOf(html).links).toEqual([]);
      expect(headOf(html).meta).toContainEqual(['robots', 'noindex']);
      if (press.paper.titleEn) expect(html).not.toContain(press.paper.titleEn);
    }
  });

  it('answers a paper page, with the answers it carries, in no more statements than asking for them apart', async () => {
    // No cache here: every read goes to the database. The head alone took four statements (the journal twice, the
    // paper and its specializations); the answers it now carries are the API's reads of the menu, the paper and a
    // guest's access to its full text.
    const { paper } = await published(true);
    const page = await countStatements(app, () => app.client().get(`/general/archive/papers/${paper.paperId}`));
    const apart =
      4 +
      (await countStatements(app, () => app.client().get('/api/journals/general/tabs'))) +
      (await countStatements(app, () => app.client().get(`/api/journals/general/archive/papers/${paper.paperId}`))) +
      (await countStatements(app, () =>
        app.client().get(`/api/journals/general/archive/access?paperId=${paper.paperId}`),
      ));
    expect(page).toBeLessThanOrEqual(apart);
    // 12 before the guest's access was carried; it adds one read, the journal's payment settings.
    expect(page).toBeLessThanOrEqual(13);
  });
});

describe('the CSRF cookie of a page', () => {
  it('is set by the first HTML when the browser has none, so that the first API call may be a POST', async () => {
    for (const url of ['/general/', '/general/archive', '/']) {
      const page = await app.client().get(url);
      const cookie = setCookies(page).find((line) => line.startsWith('csrf='));
      expect(cookie, url).toMatch(/^csrf=[^;]+; Path=\/;.*SameSite=Lax/);
      expect(cookie).not.toMatch(/HttpOnly/i);
    }
    const client = app.client();
    await client.get('/general/');
    const token = client.cookie('csrf');
    const again = await client.get('/general/archive');
    expect(setCookies(again).some((line) => line.startsWith('csrf='))).toBe(false);
    // The page's token is the one a POST repeats: the visit counter, the first call of a carried home page.
    const visit = await client.post('/api/journals/general/visits', {});
    expect(visit.status).toBe(200);
    expect(client.cookie('csrf')).toBe(token);
  });
});

describe('the answers a page’s first HTML carries', () => {
  const carried = async (url: string, headers: Record<string, string> = {}) =>
    read((await app.client().get(url, headers)).raw.toString()).answers!;
  const api = async (path: string, language = 'en') =>
    (await app.client().get(path, { 'accept-language': language })).body;

  it('are the API’s own answers: the menu, the guest’s session and the page’s (a paper in the page’s language)', async () => {
    const { journal, paper } = await archivedPaper();
    const paperPath = `/api/journals/general/archive/papers/${paper.paperId}`;
    expect(journal.defaultLanguage).toBe('en');
    const answers = await carried(`/general/archive/papers/${paper.paperId}?lang=ar`);
    expect(answers).toEqual([
      { path: '/api/journals/general/tabs', language: null, body: await api('/api/journals/general/tabs') },
      { path: '/api/journals/general/me', language: null, body: { user: null, csrfToken: '' } },
      { path: paperPath, language: 'ar', body: await api(paperPath, 'ar') },
      // The guest's access to its full text, which the page's download button reads.
      {
        path: `/api/journals/general/archive/access?paperId=${paper.paperId}`,
        language: null,
        body: await api(`/api/journals/general/archive/access?paperId=${paper.paperId}`),
      },
    ]);
  });

  it('are the home’s, the archive’s and an issue’s on those pages', async () => {
    const { paper } = await archivedPaper();
    const { volume, issue } = paper;
    const paths = async (url: string) => (await carried(url)).map((answer) => answer.path);
    expect(await paths('/general/')).toEqual([
      '/api/journals/general/tabs',
      '/api/journals/general/me',
      '/api/journals/general/home',
      '/api/journals/general/archive/home',
    ]);
    expect((await paths('/general/archive')).slice(2)).toEqual(['/api/journals/general/archive']);
    const issuePath = `/api/journals/general/archive/volumes/${volume}/issues/${issue}`;
    const answers = await carried(`/general/archive/vol-${volume}-i-${issue}`);
    expect(answers.map((answer) => answer.path).slice(2)).toEqual([issuePath]);
    expect(answers[2]!.body).toEqual(await api(issuePath));
  });

  it('are a search’s own answer on its page, the query read as the web app reads it, and none for a refused query', async () => {
    // Words with spaces around them and an empty criterion left out: the API path the web app asks for.
    const url = '/general/search?JointAuthors=&search=%20water%20&lang=ar';
    const searchPath = '/api/journals/general/search?search=water';
    const accessPath = '/api/journals/general/archive/access';
    const answers = await carried(url);
    expect(answers.map((answer) => answer.path).slice(2)).toEqual([searchPath, accessPath]);
    expect(answers[2]).toEqual({ path: searchPath, language: 'ar', body: await api(searchPath, 'ar') });
    expect((answers[2]!.body as { total: number }).total).toBeGreaterThan(0);
    // With the guest's access to the full texts, which each hit's link reads.
    expect(answers[3]).toEqual({ path: accessPath, language: null, body: await api(accessPath) });
    // The older address form /search/{words} is the same search; a signed-in reader's access is left to the browser.
    expect((await carried('/general/search/water')).map((answer) => answer.path).slice(2, 3)).toEqual([
      '/api/journals/general/search?search=water',
    ]);
    const signedIn = await carried('/general/search/water', { cookie: 'sid=a-session-of-someone' });
    expect(signedIn.map((answer) => answer.path)).toEqual([
      '/api/journals/general/tabs',
      '/api/journals/general/search?search=water',
    ]);
    // Each search its own page: another query carries its own answer, not the cached one of the first.
    // (the criteria in the web app's order whatever the address's: words, then a keyword facet).
    const other = await carried('/general/search?KeyWords=zz&search=zzzznothing');
    expect(other[2]).toMatchObject({
      path: '/api/journals/general/search?search=zzzznothing&KeyWords=zz',
      body: { total: 0 },
    });
    // A query the API refuses (words over 200 characters) carries nothing: the page asks and shows the refusal.
    const long = `/general/search?search=${'a'.repeat(201)}`;
    expect((await carried(long)).map((answer) => answer.path)).toEqual([
      '/api/journals/general/tabs',
      '/api/journals/general/me',
    ]);
  });

  it('leave the session to the browser of a signed-in reader, and the object to a page that answers 404', async () => {
    const signedIn = await carried('/general/archive', { cookie: 'sid=a-session-of-someone' });
    expect(signedIn.map((answer) => answer.path)).toEqual([
      '/api/journals/general/tabs',
      '/api/journals/general/archive',
    ]);
    const missing = await app.client().get('/general/archive/papers/999999');
    expect(missing.status).toBe(404);
    expect(read(missing.raw.toString()).answers!.map((answer) => answer.path)).toEqual([
      '/api/journals/general/tabs',
      '/api/journals/general/me',
    ]);
  });
});

/** The general journal's first published paper, with the volume and issue it is in. */
async function archivedPaper() {
  const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
  const [row] = await app.deps.db
    .select({ paperId: archivedPapers.paperId, volume: issues.volume, issue: issues.issue })
    .from(archivedPapers)
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .where(and(eq(archivedPapers.journalId, journal!.id), eq(archivedPapers.published, true)))
    .orderBy(asc(archivedPapers.paperId))
    .limit(1);
  return { journal: journal!, paper: row! };
}
