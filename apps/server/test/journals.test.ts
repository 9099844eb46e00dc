import { existsSync } from 'node:fs';
import path from 'node:path';
import { translate } from '@journals/core/i18n/index';
import { homeResponse, homeTabsResponse, journalBootstrap, landingResponse } from '@journals/core/schemas/journals';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customTabs, journals, slides } from '../src/db/schema';
import { buildTestApp, expectError, setCookies, type TestApp } from './harness';

/** The public site API (spec 01 §2, §3, §7; DESIGN §2, §5): landing, journal bootstrap, home, tabs, files. */

let app: TestApp;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  app = await buildTestApp(
    {},
    { onRoute: (route) => void [route.method].flat().forEach((method) => routes.push({ method, url: route.url })) },
  );
});
afterAll(() => app.close());

/** Direct database changes stand for another process: drop what this process cached, as its own writes would. */
const changedBehindTheApp = (slug: string) => app.deps.cache.invalidate(`journal:${slug}`);

describe('landing', () => {
  it('lists both demo journals and the platform statistics', async () => {
    const answer = await app.client().get('/api/landing');
    expect(answer.status).toBe(200);
    const landing = landingResponse.parse(answer.body);
    expect(landing.journals.map((j) => j.slug)).toEqual(['general', 'ethics']);
    expect(landing.journals[0]).toMatchObject({
      name: { en: 'Journal of Applied Sciences' },
      // Versioned by the stored image, so that a new logo is never an old cached one (decision 0041).
      logoUrl: expect.stringMatching(/^\/api\/journals\/general\/files\/logo\?v=[\w-]+$/),
    });
    // The two demo researchers of each journal; no test of this file has registered anyone yet.
    expect(landing.statistics).toEqual({ journals: 2, issues: 4, papers: 13, researchers: 4 });
  });
});

