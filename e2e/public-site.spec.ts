import { expect, test } from './fixtures';
import { LANGUAGES, textOf } from './support/text';

/** What a reader sees of the platform and of a journal's public site, in each language. */
for (const language of LANGUAGES) {
  const text = textOf(language);
  const dir = language === 'ar' ? 'rtl' : 'ltr';

  test(`the landing page lists every journal with the platform statistics (${language})`, async ({
    page,
    visit,
    seriousViolations,
  }) => {
    await visit('/', language);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
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
    const statistics = page.getByRole('region', { name: text('public.landing_statistics') });
    await expect(statistics).toContainText(text('public.stat_journals'));
    await expect(statistics).toContainText('2');
    await expect(statistics).toContainText('5');
    expect(await seriousViolations()).toEqual([]);
  });

  test(`a journal home shows its cover, welcome, slides, clipped about text and statistics (${language})`, async ({
    page,
    visit,
    seriousViolations,
  }) => {
    await visit('/general/', language);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
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

    const numbers = page.getByRole('region', { name: text('public.statistics_heading') });
    await expect(numbers).toContainText(text('public.stat_issues'));
    await expect(numbers).toContainText('3');
    expect(await seriousViolations()).toEqual([]);
  });

  test(`the register page passes the accessibility check (${language})`, async ({ page, visit, seriousViolations }) => {
    await visit('/general/register', language);
    await expect(page.getByRole('heading', { name: text('accounts.register_title') })).toBeVisible();
    await expect(page.locator('altcha-widget')).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
  });

  test(`menus lead to the info pages, custom tabs and sub-tabs; unknown paths fall back (${language})`, async ({
    page,
    visit,
  }) => {
    await visit('/general/', language);
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
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a visit is counted once per 24 hours per browser', async ({ page, platform, visit }) => {
  const views = async () =>
    (await (await fetch(`${platform.baseURL}/api/journals/general`)).json()).journalViews as number;
  const before = await views();
  await visit('/general/');
  await expect.poll(views).toBe(before + 1);
  await page.reload();
  await page.goto('/general/about-us');
  await page.waitForLoadState('networkidle');
  expect(await views()).toBe(before + 1);
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
