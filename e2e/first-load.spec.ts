import type { Page, Response } from '@playwright/test';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, setLanguage, test, type Language } from './fixtures';
import { textOf } from './support/text';

/**
 * Issue 8 §4: a first visit to a public page loads at most this much JavaScript, counted as the server sends it
 * (brotli, the .br files of the build). KB = 1000 bytes.
 */
const JS_BUDGET_BYTES = 150 * 1000;
/** Its stylesheets: the styles of the components it shows, not Mantine's whole sheet (31 KB on its own). */
const CSS_BUDGET_BYTES = 20 * 1000;
/** Chunks that only other places need: the back office, the submission wizard, the captcha widget. */
const ELSEWHERE_ONLY = /^(BackOffice|PaperWizardPage|altcha)-/;

// The built web app the platform serves (the server's WEB_DIST, apps/web/dist unless set).
const ASSETS = path.join(process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist'), 'assets');

/** The size of an asset as the server sends it to a browser that accepts brotli: its .br copy, else itself. */
function brotliSize(name: string): number {
  const file = path.join(ASSETS, name);
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

interface Loaded {
  name: string;
  type: 'script' | 'stylesheet';
  /** Bytes of the body on the wire (encoded), as Chromium counted them. */
  transferred: number;
  encoding: string | undefined;
  acceptEncoding: string;
}

/** The four pages of issue 8 §4, each with the main heading that shows it has rendered. */
const PAGES: { path: string; language: Language; heading: string }[] = [
  { path: '/', language: 'en', heading: textOf('en')('common.platform_name') },
  { path: '/general/', language: 'en', heading: 'Welcome to the Journal of Applied Sciences' },
  // The ethics journal's language is Arabic.
  { path: '/ethics/', language: 'ar', heading: 'قدّم مقترحاتك البحثية للمراجعة الأخلاقية وتابعها حتى صدور القرار.' },
  { path: '/general/register', language: 'en', heading: textOf('en')('accounts.register_title') },
  // The archive's search with words, its facets and marks (issue 21 §6), in Arabic.
  { path: '/general/search?search=sensors', language: 'ar', heading: textOf('ar')('search.title') },
  // The public archive (issue 21 §6): the timeline, an issue, a paper (the demo's first published paper).
  { path: '/general/archive', language: 'en', heading: textOf('en')('archive.archive_title') },
  { path: '/general/archive/vol-1-i-1', language: 'ar', heading: textOf('ar')('archive.issue', { issue: 1 }) },
  { path: '/general/archive/papers/{id}', language: 'en', heading: 'Low-cost sensors for urban air quality' },
];

/** The demo's first published paper: its id is the database's, read from its issue. */
async function paperPath(page: Page, pagePath: string) {
  if (!pagePath.endsWith('{id}')) return pagePath;
  const issue = await page.request.get('/api/journals/general/archive/volumes/1/issues/1');
  const { papers } = (await issue.json()) as { papers: { id: number }[] };
  return pagePath.replace('{id}', String(papers[0]!.id));
}

for (const { path: pagePath, language, heading } of PAGES) {
  test(`a first visit to ${pagePath} (${language}) loads at most 150 KB of compressed JavaScript and no back office, wizard or captcha`, async ({
    page,
  }, testInfo) => {
    const responses: Response[] = [];
    const answersAsked: string[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') responses.push(response);
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) answersAsked.push(url.pathname + url.search);
    });
    const target = await paperPath(page, pagePath);
    await setLanguage(page, language);
    const document = await page.goto(target, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);

    // The page itself comes compressed, and each answer its first screen shows is asked for once: what was
    // loaded before the first render is what the page shows.
    expect(document?.headers()['content-encoding']).toBe('br');
    expect(answersAsked.filter((asked, index) => answersAsked.indexOf(asked) !== index)).toEqual([]);
    // The menu, a guest's session and the home's or archive page's own answers come inside the page's first HTML
    // (features/journals/first-html.ts): the first render waits for no request after the scripts.
    expect(
      answersAsked.filter((asked) =>
        /^\/api\/journals\/[^/]+\/(tabs|me|home|archive|archive\/home|archive\/volumes\/.+|archive\/papers\/\d+)$/.test(
          asked,
        ),
      ),
    ).toEqual([]);

    const loaded: Loaded[] = await Promise.all(
      responses.map(async (response) => ({
        name: new URL(response.url()).pathname.split('/').pop()!,
        type: response.request().resourceType() as Loaded['type'],
        transferred: (await response.request().sizes()).responseBodySize,
        encoding: response.headers()['content-encoding'],
        acceptEncoding: (await response.request().allHeaders())['accept-encoding'] ?? '',
      })),
    );
    const scripts = loaded.filter((file) => file.type === 'script');
    const styles = loaded.filter((file) => file.type === 'stylesheet');
    const sum = (files: Loaded[], size: (file: Loaded) => number) =>
      files.reduce((total, file) => total + size(file), 0);
    await testInfo.attach('first-load.json', {
      body: JSON.stringify({ loaded, jsBrotli: sum(scripts, (f) => brotliSize(f.name)) }, null, 2),
      contentType: 'application/json',
    });

    // What is measured is what is sent: the browser asks for brotli and gets each file's .br copy.
    for (const file of loaded) {
      expect(file.acceptEncoding, file.name).toContain('br');
      expect(file.encoding, file.name).toBe(existsSync(path.join(ASSETS, `${file.name}.br`)) ? 'br' : undefined);
    }
    expect(sum(scripts, (f) => f.transferred)).toBe(sum(scripts, (f) => brotliSize(f.name)));

    // Over budget, the message lists what was loaded, largest first.
    const listing = scripts
      .map((file) => `${file.transferred} ${file.name}`)
      .sort((a, b) => Number.parseInt(b) - Number.parseInt(a))
      .join('\n');
    expect(
      sum(scripts, (f) => f.transferred),
      listing,
    ).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(sum(styles, (f) => f.transferred)).toBeLessThanOrEqual(CSS_BUDGET_BYTES);
    expect(scripts.map((file) => file.name).filter((name) => ELSEWHERE_ONLY.test(name))).toEqual([]);
  });
}

test('the captcha widget loads when the reader starts on the form, in its place', async ({ page }) => {
  const captchaRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/altcha-/.test(request.url())) captchaRequests.push(request.url());
  });
  await setLanguage(page, 'en');
  await page.goto('/general/register', { waitUntil: 'networkidle' });
  const widget = page.locator('altcha-widget');
  const placeBefore = await widget.boundingBox();
  expect(captchaRequests).toEqual([]);

  await page.getByLabel(textOf('en')('accounts.full_name'), { exact: true }).focus();
  await expect(widget.locator('input[type=checkbox]')).toBeVisible();
  expect(captchaRequests).toHaveLength(1);
  // Nothing below it moves: the widget takes the height and place the page kept for it.
  const placeAfter = await widget.boundingBox();
  expect({ y: placeAfter?.y, height: placeAfter?.height }).toEqual({ y: placeBefore?.y, height: placeBefore?.height });
});
