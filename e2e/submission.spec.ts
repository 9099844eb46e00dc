import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';
import { acceptAndSubmit, fillPerson, fillStudyStep, uploadEveryFile } from './support/wizard';

/** A text file pretending to be a PDF (the server sniffs the content). */
const FAKE_PDF = { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some plain text\n') };

const SHOTS = process.env.WIZARD_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const language of LANGUAGES) {
  test(`a researcher drafts a paper, finishes the four steps, uploads files, submits and reads it (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    const title = `Sleep quality of night-shift nurses ${language} ${Date.now()}`;

    await visit('/ethics/', language);
    await login('researcher@ethics.test', { language });
    await page.goto('/ethics/dashboard');
    await page.getByTestId('add-paper').click();
    await expect(page).toHaveURL(/\/ethics\/dashboard\/papers\/create$/);
    if (language === 'ar') await expectArabicPage(page, 'حفظ كمسودة');

    // A first draft with only its title saves at once: a draft relaxes the requirements (spec 02 §5), even though
    // the main author taken from the profile has no phone yet.
    await page.getByLabel(text('submissions.title_of_the_work'), { exact: true }).fill(title);
    await page.getByTestId('save-draft').click();
    await expect(page.getByText(text('submissions.draft_saved'))).toBeVisible();
    await expect(page).toHaveURL(/\/ethics\/dashboard\/drafts$/);
    const card = page.getByTestId('draft-card').filter({ hasText: title });
    await card.getByTestId('draft-edit').click();
    await expect(page).toHaveURL(/\/ethics\/dashboard\/papers\/edit\/\d+$/);
    await expect(page.getByLabel(text('submissions.title_of_the_work'), { exact: true })).toHaveValue(title);

    // Step 1: moving on without the required fields is refused, with every error at once: the nine unanswered
    // questions and the nine other required fields of the step (the title is there, the department waits for submit).
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-step-1')).toBeVisible();
    await expect(page.getByText(text('validation.required'), { exact: true })).toHaveCount(18);
    await expect(
      page.getByRole('combobox', { name: text('submissions.statusOfApplicant'), exact: true }),
    ).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(text('validation.keywords_required'), { exact: true })).toBeVisible();

    await fillStudyStep(page, text, {
      specialization: language === 'ar' ? 'طب المجتمع' : 'Community Medicine',
      ethics: true,
      paperType: 6,
    });
    await shot(page, `${language}-step-1`);
    await page.getByTestId('wizard-next').click();

    // Step 2: the researcher stays the main author (saved with the draft); two suggested reviewers.
    await expect(page.getByTestId('wizard-step-2')).toBeVisible();
    await expect(page.getByTestId('author-row')).toHaveCount(1);
    await expect(page.getByTestId('author-row')).toContainText(text('submissions.person_main'));
    // The profile has no phone: moving on asks for every author's data until the main author is completed.
    await page.getByTestId('wizard-next').click();
    await expect(page.getByText(text('validation.all_authors_required'))).toBeVisible();
    await page.getByTestId('author-row').first().getByRole('button').first().click();
    await fillPerson(page.getByRole('dialog'), text, { phone: '+20 100 000 0001' });
    await expect(page.getByText(text('validation.all_authors_required'))).toBeHidden();
    for (const [index, name] of ['Dr. Amal Hassan', 'Dr. Omar Farouk'].entries()) {
      await page.getByTestId('add-reviewer').click();
      await fillPerson(page.getByRole('dialog'), text, {
        name,
        email: `reviewer${index}-${language}@example.org`,
        phone: `+20 100 000 100${index}`,
        work: 'Delta University',
      });
    }
    await expect(page.getByTestId('reviewer-row')).toHaveCount(2);
    await shot(page, `${language}-step-2`);
    await page.getByTestId('wizard-next').click();

    // Step 3: a text file named .pdf is refused with its message; real PDFs go in every slot.
    await expect(page.getByTestId('wizard-step-3')).toBeVisible();
    const proposalSlot = page.getByTestId('slot-proposalFile');
    await proposalSlot
      .locator('input[type=file]')
      .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(proposalSlot.getByTestId('file-error-proposalFile')).toHaveText(text('validation.file_type'));
    await proposalSlot.locator('input[type=file]').setInputFiles(FAKE_PDF);
    await expect(proposalSlot.getByTestId('file-error-proposalFile')).toHaveText(text('validation.file_type'));
    await uploadEveryFile(page);
    await shot(page, `${language}-step-3`);
    await page.getByTestId('wizard-next').click();

    // Step 4: submit stays disabled until the terms are accepted.
    await expect(page.getByTestId('wizard-step-4')).toBeVisible();
    await shot(page, `${language}-step-4`);
    await acceptAndSubmit(page, text);
    await expect(page).toHaveURL(/\/ethics\/dashboard\/?$/);

    // The dashboard lists it as submitted; its page shows the code and serves its files.
    await page.getByLabel(text('submissions.search_label')).fill(title.slice(-13));
    const row = page.getByTestId('paper-row').filter({ has: page.getByRole('link', { name: title }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text('papers.status_1'));
    // Its links wear the theme's link colour (brand 8), not the browser's underlined blue.
    for (const link of await row.getByRole('link').all()) {
      await expect(link).toHaveCSS('color', 'rgb(31, 74, 153)');
      await expect(link).toHaveCSS('text-decoration-line', 'none');
    }
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/ethics\/dashboard\/papers\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('paper-code')).toHaveText(/^REC\.\d{2}\.\d{2}\.\d+/);
    const paperUrl = page.url();
    const fileLink = page.getByTestId('paper-file').first();
    const download = await page.request.get((await fileLink.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await shot(page, `${language}-paper-page`);

    // Its history has this one version; a message goes to the journal staff.
    await page.getByRole('button', { name: text('submissions.history') }).click();
    await expect(page.getByRole('dialog').getByTestId('history-entry')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: text('submissions.mail_staff') }).click();
    const message = `When will the review start? (${language})`;
    await page.getByRole('dialog').getByLabel(text('submissions.mail_message')).fill(message);
    await page.getByTestId('mail-staff-send').click();
    await expect(page.getByText(text('submissions.mail_sent'))).toBeVisible();
    // Each editor of the journal receives it, naming the paper by its code.
    const paperCode = /^REC\.\d{2}\.\d{2}\.\d+/.exec((await page.getByTestId('paper-code').textContent())!)![0];
    const staffMail = (address: string) =>
      platform.mailbox.messages.filter(
        (mail) => mail.to.includes(address) && mail.subject.includes(paperCode) && mail.text.includes(message),
      ).length;
    for (const editor of ['editor@ethics.test', 'secretary@ethics.test']) {
      await expect.poll(() => staffMail(editor), { message: `mail to ${editor}` }).toBe(1);
    }

    // The dashboard cards filter the table: it is waiting, not accepted.
    await page.goto('/ethics/dashboard');
    await page.getByTestId('stat-accepted').click();
    await expect(page.getByTestId('stat-accepted')).toHaveAttribute('aria-pressed', 'true');
    // The demo researcher's accepted paper, waiting for an issue, is listed; the new one is not.
    await expect(
      page.getByTestId('paper-row').getByText(text('papers.status_4'), { exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByTestId('paper-row').filter({ has: page.getByRole('link', { name: title }) })).toHaveCount(0);
    await page.getByTestId('stat-waiting').click();
    await expect(page.getByTestId('paper-row').filter({ has: page.getByRole('link', { name: title }) })).toHaveCount(1);

    // A submitted paper can no longer be edited.
    const id = /papers\/(\d+)$/.exec(paperUrl)![1];
    await page.goto(`/ethics/dashboard/papers/edit/${id}`);
    await expect(page.getByText(text('errors.paperNotEditable'))).toBeVisible();
    await expect(page).toHaveURL(/\/ethics\/dashboard\/drafts$/);
  });
}

test('the dashboard cards abbreviate their numbers with K and M and keep the exact number in the title', async ({
  page,
  visit,
  login,
}) => {
  await page.route('**/api/journals/general/papers/mine?**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.statistics = { ...body.statistics, all: 1234, published: 2_500_000, waiting: 999 };
    await route.fulfill({ response, json: body });
  });
  await visit('/general/', 'en');
  await login('researcher@general.test');
  await expect(page).toHaveURL(/\/general\/dashboard\/?$/);
  await expect(page.getByTestId('stat-all')).toContainText('1.2K');
  await expect(page.getByTestId('stat-all')).toHaveAttribute('title', '1,234');
  await expect(page.getByTestId('stat-published')).toContainText('2.5M');
  await expect(page.getByTestId('stat-published')).toHaveAttribute('title', '2,500,000');
  await expect(page.getByTestId('stat-waiting')).toContainText('999');
  // Published is grey-blue (spec 02 §4): the theme's blueGray, shade 7.
  await expect(page.getByTestId('stat-published').getByText('2.5M')).toHaveCSS('color', 'rgb(69, 90, 100)');
});

test('a draft is deleted from the drafts list after a confirmation', async ({ page, visit, login }) => {
  const text = textOf('en');
  const title = `Draft to delete ${Date.now()}`;
  await visit('/ethics/', 'en');
  await login('researcher@ethics.test');
  await page.goto('/ethics/dashboard/papers/create');
  await page.getByLabel(text('submissions.title_of_the_work'), { exact: true }).fill(title);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-step-1')).toBeVisible();
  await page.getByTestId('save-draft').click();
  await expect(page).toHaveURL(/\/ethics\/dashboard\/drafts$/);

  const card = page.getByTestId('draft-card').filter({ hasText: title });
  await card.getByTestId('draft-delete').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('submissions.cancel') })
    .click();
  await expect(card).toHaveCount(1);
  await card.getByTestId('draft-delete').click();
  await page.getByTestId('draft-delete-confirm').click();
  await expect(card).toHaveCount(0);
});
