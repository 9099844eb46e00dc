import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The platform's home page as its administrator writes it (issue 22 §4, decision 0054): a feature retitled in both
 * languages, the sixth replaced (adding waits until one is removed, and a new one's fields are required), the
 * carousel's first two journals swapped; a reader's home page then shows them so, in the reader's language.
 */

const SHOTS = '/tmp/shots-platform';
mkdirSync(SHOTS, { recursive: true });

for (const language of LANGUAGES) {
  test(`the platform administrator writes the home page's features and orders its carousel (${language})`, async ({
    page,
    openScreen,
    seriousViolations,
  }) => {
    test.setTimeout(90_000);
    const text = textOf(language);
    const mark = Date.now().toString(36).slice(-4);
    const first = { en: `Open peer review ${mark}`, ar: `تحكيم مفتوح ${mark}` };
    const added = { en: `Reader alerts ${mark}`, ar: `تنبيهات القراء ${mark}` };

    await openScreen({ slug: 'general', email: 'admin@platform.test', screen: 'platformLanding', language });
    await expect(page).toHaveURL(/\/general\/dashboard\/platform\/landing$/);
    if (language === 'ar') await expectArabicPage(page, text('landing.intro'));
    const form = page.getByTestId('landing-form');
    const features = form.getByTestId('feature-item');
    await expect(features).toHaveCount(6);
    await expect(form.getByTestId('add-feature')).toBeDisabled();

    // The first feature retitled in both languages.
    await features.first().getByLabel(text('landing.title_en')).fill(first.en);
    await features.first().getByLabel(text('landing.title_ar')).fill(first.ar);

    // The sixth removed, a new one added: its fields are required before the page saves.
    await features.last().getByTestId('remove-feature').click();
    await expect(features).toHaveCount(5);
    await form.getByTestId('add-feature').click();
    await expect(features).toHaveCount(6);
    await form.getByTestId('save-landing').click();
    await expect(features.last().getByText(text('validation.required'))).toHaveCount(4);
    const fresh = features.last();
    await fresh.getByRole('textbox', { name: text('landing.title_en') }).fill(added.en);
    await fresh.getByRole('textbox', { name: text('landing.title_ar') }).fill(added.ar);
    await fresh.getByRole('textbox', { name: text('landing.text_en') }).fill('A mail when a new issue is out.');
    await fresh.getByRole('textbox', { name: text('landing.text_ar') }).fill('رسالة عند صدور كل عدد جديد.');

    // The carousel's first two journals swapped.
    const items = form.getByTestId('carousel-item');
    const before = await items.locator('label').allTextContents();
    await items
      .nth(1)
      .getByRole('button', { name: `${text('landing.move_up')}: ${before[1]}` })
      .click();
    const order = [before[1]!, before[0]!];
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/landing-form-${language}.png`, fullPage: true });
    await form.getByTestId('save-landing').click();
    await expect(page.getByText(text('landing.saved'))).toBeVisible();

    // The home page, in the same language, shows it all to a reader.
    await page.goto('/');
    const shown = page.getByTestId('landing-feature');
    await expect(shown).toHaveCount(6);
    await expect(shown.first()).toContainText(first[language]);
    await expect(shown.last()).toContainText(added[language]);
    const carousel = page.getByTestId('carousel-journal').getByRole('heading', { level: 3 });
    await expect(carousel.nth(0)).toHaveText(order[0]!);
    await expect(carousel.nth(1)).toHaveText(order[1]!);
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/landing-${language}.png`, fullPage: true });
  });
}
