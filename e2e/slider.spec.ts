import { mkdirSync } from 'node:fs';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { coverPng } from './support/images';
import { LANGUAGES, textOf } from './support/text';

/**
 * The news slider screen (issue 22 §2, spec 03 §4–§5): the journal manager meets the picture required, adds a slide
 * with a picture and both captions, sees it in the preview and on the journal's home page in the page's language,
 * opens the slider switch's confirmation (and keeps the slider on: other tests read the home page), and deletes the
 * slide. Serial: both runs change the general journal's slider.
 */

test.describe.configure({ mode: 'serial' });

const SLUG = 'general';
const SHOTS = '/tmp/shots-slider';
mkdirSync(SHOTS, { recursive: true });

// The slider holds five: make room for the test's slide whatever an earlier run left.
test.beforeEach(async ({ platform }) => {
  const manager = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
  const slides = await manager.ok<{ items: { id: number; captionEn: string }[] }>(
    manager.get(`/api/journals/${SLUG}/slides`),
  );
  for (const slide of slides.items.filter((one) => one.captionEn.startsWith('Open call'))) {
    await manager.ok(manager.delete(`/api/journals/${SLUG}/slides/${slide.id}`));
  }
  await manager.dispose();
});

for (const language of LANGUAGES) {
  test(`a journal manager adds a slide and sees it on the home page (${language})`, async ({
    page,
    openScreen,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const mark = Date.now().toString(36).slice(-5);
    const caption = { en: `Open call ${mark}`, ar: `دعوة مفتوحة ${mark}` };
    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'slider', language });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/news-slider$`));
    if (language === 'ar') await expectArabicPage(page, text('slides.intro'));
    const rows = page.getByTestId('slide-row');
    // The preview comes with the list (one answer): counted before it, the rows could still be loading.
    await expect(page.getByTestId('slider-preview')).toBeVisible();
    const before = await rows.count();

    // The switch asks first; cancelled, the slider stays on.
    await page.getByTestId('slider-switch').click();
    await expect(page.getByRole('dialog')).toContainText(text('slides.switch_off_body'));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('slides.cancel') })
      .click();
    await expect(page.getByTestId('slider-switch')).toBeChecked();

    // A new slide: the picture is required, then chosen, with both captions.
    await page.getByTestId('add-slide').click();
    const form = page.getByTestId('slide-form');
    await form.getByTestId('save-slide').click();
    await expect(form.getByTestId('image-error')).toHaveText(text('slides.image_required'));
    const chooser = page.waitForEvent('filechooser');
    await form.getByTestId('choose-image').click();
    await (await chooser).setFiles({ name: 'open-call.png', mimeType: 'image/png', buffer: await coverPng(page, '') });
    await expect(form.getByTestId('chosen-image')).toHaveText('open-call.png');
    await form.getByLabel(text('slides.captionEn')).fill(caption.en);
    await form.getByLabel(text('slides.captionAr')).fill(caption.ar);
    await page.screenshot({ path: `${SHOTS}/add-${language}.png` });
    await form.getByTestId('save-slide').click();
    await expect(page.getByText(text('slides.created'))).toBeVisible();
    await expect(rows).toHaveCount(before + 1);
    const added = rows.filter({ hasText: caption.en });
    await expect(added.getByTestId('slide-state')).toHaveText(text('slides.shown'));
    await expect(page.getByTestId('slider-preview').getByText(caption[language])).toHaveCount(1);
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/slider-${language}.png`, fullPage: true });

    // On the journal's home page, in the page's language.
    await page.goto(`/${SLUG}/`);
    await expect(page.locator('.home-slider').getByText(caption[language])).toHaveCount(1);

    // Deleted after the confirmation.
    await page.goto(`/${SLUG}/dashboard/news-slider`);
    await rows.filter({ hasText: caption.en }).getByTestId('delete-slide').click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText(text('slides.deleted'))).toBeVisible();
    await expect(rows).toHaveCount(before);
  });
}
