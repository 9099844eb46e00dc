import { mkdirSync } from 'node:fs';
import { formatNumber } from '@journals/core/format';
import { SEARCH_MAX_WORDS } from '@journals/core/limits';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The archive's search (issue 21 §4, §7): a guest finds a published paper of the demo archive by an Arabic word
 * typed without and then with its diacritics, by an English word in another form (stemming), narrows the results by
 * a keyword facet, and opens the search's address in a new page: the form, the facet and the results come back.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-search';
mkdirSync(SHOTS, { recursive: true });
/** A published paper of the demo archive (apps/server/src/seed/demo-archive-content.ts). */
const PAPER = { en: 'Low-cost sensors for urban air quality', ar: 'مستشعرات منخفضة التكلفة لجودة الهواء في المدن' };

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

for (const language of LANGUAGES) {
  test(`a guest finds a paper with and without Arabic diacritics, narrows by a facet and shares the search (${language})`, async ({
    page,
    visit,
    seriousViolations,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    const title = PAPER[language];
    const hits = page.getByTestId('search-hit');
    const words = page.getByLabel(text('search.words'), { exact: true });
    const run = async (value: string) => {
      await words.fill(value);
      await page.getByRole('button', { name: text('search.submit'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(value).replace(/%20/g, '\\+')}`));
      // The results of these words are shown before the reader types again (the page is not busy any more).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(words).toHaveValue(value);
    };

    await visit(`/${SLUG}/search`, language);
    await expect(page.getByRole('heading', { level: 1, name: text('search.title') })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'البحث في الأرشيف');
    // Without words: the journal's published papers, newest first, with their facets.
    await expect(hits.first()).toBeVisible();

    // An Arabic word as the paper writes it, then with its short vowels: the same paper.
    for (const typed of ['مستشعرات', 'مُسْتَشْعِرَات']) {
      await run(typed);
      await expect(hits.filter({ hasText: title })).toHaveCount(1);
    }
    await expect(page.getByTestId('search-total')).toHaveText(text('search.results', { count: await hits.count() }));

    // An English word in another form: "sensor" finds "sensors", and the word found is marked.
    await run('sensor');
    const found = hits.filter({ hasText: PAPER.en.slice(0, 8) });
    await expect(found.first()).toBeVisible();
    await expect(page.locator('[data-testid="search-hit"] mark').first()).toBeVisible();

    // Narrowed by a keyword: every paper left has it, and the address says so.
    const facet = page.getByTestId('search-facets').getByRole('checkbox', { name: /^air quality \(/ });
    await facet.click();
    await expect(facet).toBeChecked();
    await expect(page).toHaveURL(/KeyWords=air\+quality/);
    await expect(hits.filter({ hasText: title })).toHaveCount(1);
    for (const hit of await hits.all()) await expect(hit).toContainText('air quality');
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/search-${language}.png`, fullPage: true });
    expect(await seriousViolations()).toEqual([]);

    // The shared link, opened afresh: the form, the facet and the results as they were.
    const link = page.url();
    const shared = await page.context().newPage();
    await shared.goto(link);
    await expect(shared.getByLabel(text('search.words'), { exact: true })).toHaveValue('sensor');
    await expect(shared.getByTestId('search-facets').getByRole('checkbox', { name: /^air quality \(/ })).toBeChecked();
    await expect(shared.getByTestId('search-hit').filter({ hasText: title })).toHaveCount(1);
    await shared.close();
  });
}

test('a failed search says so and offers to try again (en)', async ({ page, visit }) => {
  const text = textOf('en');
  let fail = true;
  // Only the reader's search is failed: the page's own first asking (in a language the first HTML did not carry, or
  // cancelled by the next search) goes through untouched.
  await page.route('**/api/journals/general/search?search=sensors*', (route) =>
    fail ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
  );
  // The page's first HTML carries the answer of the search it opens with: the reader's next search is the one asked.
  await visit(`/${SLUG}/search`, 'en');
  await expect(page.getByTestId('search-hit').first()).toBeVisible();
  await page.getByLabel(text('search.words'), { exact: true }).fill('sensors');
  await page.getByRole('button', { name: text('search.submit'), exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: text('search.failed') });
  await expect(alert).toBeVisible();
  fail = false;
  await alert.getByRole('button', { name: text('search.retry') }).click();
  await expect(page.getByTestId('search-hit').first()).toBeVisible();
});

for (const language of LANGUAGES) {
  test(`more matches than are counted: the total says "more than", and the facets say what they count (${language})`, async ({
    page,
    visit,
  }) => {
    const text = textOf(language);
    // The server's own answer for the demo archive, as it comes when more than 2,000 papers match and the facets
    // were counted over the first 2,000 (decision 0034).
    await page.route('**/api/journals/general/search?search=sensors*', async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      await route.fulfill({ response: answer, json: { ...body, total: 2000, more: true, facetsCountedAmong: 2000 } });
    });
    // The page's first HTML carries the answer of the search it opens with: the search asked is the reader's next.
    await visit(`/${SLUG}/search`, language);
    await expect(page.getByTestId('search-hit').first()).toBeVisible();
    await page.getByLabel(text('search.words'), { exact: true }).fill('sensors');
    await page.getByRole('button', { name: text('search.submit'), exact: true }).click();
    await expect(page.getByTestId('search-total')).toHaveText(
      text('search.results_more', { count: formatNumber(2000, language) }),
    );
    await expect(page.getByTestId('search-facets-counted')).toHaveText(
      text('search.facets_counted', { count: formatNumber(2000, language) }),
    );
  });
}

for (const language of LANGUAGES) {
  test(`a busy search says so and tries again; too many words says how many (${language})`, async ({
    page,
    visit,
    seriousViolations,
  }) => {
    const text = textOf(language);
    let busy = true;
    // The server's own answer when the searches' line is full (decision 0074): the envelope in the page's language.
    await page.route('**/api/journals/general/search?search=sensors*', (route) =>
      busy
        ? route.fulfill({
            status: 503,
            headers: { 'retry-after': '2' },
            json: { code: 'unavailable', messageKey: 'search.busy', message: text('search.busy') },
          })
        : route.continue(),
    );
    await visit(`/${SLUG}/search`, language);
    await expect(page.getByTestId('search-hit').first()).toBeVisible();
    const words = page.getByLabel(text('search.words'), { exact: true });
    const submit = page.getByRole('button', { name: text('search.submit'), exact: true });
    await words.fill('sensors');
    await submit.click();
    const alert = page.getByRole('alert').filter({ hasText: text('search.busy_title') });
    await expect(alert).toContainText(text('search.busy'));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/search-busy-${language}.png`, fullPage: true });
    expect(await seriousViolations()).toEqual([]);
    busy = false;
    await alert.getByRole('button', { name: text('search.retry') }).click();
    await expect(page.getByTestId('search-hit').first()).toBeVisible();

    // One word too many: the server refuses them, and the page says the limit in the page's digits.
    await words.fill(Array.from({ length: SEARCH_MAX_WORDS + 1 }, (_, n) => `word${n}`).join(' '));
    await submit.click();
    await expect(page.getByRole('alert')).toContainText(
      text('search.too_many_words', { count: formatNumber(SEARCH_MAX_WORDS, language) }),
    );
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
  });
}
