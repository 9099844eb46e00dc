import { mkdirSync } from 'node:fs';
import { DEMO_PASSWORD, expect, loginThroughDialog, setLanguage, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { invitedReviewer } from './support/reviewing';
import { LANGUAGES, textOf } from './support/text';

/**
 * The review-sheet questions screen (issue 22 §2, spec 03 §5): the journal manager adds a question (meeting the
 * required fields), edits and deletes it, then moves a question up, and the reviewer's sheet asks it first, in
 * English and in Arabic. Serial: both runs change the general journal's sheet, and each puts its order back.
 */

test.describe.configure({ mode: 'serial' });

const SLUG = 'general';
const SHOTS = '/tmp/shots-review-sheet';
mkdirSync(SHOTS, { recursive: true });
const QUESTIONS = `/api/journals/${SLUG}/review-questions`;
/** The sheet's order before a run, put back after it whatever happens. */
let original: number[] = [];

test.afterEach(async ({ platform }) => {
  if (original.length === 0) return;
  const manager = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
  await manager.ok(manager.put(`${QUESTIONS}/order`, { ids: original }));
  await manager.dispose();
});

for (const language of LANGUAGES) {
  test(`a journal manager edits the review sheet and the reviewer's sheet follows its order (${language})`, async ({
    page,
    browser,
    platform,
    openScreen,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const manager = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
    original = (await manager.ok<{ items: { id: number }[] }>(manager.get(QUESTIONS))).items.map((q) => q.id);
    await manager.dispose();
    // A reviewer with an accepted invitation, whose sheet is read at the end.
    const title = `Sheet order ${stamp}`;
    const { paper } = await invitedReviewer(platform, SLUG, `reviewer@${SLUG}.test`, title);
    const reviewer = await ApiClient.signIn(platform.baseURL, SLUG, `reviewer@${SLUG}.test`, DEMO_PASSWORD);
    const invitation = (
      await reviewer.ok<{ items: { id: number; paperId: number }[] }>(reviewer.get(`/api/journals/${SLUG}/reviewing`))
    ).items.find((item) => item.paperId === paper.id)!;
    await reviewer.ok(reviewer.post(`/api/journals/${SLUG}/reviewing/${invitation.id}/accept`, {}));
    await reviewer.dispose();

    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'reviewSheet', language });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/ProposalInfo/ReviewSheet$`));
    if (language === 'ar') await expectArabicPage(page, text('reviewSheet.intro'));
    const rows = page.getByTestId('question-row');
    await expect(rows).toHaveCount(original.length);
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/sheet-${language}.png`, fullPage: true });

    // Adding: the required fields first, then a yes/no question at the end with the options it offers.
    await page.getByTestId('add-question').click();
    const form = page.getByTestId('question-form');
    await expect(page.getByTestId('question-order')).toHaveValue(String(original.length + 1));
    await form.getByTestId('save-question').click();
    await expect(form.getByText(text('validation.required')).first()).toBeVisible();
    await expect(form.getByText(text('reviewSheet.type_required'))).toBeVisible();
    await form.getByLabel(text('reviewSheet.groupEn')).fill('Ethics');
    await form.getByLabel(text('reviewSheet.groupAr')).fill('الأخلاقيات');
    await form.getByLabel(text('reviewSheet.textEn')).fill(`Is consent documented ${stamp}?`);
    await form.getByLabel(text('reviewSheet.textAr')).fill(`هل الموافقة موثقة ${stamp}؟`);
    await page.getByTestId('question-type').click();
    await page.getByRole('option', { name: text('reviewSheet.type_1') }).click();
    await expect(form.getByTestId('answer-options')).toContainText(text('reviewing.answer_1_true'));
    await page.screenshot({ path: `${SHOTS}/add-${language}.png` });
    await form.getByTestId('save-question').click();
    await expect(page.getByText(text('reviewSheet.created'))).toBeVisible();
    const added = rows.filter({ hasText: stamp });
    await expect(added.getByTestId('question-text')).toHaveText(
      language === 'ar' ? `هل الموافقة موثقة ${stamp}؟` : `Is consent documented ${stamp}?`,
    );
    await expect(rows).toHaveCount(original.length + 1);

    // Editing it, then deleting it after the confirmation.
    await added.getByTestId('edit-question').click();
    await form.getByLabel(text('reviewSheet.textEn')).fill(`Is written consent documented ${stamp}?`);
    await form.getByTestId('save-question').click();
    await expect(page.getByText(text('reviewSheet.saved'))).toBeVisible();
    await added.getByTestId('delete-question').click();
    await expect(page.getByRole('dialog')).toContainText(text('reviewSheet.delete_body'));
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText(text('reviewSheet.deleted'))).toBeVisible();
    await expect(rows).toHaveCount(original.length);

    // The second question moved up: first on the screen, and first on the reviewer's sheet.
    const second = await rows.nth(1).getByTestId('question-text').innerText();
    await rows.nth(1).getByTestId('move-up').click();
    await expect(page.getByText(text('reviewSheet.moved'))).toBeVisible();
    await expect(rows.first().getByTestId('question-text')).toHaveText(second);
    await page.screenshot({ path: `${SHOTS}/moved-${language}.png`, fullPage: true });

    const context = await browser.newContext({ baseURL: platform.baseURL });
    const reviewerPage = await context.newPage();
    await setLanguage(reviewerPage, language);
    await reviewerPage.goto(`/${SLUG}/`);
    await loginThroughDialog(reviewerPage, `reviewer@${SLUG}.test`, { language });
    await reviewerPage.goto(`/${SLUG}/dashboard/reviewing`);
    await reviewerPage.getByTestId('stat-inPeerReview').click();
    await reviewerPage.getByLabel(text('reviewing.search_label'), { exact: true }).fill(paper.code);
    const row = reviewerPage.getByTestId('invitation-row').filter({ hasText: paper.code });
    await row.getByTestId('action-start').click();
    const sheet = reviewerPage.getByRole('dialog', { name: text('reviewing.sheet_title') });
    await expect(sheet.getByRole('radiogroup').first()).toHaveAccessibleName(second);
    await context.close();
  });
}