describe('journal bootstrap', () => {
  it('has every field of the core journalBootstrap schema', async () => {
    const answer = await app.client().get('/api/journals/general');
    expect(answer.status).toBe(200);
    const bootstrap = journalBootstrap.parse(answer.body);
    expect(Object.keys(answer.body).sort()).toEqual(Object.keys(journalBootstrap.shape).sort());
    expect(Object.keys(answer.body.journalData).sort()).toEqual(
      Object.keys(journalBootstrap.shape.journalData.shape).sort(),
    );
    expect(bootstrap).toMatchObject({
      slug: 'general',
      logoUrl: expect.stringMatching(/^\/api\/journals\/general\/files\/logo\?v=[\w-]+$/),
      coverUrl: {
        en: expect.stringMatching(/^\/api\/journals\/general\/files\/cover\/en\?v=[\w-]+$/),
        ar: expect.stringMatching(/^\/api\/journals\/general\/files\/cover\/ar\?v=[\w-]+$/),
      },
      journalData: { title: { en: 'Journal of Applied Sciences', ar: 'مجلة العلوم التطبيقية' }, multiLanguage: true },
      settings: { ethicsQuestionnaire: false, extraPaperTypes: false },
    });
    const ethics = journalBootstrap.parse((await app.client().get('/api/journals/ethics')).body);
    expect(ethics.settings).toMatchObject({ ethicsQuestionnaire: true, extraPaperTypes: true });
    expect(ethics.journalData.defaultLanguage).toBe('ar');
  });

  it("never sends the journal's mail password", async () => {
    await app.deps.db.update(journals).set({ mailPassword: 'Mailbox-Secret-4242' }).where(eq(journals.slug, 'general'));
    changedBehindTheApp('general');
    const answer = await app.client().get('/api/journals/general');
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toContain('Mailbox-Secret-4242');
    expect(JSON.stringify(answer.body)).not.toMatch(/password/i);
  });

  it('answers 404 errors.journalNotFound for an unknown journal, in English and in Arabic', async () => {
    const client = app.client();
    const english = await client.get('/api/journals/no-such-journal');
    expectError(english, 404, 'notFound', 'errors.journalNotFound');
    expect(english.body.message).toBe(translate('en', 'errors.journalNotFound'));
    client.language = 'ar';
    const arabic = await client.get('/api/journals/no-such-journal/home');
    expectError(arabic, 404, 'notFound', 'errors.journalNotFound');
    expect(arabic.body.message).toBe(translate('ar', 'errors.journalNotFound'));
    expect(arabic.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers 400 for a slug longer than any journal slug', async () => {
    expectError(await app.client().get(`/api/journals/${'s'.repeat(61)}`), 400, 'validation', 'errors.validation');
  });
});

describe('home', () => {
  it('has the enabled slides, statistics {issues: 3, papers: 9} (its in-press issue and paper left out) and the five most viewed papers of the general journal', async () => {
    const answer = await app.client().get('/api/journals/general/home');
    expect(answer.status).toBe(200);
    const home = homeResponse.parse(answer.body);
    expect(home.statistics).toEqual({ issues: 3, papers: 9 });
    expect(home.homeSlider).toHaveLength(3);
    expect(home.homeSlider[0]).toMatchObject({ caption: { en: 'Call for papers: special issue on water' } });
    for (const slide of home.homeSlider)
      expect(slide.imageUrl).toMatch(new RegExp(`^/api/journals/general/files/slides/${slide.id}\\?v=[\\w-]+$`));
    expect(home.mostPopularPapers.map((p) => p.views)).toEqual([40, 33, 26, 21, 18]);
  });

  it('counts only its own journal: ethics has statistics {issues: 1, papers: 4}', async () => {
    expect((await app.client().get('/api/journals/ethics/home')).body.statistics).toEqual({ issues: 1, papers: 4 });
  });
});

describe('custom tabs', () => {
  it('lists the active tabs with their sub-tabs and the current issue (the newest published, not the one in press)', async () => {
    const answer = await app.client().get('/api/journals/general/tabs');
    expect(answer.status).toBe(200);
    const tabs = homeTabsResponse.parse(answer.body);
    expect(tabs.customTabs.map((t) => t.slug)).toEqual(['for-authors', 'indexing']);
    expect(tabs.customTabs[0]!.subTabs.map((t) => t.slug)).toEqual(['author-guidelines', 'fees']);
    expect(tabs.customTabs[0]!.subTabs[0]!.name).toEqual({ en: 'Guidelines', ar: 'الإرشادات' });
    expect(tabs.currentIssue).toMatchObject({ volume: 2, issue: '1', chronology: '09 2026' });
  });

  it('answers a tab page by its slug, with both languages', async () => {
    const answer = await app.client().get('/api/journals/general/tabs/author-guidelines');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ slug: 'author-guidelines', name: { en: 'Guidelines' } });
    expect(answer.body.content.en).toContain('5 MB');
    expect(answer.body.content.ar).toMatch(/[\u0600-\u06FF]/);
  });

  it("answers 404 for another journal's tab and for an unknown slug", async () => {
    expectError(await app.client().get('/api/journals/general/tabs/consent-forms'), 404, 'notFound', 'errors.notFound');
    expectError(await app.client().get('/api/journals/general/tabs/nothing-here'), 404, 'notFound', 'errors.notFound');
  });

  it('answers 404 for an inactive tab and leaves it out of the list', async () => {
    const journalId = (await app.client().get('/api/journals/general')).body.id as number;
    await app.deps.db
      .update(customTabs)
      .set({ active: false })
      .where(and(eq(customTabs.journalId, journalId), eq(customTabs.slug, 'indexing')));
    changedBehindTheApp('general');
    try {
      expectError(await app.client().get('/api/journals/general/tabs/indexing'), 404, 'notFound', 'errors.notFound');
      const tabs = (await app.client().get('/api/journals/general/tabs')).body;
      expect(tabs.customTabs.map((t: { slug: string }) => t.slug)).toEqual(['for-authors']);
    } finally {
      await app.deps.db
        .update(customTabs)
        .set({ active: true })
        .where(and(eq(customTabs.journalId, journalId), eq(customTabs.slug, 'indexing')));
      changedBehindTheApp('general');
    }
  });
});

describe('visits', () => {
  it('counts a visit and answers the new count', async () => {
    const client = app.client();
    const first = await client.post('/api/journals/general/visits');
    expect(first.status).toBe(200);
    expect(typeof first.body.journalViews).toBe('number');
    const second = await client.post('/api/journals/general/visits');
    expect(second.body).toEqual({ journalViews: first.body.journalViews + 1 });
    // The count is stored: the journal's own answer carries it (the read cache is off in tests).
    expect((await client.get('/api/journals/general')).body.journalViews).toBe(second.body.journalViews);
    const ethics = await client.post('/api/journals/ethics/visits');
    expect(ethics.body.journalViews).toBe(1);
  });

  it('answers 404 for an unknown journal', async () => {
    expectError(
      await app.client().post('/api/journals/no-such-journal/visits'),
      404,
      'notFound',
      'errors.journalNotFound',
    );
  });
});

