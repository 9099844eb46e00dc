import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, setLanguage, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The public archive (issue 21 §3), as a guest reads it in English and in Arabic: the timeline by volume, an issue
 * (its number and its month in the page's language), a paper (its details, both titles and abstracts side by side,
 * each in its own language and direction, the PDF link), the home's current issue and most read papers, and the
 * not-found screen for a known address whose issue or paper is missing or still in press. The demo archive: the
 * general journal's volume 1 issue 1 (March 2026) is published, volume 2 issue 2 is in press.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-archive';
mkdirSync(SHOTS, { recursive: true });

const PAPER = { en: 'Low-cost sensors for urban air quality', ar: 'مستشعرات منخفضة التكلفة لجودة الهواء في المدن' };
const MONTH = { en: 'March 2026', ar: 'مارس ٢٠٢٦' };
const IN_PRESS = 'Solar desalination for coastal villages';

/** The browser's title of a page of the journal: "{page} — {journal}". */
const titled = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — \\S`);

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

for (const language of LANGUAGES) {
  const t = textOf(language);

  test(`a guest finds a paper on the archive timeline, opens its issue and the paper (${language})`, async ({
    page,
  }) => {
    await setLanguage(page, language);
    await page.goto(`/${SLUG}/archive`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('archive.archive_title'));
    // The browser's title names the page before the journal, as the first HTML did.
    await expect(page).toHaveTitle(titled(t('archive.archive_title')));
    await expect(page.getByRole('heading', { level: 2, name: t('archive.volume', { volume: 2 }) })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t('archive.volume', { volume: 1 }) })).toBeVisible();
    // The issue in press is not on the timeline.
    const volume = (number: number) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: t('archive.volume', { volume: number }) }) });
    const issueLink = (number: number) => new RegExp(`^${t('archive.issue', { issue: number })}(?![0-9٠-٩])`);
    await expect(volume(2).getByRole('link')).toHaveCount(1);
    await expect(volume(2).getByRole('link', { name: issueLink(2) })).toHaveCount(0);
    if (language === 'ar') await expectArabicPage(page, 'مارس ٢٠٢٦');
    await shot(page, `timeline-${language}`);

    await volume(1)
      .getByRole('link', { name: issueLink(1) })
      .click();
    await expect(page).toHaveURL(`/${SLUG}/archive/vol-1-i-1`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('archive.issue', { issue: 1 }));
    await expect(page).toHaveTitle(
      titled(`${t('archive.issue_of_volume', { volume: 1, issue: 1 })} (${MONTH[language]})`),
    );
    await expect(page.getByText(MONTH[language], { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: t('archive.back') })).toHaveAttribute('href', `/${SLUG}/archive`);
    await expect(page.getByRole('article')).toHaveCount(3);
    await shot(page, `issue-${language}`);

    await page.getByRole('heading', { level: 2, name: PAPER[language] }).getByRole('link').click();
    await expect(page).toHaveURL(/\/general\/archive\/papers\/\d+$/);
    const id = page.url().split('/').pop();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAPER[language]);
    await expect(page).toHaveTitle(titled(PAPER[language]));
    // Both titles and abstracts, side by side, each block in its own language and direction.
    const english = page.locator('section[lang="en"]');
    const arabic = page.locator('section[lang="ar"]');
    await expect(english).toHaveAttribute('dir', 'ltr');
    await expect(arabic).toHaveAttribute('dir', 'rtl');
    await expect(english.getByRole('heading', { level: 2 })).toHaveText(PAPER.en);
    await expect(arabic.getByRole('heading', { level: 2 })).toHaveText(PAPER.ar);
    await expect(english).toContainText('We deployed forty low-cost particulate sensors');
    await expect(arabic).toContainText('نشرنا أربعين مستشعرًا');
    const [englishBox, arabicBox] = [await english.boundingBox(), await arabic.boundingBox()];
    expect(Math.abs(englishBox!.y - arabicBox!.y)).toBeLessThan(2);
    // The details.
    await expect(page.getByText('Layla Mansour', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /^https:\/\/doi\.org\/10\.5555\// })).toBeVisible();
    await expect(page.getByRole('link', { name: t('archive.download_pdf') })).toHaveAttribute(
      'href',
      `/api/journals/${SLUG}/archive/papers/${id}/pdf`,
    );
    await expect(page.getByRole('link', { name: t('archive.crossmark') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('archive.print') })).toBeVisible();
    await shot(page, `paper-${language}`);

    // Printed: the paper without menus, buttons or footer.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: t('public.nav_label') })).toBeHidden();
    await expect(page.getByRole('button', { name: t('archive.print') })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, `paper-print-${language}`);
    await page.emulateMedia({ media: 'screen' });
    // On a phone the two languages stack, the page's own first.
    await page.setViewportSize({ width: 390, height: 844 });
    const [first, second] = language === 'en' ? [english, arabic] : [arabic, english];
    expect((await second.boundingBox())!.y).toBeGreaterThan((await first.boundingBox())!.y + 50);
    await shot(page, `paper-phone-${language}`);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: t('archive.back_to_issue') }).click();
    await expect(page).toHaveURL(`/${SLUG}/archive/vol-1-i-1`);
  });

  test(`the home shows the current issue and the most read papers (${language})`, async ({ page }) => {
    await setLanguage(page, language);
    await page.goto(`/${SLUG}/`);
    const current = page.getByRole('region', { name: t('archive.current_issue') });
    await expect(
      current.getByRole('link', { name: new RegExp(t('archive.issue_of_volume', { volume: 2, issue: 1 })) }),
    ).toHaveAttribute('href', `/${SLUG}/archive/vol-2-i-1`);
    const mostRead = page.getByRole('region', { name: t('archive.most_read') });
    await expect(mostRead.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText(IN_PRESS)).toHaveCount(0);
    await shot(page, `home-${language}`);
  });

  test(`a missing or in-press issue or paper shows the not-found screen (${language})`, async ({ page }) => {
    await setLanguage(page, language);
    for (const path of ['archive/vol-9-i-9', 'archive/vol-2-i-2', 'archive/papers/999999']) {
      await page.goto(`/${SLUG}/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('common.notFound_title'));
      await expect(page.getByRole('link', { name: t('archive.back_to_archive') })).toHaveAttribute(
        'href',
        `/${SLUG}/archive`,
      );
    }
    await shot(page, `not-found-${language}`);
  });
}
