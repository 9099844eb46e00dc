import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/** A reader finds the journal's editorial statistics from its home and reads them, in each language (issue 10 §4). */
for (const language of LANGUAGES) {
  const text = textOf(language);
  const locale = language === 'ar' ? 'ar-EG' : 'en-GB';
  const number = (value: number) => value.toLocaleString(locale);

  test(`the editorial statistics page shows the journal's figures and its years (${language})`, async ({
    page,
    request,
    visit,
    seriousViolations,
  }) => {
    const figures = (await (await request.get('/api/journals/general/statistics')).json()) as {
      received: number;
      published: number;
      decided: number;
      acceptanceRate: number | null;
      medianDaysToReview: number | null;
      perYear: { year: number; received: number; published: number }[];
    };
    await visit('/general/', language);
    await page.getByRole('link', { name: text('public.editorial_statistics_link') }).click();
    await expect(page).toHaveURL(/\/general\/statistics$/);
    await expect(page.getByRole('heading', { level: 1, name: text('public.editorial_statistics') })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'إحصاءات التحرير');

    await expect(page.getByTestId('statistic-received')).toContainText(number(figures.received));
    await expect(page.getByTestId('statistic-received')).toContainText(text('statistics.stat_received'));
    await expect(page.getByTestId('statistic-published')).toContainText(number(figures.published));
    await expect(page.getByTestId('statistic-acceptance')).toContainText(
      figures.acceptanceRate === null
        ? text('statistics.stat_not_yet')
        : figures.acceptanceRate.toLocaleString(locale, { style: 'percent' }),
    );
    await expect(page.getByTestId('statistic-acceptance')).toContainText(
      text('statistics.stat_acceptance_rate_hint', { decided: number(figures.decided) }),
    );
    expect(figures.medianDaysToReview).not.toBeNull();

    // Each year's figures, as the table beside the chart reads them.
    const table = page.getByTestId('per-year-table');
    await expect(table.getByRole('row')).toHaveCount(figures.perYear.length + 1);
    for (const row of figures.perYear) {
      await expect(
        table.getByRole('row', { name: row.year.toLocaleString(locale, { useGrouping: false }) }),
      ).toContainText(number(row.received));
    }
    // The chart is drawn (its bars), and the page is accessible.
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.screenshot({ path: `/tmp/statistics-${language}.png`, fullPage: true });

    // The info menu leads to the same page.
    await visit('/general/', language);
    await page.getByRole('button', { name: text('public.nav_info') }).click();
    await page.getByRole('menuitem', { name: text('public.editorial_statistics') }).click();
    await expect(page).toHaveURL(/\/general\/statistics$/);
  });
}