describe('public images', () => {
  const restrictive = (csp: unknown) => {
    expect(String(csp)).toContain("default-src 'none'");
    expect(String(csp)).not.toMatch(/script-src/);
  };

  it('serve the logo and both covers as SVG with a restrictive CSP', async () => {
    const client = app.client();
    for (const url of [
      '/api/journals/general/files/logo',
      '/api/journals/general/files/cover/en',
      '/api/journals/ethics/files/cover/ar',
    ]) {
      const answer = await client.get(url);
      expect({ url, status: answer.status }).toEqual({ url, status: 200 });
      expect(answer.headers['content-type']).toBe('image/svg+xml');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      restrictive(answer.headers['content-security-policy']);
      expect(String(answer.body)).toContain('<svg');
    }
  });

  it('serve a slide of the journal; another journal’s slide id through this journal answers 404', async () => {
    const client = app.client();
    const ethicsSlide = (await client.get('/api/journals/ethics/home')).body.homeSlider[0].id as number;
    const generalSlide = (await client.get('/api/journals/general/home')).body.homeSlider[0].id as number;
    const own = await client.get(`/api/journals/general/files/slides/${generalSlide}`);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/svg+xml');
    restrictive(own.headers['content-security-policy']);
    expectError(
      await client.get(`/api/journals/general/files/slides/${ethicsSlide}`),
      404,
      'notFound',
      'errors.notFound',
    );
    expect((await client.get(`/api/journals/ethics/files/slides/${ethicsSlide}`)).status).toBe(200);
  });

  it('a disabled slide leaves the home slider and its image answers 404', async () => {
    const client = app.client();
    const [first] = (await client.get('/api/journals/general/home')).body.homeSlider as { id: number }[];
    await app.deps.db.update(slides).set({ enabled: false }).where(eq(slides.id, first!.id));
    changedBehindTheApp('general');
    try {
      expectError(
        await client.get(`/api/journals/general/files/slides/${first!.id}`),
        404,
        'notFound',
        'errors.notFound',
      );
      const home = (await client.get('/api/journals/general/home')).body;
      expect(home.homeSlider.map((s: { id: number }) => s.id)).not.toContain(first!.id);
    } finally {
      await app.deps.db.update(slides).set({ enabled: true }).where(eq(slides.id, first!.id));
      changedBehindTheApp('general');
    }
  });

  it('answers 400 for a slide id that is not a row id, and 404 for an unknown one', async () => {
    const client = app.client();
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      expectError(await client.get(`/api/journals/general/files/slides/${id}`), 400, 'validation', 'errors.validation');
    }
    expectError(await client.get('/api/journals/general/files/slides/987654'), 404, 'notFound', 'errors.notFound');
    expectError(await client.get('/api/journals/general/files/cover/fr'), 400, 'validation', 'errors.validation');
  });
});

describe('system routes', () => {
  it('/healthz answers ok', async () => {
    const answer = await app.client().get('/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('/manual.pdf serves the system manual', async () => {
    const answer = await app.app.inject({ method: 'GET', url: '/manual.pdf' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('/api/docs serves the OpenAPI UI and /api/docs/json lists every API route', async () => {
    const client = app.client();
    const ui = await client.get('/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(String(ui.body)).toMatch(/swagger/i);

    const spec = await client.get('/api/docs/json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(spec.body.paths as Record<string, Record<string, unknown>>).flatMap(([url, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
      ),
    );
    const apiRoutes = routes
      .filter(
        (r) =>
          r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url === '/healthz') && !r.url.startsWith('/api/docs'),
      )
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(apiRoutes.length).toBeGreaterThan(20);
    expect(apiRoutes.filter((route) => !documented.has(route))).toEqual([]);
    expect(documented.has('POST /api/journals/{slug}/auth/register')).toBe(true);
  });
});

describe('security headers', () => {
  it('answer a JSON call with the API set: a policy that allows nothing, no framing, nosniff, CORP', async () => {
    const answer = await app.client().get('/api/landing');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(answer.headers['x-powered-by']).toBeUndefined();
    // The headers that govern documents govern nothing in JSON (decision 0018).
    for (const name of [
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
    ]) {
      expect({ name, value: answer.headers[name] }).toEqual({ name, value: undefined });
    }
    // An error answer is JSON too, and so is a 304.
    const missing = await app.client().get('/api/journals/no-such-journal');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const again = await app.client().get('/api/landing', { 'if-none-match': String(answer.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('the csrf cookie is readable by the page (double submit) but the session cookie is not', async () => {
    const client = app.client();
    const answer = await client.get('/api/journals/general/me');
    const csrf = setCookies(answer).find((c) => c.startsWith('csrf='));
    expect(csrf).toBeTruthy();
    expect(csrf).not.toMatch(/HttpOnly/i);
    expect(csrf).toMatch(/SameSite=Lax/i);
    expect(answer.body.csrfToken).toBe(client.cookie('csrf'));
  });
});

describe('unknown paths', () => {
  const webBuilt = existsSync(path.resolve(import.meta.dirname, '../../web/dist/index.html'));

  it('an unknown /api path answers the 404 envelope', async () => {
    expectError(await app.client().get('/api/no/such/route'), 404, 'notFound', 'errors.notFound');
    expectError(await app.client().post('/api/no/such/route', {}), 404, 'notFound', 'errors.notFound');
  });

  it(`a non-API unknown path answers ${webBuilt ? 'the SPA index.html' : 'the 404 envelope (the web app is not built)'}`, async () => {
    const answer = await app.client().get('/general/some/page');
    if (webBuilt) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(String(answer.body)).toMatch(/<div id="root"|<!doctype html>/i);
    } else {
      expectError(answer, 404, 'notFound', 'errors.notFound');
    }
  });
});
