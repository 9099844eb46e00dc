import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The specializations and keywords screen (issue 22 §2, spec 03): the journal manager adds a specialization with
 * keywords one per line, edits it, and deletes it after a confirmation, in English and in Arabic.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-specializations';

for (const language of LANGUAGES) {
  test(`a journal manager adds, edits and deletes a specialization (${language})`, async ({
    page,
    openScreen,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'keywords', language });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/ProposalInfo/Keywords$`));
    const rows = page.getByTestId('specialization-row');
    await expect(rows.first()).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, text('specializations.intro'));

    // Adding: both names, keywords one per line with an empty line and a repeat.
    await page.getByTestId('add-specialization').click();
    const form = page.getByTestId('specialization-form');
    await form.getByTestId('save-specialization').click();
    await expect(form.getByText(text('validation.required')).first()).toBeVisible();
    await form.getByLabel(text('specializations.nameEn')).fill(`Hydrology ${stamp}`);
    await form.getByLabel(text('specializations.nameAr')).fill(`علم المياه ${stamp}`);
    await form.getByLabel(text('specializations.keywords')).fill('groundwater\n\nrivers\ngroundwater\nrainfall');
    await expect(form.getByText(text('validation.required')), 'a message goes once its field is typed in').toHaveCount(
      0,
    );
    await page.screenshot({ path: `${SHOTS}/add-${language}.png` });
    await form.getByTestId('save-specialization').click();
    await expect(page.getByText(text('specializations.created'))).toBeVisible();
    const added = rows.filter({ hasText: `Hydrology ${stamp}` });
    await expect(added.getByTestId('keyword')).toHaveText(['groundwater', 'rivers', 'rainfall']);
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/list-${language}.png`, fullPage: true });

    // Editing.
    await added.getByTestId('edit-specialization').click();
    await form.getByLabel(text('specializations.nameEn')).fill(`Water sciences ${stamp}`);
    await form.getByTestId('save-specialization').click();
    await expect(page.getByText(text('specializations.saved'))).toBeVisible();
    const edited = rows.filter({ hasText: `Water sciences ${stamp}` });
    await expect(edited).toHaveCount(1);

    // Deleting: nothing uses it, says the confirmation; then it is gone from the list.
    await edited.getByTestId('delete-specialization').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('delete-warning')).toHaveText(text('specializations.delete_unused'));
    await dialog.getByTestId('confirm-delete').click();
    await expect(page.getByText(text('specializations.deleted'))).toBeVisible();
    await expect(edited).toHaveCount(0);

    // One in use warns with its figures.
    await rows.first().getByTestId('delete-specialization').click();
    await expect(dialog.getByTestId('delete-warning')).toContainText(
      text('specializations.delete_used', { papers: '', people: '' }).slice(0, 8),
    );
    await page.screenshot({ path: `${SHOTS}/delete-used-${language}.png` });
    await dialog.getByRole('button', { name: text('specializations.cancel') }).click();
    await expect(dialog).toBeHidden();
  });
}
