import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, type Language, setLanguage, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { textOf } from './support/text';

/**
 * Notices about published papers (issue 46 §2, decision 0087): an editor retracts a published paper from its
 * archive-management page (the kind, the texts and the date, then a confirmation), and a guest reading the paper sees
 * the red retraction banner above its title, in the page's language and direction; the paper stays readable, its
 * PDF link still there; the banner opens the notice's own page (decision 0088), which links back to the paper. One
 * demo paper per language that no other spec reads (a notice cannot be withdrawn, and the worker's platform is
 * shared).
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-notices';
mkdirSync(SHOTS, { recursive: true });

const CASES: {
  language: Language;
  /** Its issue's papers in archive management, and the title its row shows there. */
  issuePapers: string;
  row: string;
  textEn: string;
  textAr: string;
  phrase: string;
}[] = [
  {
    language: 'en',
    issuePapers: `/${SLUG}/admin/ArchiveManagement/1/2/Papers`,
    row: 'Traffic signal timing with reinforcement learning',
    textEn: 'This paper is retracted at the request of its authors: the simulation’s calibration data were wrong.',
    textAr: 'سُحب هذا البحث بطلب من مؤلفيه: كانت بيانات معايرة المحاكاة خاطئة.',
    phrase: 'the simulation’s calibration data were wrong',
  },
  {
    language: 'ar',
    issuePapers: `/${SLUG}/admin/ArchiveManagement/2/1/Papers`,
    row: 'Graph databases for citation networks',
    textEn: 'This paper is retracted: a large part of it repeats a paper published earlier.',
    textAr: 'سُحب هذا البحث لأن جزءًا كبيرًا منه يكرر بحثًا نُشر من قبل.',
    phrase: 'يكرر بحثًا نُشر من قبل',
  },
];

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

for (const { language, issuePapers, row: rowTitle, textEn, textAr, phrase } of CASES) {
  test(`an editor retracts a published paper and a guest sees the retraction on its page (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    test.slow();
    const t = textOf(language);
    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });

    // The paper's page in archive management, from its issue's papers.
    await page.goto(issuePapers);
    const row = page
      .getByTestId('archive-papers-table')
      .getByRole('row')
      .filter({ hasText: rowTitle.slice(0, 20) });
    await row.getByTestId('edit-archived-paper').click({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/admin/ArchiveManagement/Papers/\\d+/Edit$`));
    const paperId = Number(page.url().split('/').at(-2));
    const notices = page.getByRole('region', { name: t('notices.title') });
    await expect(notices.getByText(t('notices.none'))).toBeVisible();

    // The form asks for the kind and the default language's text before anything is sent.
    await page.getByTestId('notice-open').click();
    const dialog = page.getByRole('dialog', { name: t('notices.publish') });
    await dialog.getByTestId('notice-submit').click();
    await expect(dialog.getByText(t('notices.kind_required'))).toBeVisible();
    await expect(dialog.getByText(t('notices.text_required'))).toBeVisible();

    await dialog.getByTestId('notice-kind').click();
    await page.getByRole('option', { name: t('notices.kind_retraction') }).click();
    await dialog.getByTestId('notice-textEn').fill(textEn);
    await dialog.getByTestId('notice-textAr').fill(textAr);
    await dialog.getByTestId('notice-date').fill('2026-07-01');
    await dialog.getByTestId('notice-submit').click();
    // A confirmation says what will happen, naming the paper.
    await expect(dialog.getByText(t('notices.confirm_title'))).toBeVisible();
    await expect(dialog).toContainText(t('notices.kind_retraction'));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/confirm-${language}.png` });
    await dialog.getByTestId('notice-confirm').click();
    await expect(page.getByText(t('notices.published'), { exact: true })).toBeVisible();
    const item = notices.getByTestId('notice-item');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-kind', 'retraction');
    await expect(item).toContainText(language === 'ar' ? textAr : textEn);
    expect(await seriousViolations()).toEqual([]);

    // A guest reads the paper: the red banner above its title, the text in the page's language, right to left in
    // Arabic; the paper and its PDF link are still there.
    const guest = await page.context().browser()!.newPage({ baseURL: platform.baseURL });
    try {
      await setLanguage(guest, language);
      await guest.goto(`/${SLUG}/archive/papers/${paperId}`);
      const banner = guest.getByRole('note');
      await expect(banner).toHaveCount(1);
      await expect(banner).toHaveAttribute('data-notice', 'retraction');
      await expect(banner).toContainText(t('archive.notice_retraction'));
      await expect(banner).toContainText(phrase);
      await expect(banner).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const color = await banner.evaluate((element) => getComputedStyle(element).backgroundColor);
      const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
      expect(r!).toBeGreaterThan(g!);
      expect(r!).toBeGreaterThan(b!);
      const title = guest.getByRole('heading', { level: 1 });
      await expect(title).toBeVisible();
      const bannerBox = await banner.boundingBox();
      const titleBox = await title.boundingBox();
      expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(titleBox!.y);
      await expect(guest.getByTestId('full-text-link')).toBeVisible();
      if (language === 'ar') await expectArabicPage(guest, textAr);
      await settled(guest);
      await guest.screenshot({ path: `${SHOTS}/paper-${language}.png`, fullPage: true });

      // The banner links to the notice's own page (decision 0088): its kind, date and text, and the paper it is about.
      await banner.getByRole('link', { name: t('archive.notice_read') }).click();
      await expect(guest).toHaveURL(new RegExp(`/${SLUG}/archive/notices/\\d+$`));
      const article = guest.locator('article[data-notice="retraction"]');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(t('archive.notice_title_retraction'));
      await expect(article).toContainText(phrase);
      await expect(guest.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(guest.getByTestId('notice-paper-link')).toHaveAttribute(
        'href',
        `/${SLUG}/archive/papers/${paperId}`,
      );
      await settled(guest);
      await guest.screenshot({ path: `${SHOTS}/notice-page-${language}.png`, fullPage: true });
      await guest.getByTestId('notice-paper-link').click();
      await expect(guest).toHaveURL(new RegExp(`/${SLUG}/archive/papers/${paperId}$`));
    } finally {
      await guest.close();
    }
  });
}
