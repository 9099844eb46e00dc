import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { coverPng } from './support/images';
import { LANGUAGES, textOf } from './support/text';

/**
 * The journal data screen (issue 22 §2, spec 03 §3): the journal manager opens it from the drawer, meets the
 * refusal of an emptied required field, writes in a rich-text section, chooses a new cover, saves, and the public
 * site shows both, in English and in Arabic. Serial: both runs save the same journal.
 */

test.describe.configure({ mode: 'serial' });

const SLUG = 'general';
const SHOTS = '/tmp/shots-journal-data';
mkdirSync(SHOTS, { recursive: true });

for (const language of LANGUAGES) {
  test(`a journal manager edits the journal data with a new cover and sees it on the public site (${language})`, async ({
    page,
    openScreen,
    seriousViolations,
  }) => {
    // The form, a new cover, and the public site twice: over a minute once beside the other worker in CI.
    test.setTimeout(120_000);
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'journalData', language });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/Board-data$`));
    const form = page.getByTestId('journal-data-form');
    const titleEn = form.getByLabel(text('journalData.titleEn'), { exact: true });
    await expect(titleEn).toHaveValue(/Journal of Applied Sciences/);
    if (language === 'ar') await expectArabicPage(page, text('journalData.intro'));
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/journal-data-${language}.png`, fullPage: true });

    // An emptied required field: the toast, the field's message, nothing saved.
    const title = await titleEn.inputValue();
    await titleEn.fill('');
    await page.getByTestId('journal-data-save').click();
    await expect(page.getByText(text('journalData.incomplete'))).toBeVisible();
    await expect(form.getByText(text('validation.required')).first()).toBeVisible();
    await expect(titleEn).toBeFocused();
    await titleEn.fill(title);

    // A sentence added to "Aims and scope" in the page's language, through the editor.
    const section = language === 'en' ? 'AimsAndScopesEn' : 'AimsAndScopesAr';
    const editor = page.getByTestId(`rte-${section}`).getByRole('textbox');
    const sentence = language === 'en' ? `New aims ${stamp}` : `أهداف جديدة ${stamp}`;
    await editor.click();
    // The caret at the very end of the text, then a new paragraph.
    await editor.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      range.collapse(false);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
    });
    await page.keyboard.press('Enter');
    await page.keyboard.type(sentence);

    // A new cover for this language's pages.
    const image = language === 'en' ? 'coverEn' : 'coverAr';
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId(`choose-${image}`).click();
    await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(page, stamp) });
    await expect(page.getByTestId(`image-${image}`)).toContainText('cover.png');
    const answered = page.waitForResponse((response) => response.request().method() === 'PUT');
    await page.getByTestId('journal-data-save').click();
    const answer = await answered;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.getByText(text('journalData.saved'))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/journal-data-saved-${language}.png` });

    // The public site: the new cover on the home page, the sentence on the aims page.
    const stored = await page.evaluate(
      async ([slug, kind]) => (await (await fetch(`/api/journals/${slug}/journal-data`)).json()).images[kind] as string,
      [SLUG, image] as const,
    );
    await page.goto(`/${SLUG}/`);
    const cover = page.locator('section.cover img');
    await expect(cover).toHaveAttribute('src', stored);
    await expect
      .poll(() => cover.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBe(1200);
    await page.screenshot({ path: `${SHOTS}/home-${language}.png` });
    await page.goto(`/${SLUG}/aims-scopes`);
    await expect(page.getByText(sentence)).toBeVisible();
  });
}

test('the secretary opens the journal data screen too, with its save, but not the payment settings', async ({
  page,
  openScreen,
}) => {
  const text = textOf('en');
  await openScreen({ slug: SLUG, email: `secretary@${SLUG}.test`, screen: 'journalData', language: 'en' });
  await expect(page.getByTestId('journal-data-form')).toBeVisible();
  await expect(page.getByTestId('journal-data-save')).toHaveText(text('journalData.save'));
  const drawer = page.getByRole('navigation', { name: text('backoffice.drawer_label') });
  await expect(drawer.getByRole('link', { name: text('backoffice.screen_users') })).toBeVisible();
  await expect(drawer.getByRole('link', { name: text('backoffice.screen_payment') })).toHaveCount(0);
  await page.goto(`/${SLUG}/dashboard/payment`);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/unauthorized$`));
});
