import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, type Language, setLanguage, test } from './fixtures';
import { PDF } from './support/papers';
import { textOf } from './support/text';

/**
 * A correction with its corrected file, and the notices' marks (issue 46 §2, decision 0089): the editor corrects a
 * published paper with a new PDF and retracts another of the same issue; a guest sees the correction's banner,
 * downloads the corrected PDF from the paper's link and finds the earlier version listed and readable; the issue
 * page and the search results mark the papers ("Corrected", "Retracted"), and a retracted paper's PDF link says so.
 * Demo papers no other spec reads, one pair per language (a notice cannot be withdrawn; the platform is shared).
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-notice-files';
mkdirSync(SHOTS, { recursive: true });

const CASES: {
  language: Language;
  issuePapers: string;
  issuePage: string;
  corrected: string;
  retracted: string;
  search: string;
}[] = [
  {
    language: 'en',
    issuePapers: `/${SLUG}/admin/ArchiveManagement/1/2/Papers`,
    issuePage: `/${SLUG}/archive/vol-1-i-2`,
    corrected: 'Nitrate in the groundwater of the Nile Delta',
    retracted: 'School meals and anaemia in Upper Egypt',
    search: 'anaemia',
  },
  {
    language: 'ar',
    issuePapers: `/${SLUG}/admin/ArchiveManagement/2/1/Papers`,
    issuePage: `/${SLUG}/archive/vol-2-i-1`,
    corrected: 'Heat waves and hospital admissions in Cairo',
    retracted: 'Self-healing mortar with bacteria',
    search: 'mortar',
  },
];

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** The contrast ratio of an element's text colour on its own background (WCAG's relative luminance). */
async function contrastOf(element: Locator) {
  const [color, background] = await element.evaluate((node) => {
    const style = getComputedStyle(node);
    return [style.color, style.backgroundColor];
  });
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Opens a paper's archive-management page from its issue's papers; answers its id. */
async function openPaper(page: Page, issuePapers: string, title: string) {
  await page.goto(issuePapers);
  const row = page
    .getByTestId('archive-papers-table')
    .getByRole('row')
    .filter({ hasText: title.slice(0, 20) });
  await row.getByTestId('edit-archived-paper').click({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/admin/ArchiveManagement/Papers/\\d+/Edit$`));
  return Number(page.url().split('/').at(-2));
}

/** Publishes a notice from the paper's page in archive management, with a corrected PDF when one is given. */
async function publishNotice(
  page: Page,
  language: Language,
  kind: 'correction' | 'retraction',
  text: string,
  file?: { name: string; buffer: Buffer },
) {
  const t = textOf(language);
  await page.getByTestId('notice-open').click();
  const dialog = page.getByRole('dialog', { name: t('notices.publish') });
  await dialog.getByTestId('notice-kind').click();
  await page.getByRole('option', { name: t(`notices.kind_${kind}`) }).click();
  await dialog.getByTestId('notice-textEn').fill(text);
  await dialog.getByTestId('notice-date').fill('2026-11-02');
  if (file) {
    await expect(dialog.getByText(t('notices.corrected_file_hint'))).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({ ...file, mimeType: 'application/pdf' });
    await expect(dialog.getByTestId('notice-corrected-file')).toContainText(file.name);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/form-correction-${language}.png` });
  } else if (kind !== 'correction') {
    await expect(dialog.getByTestId('notice-corrected-file')).toHaveCount(0);
  }
  await dialog.getByTestId('notice-submit').click();
  await expect(dialog.getByText(t('notices.confirm_title'))).toBeVisible();
  if (file) await expect(dialog).toContainText(t('notices.corrected_file_confirm', { name: file.name }));
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/confirm-${kind}-${language}.png` });
  await dialog.getByTestId('notice-confirm').click();
  await expect(page.getByText(t('notices.published'), { exact: true })).toBeVisible();
  await expect(page.getByTestId('notice-item').filter({ hasText: text.slice(0, 30) })).toHaveCount(1);
}

for (const { language, issuePapers, issuePage, corrected, retracted, search } of CASES) {
  test(`the editor corrects a paper with a new PDF and retracts another; a guest sees the versions and the marks (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    test.slow();
    const t = textOf(language);
    const correctedPdf = Buffer.concat([PDF, Buffer.from(`% corrected in ${language}\n`)]);
    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });

    const correctedId = await openPaper(page, issuePapers, corrected);
    const pdfUrl = `/api/journals/${SLUG}/archive/papers/${correctedId}/pdf`;
    const original = await (await page.request.get(pdfUrl)).body();
    expect(original.subarray(0, 5).toString()).toBe('%PDF-');
    await publishNotice(
      page,
      language,
      'correction',
      'Table 3 gave the wet season’s figures for the dry season; the corrected PDF replaces the earlier one.',
      { name: `corrected-${language}.pdf`, buffer: correctedPdf },
    );
    expect(await seriousViolations()).toEqual([]);

    const retractedId = await openPaper(page, issuePapers, retracted);
    await publishNotice(page, language, 'retraction', 'This paper is retracted: its trial was never registered.');

    const guest = await page.context().browser()!.newPage({ baseURL: platform.baseURL });
    try {
      await setLanguage(guest, language);

      // The corrected paper: its banner, its PDF link gives the corrected file, the earlier version is listed.
      await guest.goto(`/${SLUG}/archive/papers/${correctedId}`);
      const banner = guest.getByRole('note');
      await expect(banner).toHaveAttribute('data-notice', 'correction');
      const link = guest.getByTestId('full-text-link');
      await expect(link).toHaveText(t('archive.download_pdf'));
      const current = await guest.request.get((await link.getAttribute('href'))!);
      expect((await current.body()).equals(correctedPdf)).toBe(true);
      const versions = guest.getByTestId('earlier-versions');
      await expect(versions).toContainText(t('archive.earlier_versions'));
      const earlier = versions.getByTestId('earlier-version');
      await expect(earlier).toHaveCount(1);
      await expect(earlier).toContainText(
        language === 'ar' ? 'قبل تصويب ٢ نوفمبر ٢٠٢٦' : 'before the correction of 2 November 2026',
      );
      const earlierFile = await guest.request.get((await earlier.getAttribute('href'))!);
      expect(earlierFile.status()).toBe(200);
      expect((await earlierFile.body()).equals(original)).toBe(true);
      await settled(guest);
      await guest.screenshot({ path: `${SHOTS}/corrected-paper-${language}.png`, fullPage: true });

      // The retracted paper: its PDF link says so.
      await guest.goto(`/${SLUG}/archive/papers/${retractedId}`);
      await expect(guest.getByRole('note')).toHaveAttribute('data-notice', 'retraction');
      await expect(guest.getByTestId('full-text-link')).toHaveText(t('archive.download_pdf_retracted'));

      // The issue page marks both, in words, readable.
      await guest.goto(issuePage);
      // Each paper's card by its id (its title is in the page's language).
      const card = (id: number) => guest.locator(`article[aria-labelledby="paper-${id}-title"]`);
      const retractedMark = card(retractedId).locator('[data-mark]');
      await expect(retractedMark).toHaveAttribute('data-mark', 'retraction');
      await expect(retractedMark).toHaveText(t('archive.mark_retraction'));
      await expect(card(correctedId).locator('[data-mark]')).toHaveText(t('archive.mark_correction'));
      expect(await contrastOf(retractedMark)).toBeGreaterThanOrEqual(4.5);
      expect(await contrastOf(card(correctedId).locator('[data-mark]'))).toBeGreaterThanOrEqual(4.5);
      await settled(guest);
      await guest.screenshot({ path: `${SHOTS}/issue-${language}.png`, fullPage: true });

      // The search results mark the retracted paper, and its PDF link says it is retracted.
      await guest.goto(`/${SLUG}/search?search=${encodeURIComponent(search)}`);
      const hit = guest.locator(`article[aria-labelledby="search-hit-${retractedId}"]`);
      await expect(hit.locator('[data-mark]')).toHaveText(t('archive.mark_retraction'));
      await expect(hit.getByTestId('full-text-link')).toHaveText(t('fullText.download_retracted'));
      expect(await contrastOf(hit.locator('[data-mark]'))).toBeGreaterThanOrEqual(4.5);
      await settled(guest);
      await guest.screenshot({ path: `${SHOTS}/search-${language}.png`, fullPage: true });
    } finally {
      await guest.close();
    }
  });
}
