import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The custom tabs screen (issue 22 §2, spec 03 §4–§5): the journal manager adds a main tab and a sub-tab with its
 * page, sees them in the journal's menu and reads the page, then deletes the main tab with its sub-tab after the
 * confirmation, in English and in Arabic.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-custom-tabs';
mkdirSync(SHOTS, { recursive: true });

for (const language of LANGUAGES) {
  test(`a journal manager adds a tab with a sub-tab and sees them on the public site (${language})`, async ({
    page,
    openScreen,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const mark = Date.now().toString(36).slice(-4);
    const main = { en: `Events ${mark}`, ar: `فعاليات ${mark}` };
    const sub = { en: `Talks ${mark}`, ar: `محاضرات ${mark}` };
    const sentence = { en: `Our talks of ${mark} are open to all.`, ar: `محاضراتنا في ${mark} مفتوحة للجميع.` };
    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'customTabs', language });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/custom-tabs$`));
    if (language === 'ar') await expectArabicPage(page, text('customTabs.intro'));
    const tree = page.getByTestId('tab-tree');
    const form = page.getByTestId('tab-form');
    const actions = async (item: string) => {
      await page.getByTestId('tab-actions').click();
      await page.getByTestId(item).click();
    };

    // A main tab: the names are required.
    await actions('add-main');
    await form.getByTestId('save-tab').click();
    await expect(form.getByText(text('validation.required')).first()).toBeVisible();
    await form.getByLabel(text('customTabs.nameEn')).fill(main.en);
    await form.getByLabel(text('customTabs.nameAr')).fill(main.ar);
    await form.getByTestId('save-tab').click();
    await expect(page.getByText(text('customTabs.created'))).toBeVisible();
    const mainItem = tree.getByRole('treeitem', { name: main[language] });
    await expect(mainItem).toHaveAttribute('aria-selected', 'true');

    // A sub-tab under it: its page in both languages is required, then written.
    await actions('add-sub');
    await expect(form.getByRole('heading', { name: text('customTabs.new_sub') })).toBeVisible();
    await form.getByLabel(text('customTabs.nameEn')).fill(sub.en);
    await form.getByLabel(text('customTabs.nameAr')).fill(sub.ar);
    await form.getByTestId('save-tab').click();
    await expect(form.getByText(text('customTabs.content_required'))).toHaveCount(2);
    await form.getByRole('textbox', { name: text('customTabs.contentEn') }).fill(sentence.en);
    await form.getByRole('textbox', { name: text('customTabs.contentAr') }).fill(sentence.ar);
    await page.screenshot({ path: `${SHOTS}/sub-tab-${language}.png`, fullPage: true });
    await form.getByTestId('save-tab').click();
    // The sub-tab is in the tree under its main tab, and says so (the first save's notice may have closed by now).
    await expect(tree.getByRole('treeitem', { name: sub[language] })).toHaveAttribute('aria-level', '2');
    await expect(page.getByText(text('customTabs.created')).last()).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    await tree.getByRole('treeitem', { name: sub[language] }).click();
    await expect(page.getByTestId('tab-address')).toContainText(`/${SLUG}/page/talks-${mark}`);
    await page.screenshot({ path: `${SHOTS}/tree-${language}.png`, fullPage: true });

    // The journal's menu has them at once, and the sub-tab's page reads in the page's language.
    await page.goto(`/${SLUG}/`);
    const menu = page.getByRole('navigation', { name: text('public.nav_label') });
    await menu.getByRole('button', { name: main[language] }).click();
    await page.getByRole('menuitem', { name: sub[language] }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/page/talks-${mark}$`));
    await expect(page.getByText(sentence[language])).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/public-${language}.png`, fullPage: true });

    // Deleted with its sub-tab after the confirmation says so.
    await page.goto(`/${SLUG}/dashboard/custom-tabs`);
    await tree.getByRole('treeitem', { name: main[language] }).click();
    await actions('delete-tab');
    await expect(page.getByRole('dialog')).toContainText(
      text('customTabs.delete_body_subs', { count: language === 'ar' ? '١' : '1' }),
    );
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText(text('customTabs.deleted'))).toBeVisible();
    await expect(tree.getByRole('treeitem', { name: main[language] })).toHaveCount(0);
    await expect(tree.getByRole('treeitem', { name: sub[language] })).toHaveCount(0);
  });
}
