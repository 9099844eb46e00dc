import { mkdirSync } from 'node:fs';
import { TIMINGS } from '@journals/core/limits';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * Archive management (issue 21 §2): the journal manager opens /{slug}/admin/ArchiveManagement, the published issue
 * volume 1 issue 1, edits one paper's English title in the archived paper's form and saves ("Message updated
 * successfully", back to the papers); a guest then reads the new title on the public paper page. The title
 * is put back afterwards (the demo platform is shared by the other specs of the worker).
 */

const SLUG = 'general';
const PAPER = 'Recycled aggregate in structural concrete';
const SHOTS = '/tmp/shots-archive-management';
mkdirSync(SHOTS, { recursive: true });

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** Puts a paper's archive fields back as they were, through the same API the form uses. */
async function restore(baseURL: string, paperId: number, titleEn: string) {
  const editor = await ApiClient.signIn(baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
  try {
    const base = `/api/journals/${SLUG}/archive-management/papers/${paperId}`;
    const paper = await editor.ok<Record<string, unknown>>(editor.get(base));
    const body = { ...paper, titleEn, doi: paper.doi ?? '' };
    const cookie = (await editor.context.storageState()).cookies.find((c) => c.name === 'csrf');
    await editor.ok(
      editor.context.put(base, {
        multipart: { paper: JSON.stringify(body) },
        headers: { 'x-csrf-token': cookie?.value ?? '' },
      }),
    );
  } finally {
    await editor.dispose();
  }
}

for (const language of LANGUAGES) {
  test(`an editor edits a published paper's English title in archive management and readers see it (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    // A whole journey through the back office and the public site: the default minute is short on a busy machine.
    test.slow();
    const t = textOf(language);
    const edited = `${PAPER}, revised ${language}`;
    await page.clock.install();
    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });
    await page.goto(`/${SLUG}/admin/ArchiveManagement`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('backoffice.screen_archiveManagement'), {
      timeout: 30_000,
    });
    const table = page.getByTestId('archive-issues-table');
    await expect(table.getByRole('columnheader', { name: t('archiveManagement.col_chronology') })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'إدارة الأرشيف');
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/issues-${language}.png`, fullPage: true });

    await page.getByTestId('archive-issue-1-1').getByRole('link').first().click();
    await expect(page).toHaveURL(`/${SLUG}/admin/ArchiveManagement/1/1/Papers`);
    const row = page
      .getByTestId('archive-papers-table')
      .getByRole('row')
      .filter({ hasText: PAPER.slice(0, 20) });
    await expect(row).toHaveCount(1);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/papers-${language}.png`, fullPage: true });
    await row.getByTestId('edit-archived-paper').click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/admin/ArchiveManagement/Papers/\\d+/Edit$`));
    const paperId = Number(page.url().split('/').at(-2));

    const form = page.getByTestId('archived-paper-form');
    const title = form.getByTestId('archived-title-en');
    await expect(title).toHaveValue(PAPER);
    // Volume, issue, chronology and date are read-only.
    await expect(form.getByLabel(t('archiveManagement.f_volume'), { exact: true })).toHaveAttribute('readonly', '');
    await title.fill(edited);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/form-${language}.png`, fullPage: true });
    try {
      await form.getByTestId('archived-paper-save').click();
      await expect(page.getByText(t('archiveManagement.saved'), { exact: true })).toBeVisible();
      // The message shows for 2.5 s, then the papers: the page's clock moves on rather than waits.
      await page.clock.fastForward(TIMINGS.successDialogMs);
      await expect(page).toHaveURL(`/${SLUG}/admin/ArchiveManagement/1/1/Papers`);
      await expect(page.getByTestId(`archive-paper-${paperId}`)).toBeVisible();

      // A guest reads the new English title on the public page (in English: the page's title follows its language).
      const guest = await page.context().browser()!.newPage({ baseURL: platform.baseURL });
      await guest.addInitScript(() => window.localStorage.setItem('journals.language', 'en'));
      await guest.goto(`/${SLUG}/archive/papers/${paperId}`);
      await expect(guest.getByRole('heading', { level: 1 })).toHaveText(edited);
      await guest.close();
    } finally {
      await restore(platform.baseURL, paperId, PAPER);
    }
  });
}
