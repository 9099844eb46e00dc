import { formatNumber } from '@journals/core/format';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/** The figures of a statistics section as a reader pairs them: each label with the number shown above it. */
function figures(section: Locator) {
  return section
    .locator('.stat-circle')
    .evaluateAll((circles) =>
      Object.fromEntries(circles.map((circle) => [circle.nextElementSibling?.textContent, circle.textContent])),
    );
}

/** What a reader sees of the platform and of a journal's public site, in each language. */
for (const language of LANGUAGES) {
  const text = textOf(language);
  const dir = language === 'ar' ? 'rtl' : 'ltr';

  test(`the landing page lists every journal with the platform statistics (${language})`, async ({
    page,
    platform,
    visit,
    seriousViolations,
  }) => {
    await visit('/', language);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    if (language === 'ar') await expectArabicPage(page, 'المنصة بالأرقام');
    await expect(
      page
        .getByRole('link', { name: language === 'ar' ? 'مجلة العلوم التطبيقية' : 'Journal of Applied Sciences' })
        .first(),
    ).toBeVisible();
    await expect(
      page
        .getByRole('link', {
          name: language === 'ar' ? 'مجلة لجنة أخلاقيات البحث العلمي' : 'Research Ethics Committee Review',
        })
        .first(),
    ).toBeVisible();
    // Journals, researchers, issues and papers grow as other browser tests make journals, register and publish; the
    // page shows the server's figures of the moment, at least the demo's two journals and its archive's published
    // issues and papers (its issues in press left out).
    const landing = await (await fetch(`${platform.baseURL}/api/landing`)).json();
    expect(landing.statistics.journals).toBeGreaterThanOrEqual(2);
    expect(landing.statistics.issues).toBeGreaterThanOrEqual(4);
    expect(landing.statistics.papers).toBeGreaterThanOrEqual(13);
    const statistics = page.getByRole('region', { name: text('public.landing_statistics') });
    await expect
      .poll(() => figures(statistics))
      .toEqual({
        // In the page's digits (decision 0027: Arabic-Indic on Arabic pages).
        [text('public.stat_journals')]: formatNumber(landing.statistics.journals, language),
        [text('public.stat_issues')]: formatNumber(landing.statistics.issues, language),
        [text('public.stat_papers')]: formatNumber(landing.statistics.papers, language),
        [text('public.stat_researchers')]: formatNumber(landing.statistics.researchers, language),
      });
    expect(await seriousViolations()).toEqual([]);
  });

  test(`a journal home shows its cover, welcome, slides, clipped about text and statistics (${language})`, async ({
    page,
    platform,
    visit,
    seriousViolations,
  }) => {
    await visit('/general/', language);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    if (language === 'ar') await expectArabicPage(page, 'المجلة بالأرقام');
    await expect(
      page.getByRole('img', {
        name: text('public.cover_alt', {
          name: language === 'ar' ? 'مجلة العلوم التطبيقية' : 'Journal of Applied Sciences',
        }),
      }),
    ).toBeVisible();
    await expect(
      page
        .getByText(
          language === 'ar' ? 'مرحبًا بكم في مجلة العلوم التطبيقية' : 'Welcome to the Journal of Applied Sciences',
        )
        .first(),
    ).toBeVisible();
    await expect(
      page
        .getByText(
          language === 'ar' ? 'دعوة لتقديم الأبحاث: عدد خاص عن المياه' : 'Call for papers: special issue on water',
        )
        .first(),
    ).toBeVisible();

    // The about text is cut at 300 characters until "read more".
    const more = page.getByRole('button', { name: text('public.read_more') });
    await expect(more).toBeVisible();
    const ending = language === 'ar' ? 'حتى تصل البحوث إلى من تخدمهم' : 'so that research reaches the people it serves';
    await expect(page.getByText(ending)).toHaveCount(0);
    await more.click();
    await expect(page.getByText(ending)).toBeVisible();
    await page.getByRole('button', { name: text('public.read_less') }).click();
    await expect(page.getByText(ending)).toHaveCount(0);

    // The journal's published issues and papers: at least the demo archive's (3 and 9), more once another browser
    // test has published an issue; the page shows the server's figures of the moment.
    const home = await (await fetch(`${platform.baseURL}/api/journals/general/home`)).json();
    expect(home.statistics.issues).toBeGreaterThanOrEqual(3);
    expect(home.statistics.papers).toBeGreaterThanOrEqual(9);
    const numbers = page.getByRole('region', { name: text('public.statistics_heading') });
    await expect
      .poll(() => figures(numbers))
      .toEqual({
        [text('public.stat_issues')]: formatNumber(home.statistics.issues, language),
        [text('public.stat_papers')]: formatNumber(home.statistics.papers, language),
      });
    expect(await seriousViolations()).toEqual([]);
  });

  test(`the register page passes the accessibility check (${language})`, async ({ page, visit, seriousViolations }) => {
    await visit('/general/register', language);
    await expect(page.getByRole('heading', { name: text('accounts.register_title') })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'إنشاء حساب جديد');
    await expect(page.locator('altcha-widget')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });

  test(`menus lead to the info pages, custom tabs and sub-tabs; unknown paths fall back (${language})`, async ({
    page,
    visit,
  }) => {
    await visit('/general/', language);
    if (language === 'ar') await expectArabicPage(page, 'عن المجلة');
    const menu = page.getByRole('navigation', { name: text('public.nav_label') });
    await menu.getByRole('button', { name: text('public.nav_info') }).click();
    await page.getByRole('menuitem', { name: text('public.editorial_board') }).click();
    await expect(page).toHaveURL(/\/general\/editorial-board$/);
    await expect(page.getByText(language === 'ar' ? 'رئيس التحرير' : 'Editor in chief')).toBeVisible();

    await menu.getByRole('button', { name: language === 'ar' ? 'للمؤلفين' : 'For authors' }).click();
    await page.getByRole('menuitem', { name: language === 'ar' ? 'الإرشادات' : 'Guidelines' }).click();
    await expect(page).toHaveURL(/\/general\/page\/author-guidelines$/);
    await expect(page.getByText(language === 'ar' ? 'بحجم لا يتجاوز 5 ميجابايت' : 'of up to 5 MB')).toBeVisible();

    await page.getByRole('link', { name: text('public.privacy_policy') }).click();
    await expect(page.getByText(text('public.privacy_intro'))).toBeVisible();

    await page.goto('/general/no/such/page');
    await expect(page).toHaveURL(/\/general\/?$/);
    await page.goto('/general/page/no-such-tab');
    await expect(page).toHaveURL(/\/general\/?$/);
    await page.goto('/no-such-journal/');
    await expect(page.getByText('404')).toBeVisible();
  });
}

test('a journal whose default language is Arabic opens in Arabic until the reader chooses English', async ({
  page,
}) => {
  await page.goto('/ethics/');
  await expectArabicPage(page, 'عن المجلة');
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the address language (?lang=, as the hreflang alternates link) opens the page in that language', async ({
  page,
}) => {
  await page.goto('/general/?lang=ar');
  await expectArabicPage(page, 'عن المجلة');
  await page.goto('/ethics/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'About the journal' }).first()).toBeVisible();
});

test('a visit is counted once per 24 hours per browser', async ({ page, visit }) => {
  // Every visit call the browser makes goes on to the server; the count it answers comes from the database, not a
  // cache, and is read here even when the page has moved on.
  const counted: number[] = [];
  await page.route('**/api/journals/general/visits', async (route) => {
    const response = await route.fetch();
    counted.push(((await response.json()) as { journalViews: number }).journalViews);
    await route.fulfill({ response });
  });
  // The footer's counter keeps the exact number in its title.
  const shown = (views: number) => page.getByRole('contentinfo').getByTitle(String(views), { exact: true });
  const now = Date.now();
  await page.clock.install({ time: now });

  await visit('/general/');
  await expect.poll(() => counted.length).toBe(1);
  const first = counted[0]!;
  await expect(shown(first)).toContainText(`${textOf('en')('public.visits')}: ${first}`);

  // Within the day: a reload, another page and a later hour send no visit.
  await page.reload();
  await page.goto('/general/about-us');
  await page.clock.setSystemTime(now + 23 * 3_600_000);
  await page.goto('/general/');
  await page.waitForLoadState('networkidle');
  expect(counted).toEqual([first]);

  // A day later the same browser is counted again, and the server's count went up by exactly this one visit.
  await page.clock.setSystemTime(now + 24 * 3_600_000 + 60_000);
  await page.reload();
  await expect.poll(() => counted).toEqual([first, first + 1]);
  await expect(shown(first + 1)).toContainText(`${textOf('en')('public.visits')}: ${first + 1}`);
});

test('the footer offers the system manual and a scroll-to-top button after scrolling', async ({
  page,
  platform,
  visit,
}) => {
  await visit('/general/');
  const manual = page.getByRole('link', { name: textOf('en')('public.system_manual') });
  const href = await manual.getAttribute('href');
  const pdf = await fetch(new URL(href!, platform.baseURL));
  expect(pdf.headers.get('content-type')).toContain('application/pdf');
  const top = page.getByRole('button', { name: textOf('en')('common.scroll_top') });
  await expect(top).toBeHidden();
  await page.mouse.wheel(0, 400);
  await expect(top).toBeVisible();
});
