import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, setLanguage, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * Authors' ORCID iDs (issue 46 §3): the editor gives a published paper's authors their iDs in the archived paper's
 * form (a wrong check digit refused with its reason, the iD's URL taken as the iD), and a guest reading the paper in
 * English and in Arabic sees the ORCID mark beside each of those authors, a link to their ORCID record named for the
 * author. The demo's "Federated learning for hospital records" (volume 1 issue 1): its iDs are cleared afterwards
 * (the demo platform is shared by the worker's other specs).
 */

const SLUG = 'general';
const PAPER = 'Federated learning for hospital records';
const MAIN = { name: 'Mariam Zaki', orcid: '0000-0002-1825-0097' };
const JOINT = { name: 'Karim Nabil', orcid: '0000-0002-1694-233X' };
const SHOTS = '/tmp/shots-author-orcids';
mkdirSync(SHOTS, { recursive: true });

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** Clears the paper's iDs through the API the form uses. */
async function clearOrcids(baseURL: string, paperId: number) {
  const editor = await ApiClient.signIn(baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
  try {
    const base = `/api/journals/${SLUG}/archive-management/papers/${paperId}`;
    const paper = await editor.ok<Record<string, unknown>>(editor.get(base));
    const body = { ...paper, correspondingAuthorOrcid: '', jointAuthorOrcids: [], doi: paper.doi ?? '' };
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

test('an editor gives the authors their ORCID iDs and a guest sees the ORCID mark beside their names', async ({
  page,
  platform,
  visit,
  login,
}) => {
  test.slow();
  const t = textOf('en');
  await visit(`/${SLUG}/`, 'en');
  await login(`editor@${SLUG}.test`, { language: 'en' });
  await page.goto(`/${SLUG}/admin/ArchiveManagement/1/1/Papers`);
  const row = page
    .getByTestId('archive-papers-table')
    .getByRole('row')
    .filter({ hasText: PAPER.slice(0, 20) });
  await row.getByTestId('edit-archived-paper').click({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/admin/ArchiveManagement/Papers/\\d+/Edit$`));
  const paperId = Number(page.url().split('/').at(-2));
  const form = page.getByTestId('archived-paper-form');
  const main = form.getByLabel(t('archiveManagement.f_corresponding_orcid'));
  const joint = form.getByLabel(t('archiveManagement.f_joint_orcid', { name: JOINT.name }));

  try {
    // A mistyped last digit is refused, with its reason, on the field.
    await main.fill('0000-0002-1825-0098');
    await form.getByTestId('archived-paper-save').click();
    await expect(form.getByText(t('validation.orcid_checksum'))).toBeVisible();
    await expect(main).toBeFocused();

    await main.fill(MAIN.orcid);
    await joint.fill(`https://orcid.org/${JOINT.orcid}`);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/form-en.png`, fullPage: true });
    await form.getByTestId('archived-paper-save').click();
    await expect(page.getByText(t('archiveManagement.saved'), { exact: true })).toBeVisible();

    for (const language of LANGUAGES) {
      const text = textOf(language);
      const guest = await page.context().browser()!.newPage({ baseURL: platform.baseURL });
      await setLanguage(guest, language);
      await guest.goto(`/${SLUG}/archive/papers/${paperId}`);
      await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
      for (const author of [MAIN, JOINT]) {
        const mark = guest.getByRole('link', { name: text('common.orcid_of', { name: author.name }) });
        await expect(mark).toHaveAttribute('href', `https://orcid.org/${author.orcid}`);
        // The mark is the green iD icon, after the name in the line's direction.
        const icon = mark.locator('img');
        await expect(icon).toHaveAttribute('src', '/orcid-id.svg');
        // …and the image is there (loaded, not a broken picture).
        await expect
          .poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
          .toBe(true);
      }
      // An author without an iD has no mark.
      await expect(guest.getByRole('link', { name: text('common.orcid_of', { name: 'Hossam Adel' }) })).toHaveCount(0);
      await expect(guest.getByTestId('orcid-link')).toHaveCount(2);
      const details = guest.locator('.archive-details');
      await expect(details).toContainText(MAIN.name);
      if (language === 'ar') {
        await expectArabicPage(guest, 'الباحث المراسل');
        // Right to left: the mark follows the name, so it sits to the name's left.
        const name = await details.locator('.archive-author', { hasText: MAIN.name }).boundingBox();
        const mark = await guest
          .getByRole('link', { name: text('common.orcid_of', { name: MAIN.name }) })
          .boundingBox();
        expect(mark!.x + mark!.width).toBeLessThanOrEqual(name!.x + 1);
      } else {
        const name = await details.locator('.archive-author', { hasText: MAIN.name }).boundingBox();
        const mark = await guest
          .getByRole('link', { name: text('common.orcid_of', { name: MAIN.name }) })
          .boundingBox();
        expect(mark!.x).toBeGreaterThanOrEqual(name!.x + name!.width - 1);
      }
      await settled(guest);
      await guest.screenshot({ path: `${SHOTS}/paper-${language}.png`, fullPage: true });
      await guest.close();
    }
  } finally {
    await clearOrcids(platform.baseURL, paperId);
  }
});
