import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { addDays, isoDay } from '@journals/core/reviewing';
import type { Browser, Page } from '@playwright/test';
import { closesByItself, DEMO_PASSWORD, expect, loginThroughDialog, setLanguage, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { PDF, submittedPaper } from './support/papers';
import { invitationLinksOf } from './support/reviewing';
import { LANGUAGES, textOf } from './support/text';

/**
 * The whole review loop in a browser, every step by its own person and none made by the seed (issue 9 §7): the
 * editor invites two reviewers; the first accepts from the mail's link, asks for a later deadline, fills the sheet
 * with a conditional question and an attachment, and submits; the second declines from the mail's link page with a
 * reason; the paper waits for its decision; the editor reads the review and decides "accept with modifications"
 * with a deadline; the author reads the decision and the reviewer's comment, resubmits, and the new version is at
 * status 1. The ethics journal (its sheet asks the design and its sub-types), in English and in Arabic.
 */

const SLUG = 'ethics';
const EDITOR = `editor@${SLUG}.test`;
const RESEARCHER = `researcher@${SLUG}.test`;
const SARA = { email: `reviewer@${SLUG}.test`, name: 'سارة يوسف' };
const HANY = { email: `reviewer2@${SLUG}.test`, name: 'هاني فاروق' };
const DESIGN = { en: 'What is the design of the study?', ar: 'ما تصميم الدراسة؟' };
const DESCRIPTIVE = { en: 'Which kind of descriptive study is it?', ar: 'ما نوع الدراسة الوصفية؟' };
const SHOTS = '/tmp/shots-review-loop';
mkdirSync(SHOTS, { recursive: true });

const today = () => isoDay(new Date());
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);
const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A person of their own: a new browser context in the interface language. */
async function person(browser: Browser, baseURL: string, language: 'en' | 'ar') {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await setLanguage(page, language);
  return page;
}

for (const language of LANGUAGES) {
  test(`a paper travels from submission to a final decision and a resubmission, in the browser (${language})`, async ({
    page,
    browser,
    platform,
    visit,
    login,
  }) => {
    test.setTimeout(300_000);
    const text = textOf(language);
    const title = `Fall prevention rounds on medical wards ${language} ${Date.now()}`;
    const researcher = await ApiClient.signIn(platform.baseURL, SLUG, RESEARCHER, DEMO_PASSWORD);
    const paper = await submittedPaper(researcher, SLUG, { title }).finally(() => researcher.dispose());

    // The editor invites Sara, then Hany, from the paper page.
    await visit(`/${SLUG}/`, language);
    await login(EDITOR, { language });
    await page.goto(`/${SLUG}/dashboard/papers/${paper.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const section = page.getByTestId('reviewers-section');
    const rows = section.getByTestId('reviewer-row');
    const invite = page.getByRole('dialog', { name: text('decisions.add_reviewer') });
    const mailsBefore = platform.mailbox.messages.length;
    for (const [count, reviewer] of [
      [1, SARA],
      [2, HANY],
    ] as const) {
      await page.getByTestId('add-reviewer').click();
      await invite.getByRole('radio', { name: new RegExp(reviewer.name) }).click();
      await invite.getByTestId('invite-send').click();
      await expect(invite).toBeHidden();
      await expect(rows).toHaveCount(count);
    }
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_2'));

    // Sara accepts from the link in her mail, signs in, and finds the paper in review.
    const sara = await person(browser, platform.baseURL, language);
    const saraMail = await platform.mailbox.waitFor(SARA.email, { since: mailsBefore });
    const saraLinks = invitationLinksOf(saraMail.text);
    await sara.clock.install();
    await sara.goto(saraLinks.accept);
    await expect(sara.getByTestId('invited-paper')).toContainText(paper.code);
    await sara.getByTestId('invitation-accept').click();
    await expect(sara.getByTestId('invitation-accepted')).toContainText(text('messages.invitationAccepted'));
    await sara.getByTestId('invitation-login').click();
    const loginDialog = sara.getByRole('dialog');
    await loginDialog.getByLabel(text('accounts.email'), { exact: true }).fill(SARA.email);
    await loginDialog.getByLabel(text('accounts.password'), { exact: true }).fill(DEMO_PASSWORD);
    await loginDialog.getByTestId('login-submit').click();
    await expect(sara.getByRole('heading', { level: 1 })).toHaveText(text('backoffice.screen_reviewerDashboard'));
    await sara.getByTestId('stat-inPeerReview').click();
    const row = sara
      .getByTestId('invitation-row')
      .filter({ has: sara.getByRole('cell', { name: paper.code, exact: true }) });
    await expect(row).toHaveCount(1);

    // The paper as she reads it: its fields and files, her invitation, no author.
    await row.getByRole('link').first().click();
    await expect(sara).toHaveURL(new RegExp(`/${SLUG}/dashboard/papers/${paper.id}$`));
    await expect(sara.getByTestId('reviewer-invitation')).toContainText(text('reviewing.review_status_2'));
    await expect(sara.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(sara.getByText('Karim Nabil')).toHaveCount(0);
    await expect(sara.getByText('karim@example.org')).toHaveCount(0);
    if (language === 'ar') await expectArabicPage(sara, text('reviewing.invitation_heading'));
    await settled(sara);
    const violations = (await new AxeBuilder({ page: sara }).analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await shot(sara, `reviewer-paper-${language}`);

    // A later deadline, then the sheet: the design decides which sub-type question shows.
    await sara.getByTestId('action-extend').click();
    const extend = sara.getByRole('dialog', { name: text('reviewing.extend_title') });
    const deadline = addDays(today(), 14);
    await extend.getByTestId('new-deadline').fill(addDays(deadline, 7));
    await extend.getByTestId('extend-send').click();
    // The new deadline is kept beside the old one.
    await expect(sara.getByTestId('invitation-old-deadline')).toBeVisible();
    await closesByItself(sara, sara.getByTestId('success-dialog'));
    await sara.getByTestId('action-start').click();
    const sheet = sara.getByRole('dialog', { name: text('reviewing.sheet_title') });
    const design = sheet.getByRole('radiogroup', { name: DESIGN[language] });
    await expect(sheet.getByRole('radiogroup', { name: DESCRIPTIVE[language] })).toHaveCount(0);
    await design.getByRole('radio', { name: text('reviewing.answer_6_1'), exact: true }).check();
    await expect(sheet.getByRole('radiogroup', { name: DESCRIPTIVE[language] })).toBeVisible();
    const groups = sheet.getByRole('radiogroup');
    const count = await groups.count();
    for (let index = 0; index < count; index++) {
      const group = groups.nth(index);
      if ((await group.getByRole('radio', { checked: true }).count()) === 0)
        await group.getByRole('radio').first().check();
    }
    const comment = `Add the sample size calculation to the methods (${language}).`;
    await sheet.getByTestId('comment-for-author').fill(comment);
    await sheet.getByTestId('comment-for-editor').fill('Minimal risk; I support it after revision.');
    await sheet
      .locator('[data-field="attachForAuthor"] input[type=file]')
      .setInputFiles({ name: 'sara-notes.pdf', mimeType: 'application/pdf', buffer: PDF });
    await sheet
      .getByTestId('recommendation')
      .getByRole('radio', { name: text('reviewing.recommendation_6') })
      .check();
    await sheet.getByTestId('submit-review').click();
    await sara
      .getByRole('dialog', { name: text('reviewing.confirm_submit_title') })
      .getByTestId('confirm-submit-yes')
      .click();
    await expect(sara.getByTestId('success-dialog')).toContainText(text('messages.reviewSubmitted'));
    await sara.context().close();

    // Hany declines from the reject link in his mail, with a reason.
    const hany = await person(browser, platform.baseURL, language);
    const hanyLinks = invitationLinksOf((await platform.mailbox.waitFor(HANY.email, { since: mailsBefore })).text);
    await hany.goto(hanyLinks.refuse);
    await hany.getByRole('radio', { name: text('invitation.category_noTime'), exact: true }).check();
    await hany.getByLabel(text('invitation.reason'), { exact: true }).fill('On leave until next month.');
    await hany.getByTestId('refusal-send').click();
    await expect(hany.getByRole('dialog', { name: text('invitation.saved_title') })).toBeVisible();
    await hany.context().close();

    // The paper waits for its decision; the editor reads Sara's review and decides.
    await page.reload();
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_3'));
    const saraRow = rows.filter({ hasText: SARA.name });
    await expect(saraRow.getByTestId('reviewer-recommendation')).toHaveText(text('reviewing.recommendation_6'));
    await expect(rows.filter({ hasText: HANY.name }).getByTestId('reviewer-status')).toContainText(
      text('reviewing.review_status_4'),
    );
    await saraRow.getByRole('button', { name: text('decisions.answer_sheet'), exact: true }).click();
    const answers = page.getByRole('dialog', { name: text('decisions.sheet_title', { name: SARA.name }) });
    await expect(answers.getByText(comment, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(answers).toBeHidden();
    await page.getByTestId('final-decision-open').click();
    const decision = page.getByRole('dialog', { name: text('decisions.decision_title') });
    await decision.getByRole('radio', { name: text('submissions.decision_3'), exact: true }).check();
    const decisionComments = `Please revise as the reviewer asks (${language}).`;
    await decision.getByLabel(text('decisions.comments'), { exact: true }).fill(decisionComments);
    await decision.getByLabel(text('decisions.revision_deadline'), { exact: true }).fill(addDays(today(), 30));
    await decision.getByTestId('decision-send').click();
    await page
      .getByRole('dialog', { name: text('decisions.confirm_title') })
      .getByRole('button', { name: text('decisions.record'), exact: true })
      .click();
    await expect(decision).toBeHidden();
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_5'));

    // The author reads the decision and the reviewer's comment (no name), and resubmits.
    const author = await person(browser, platform.baseURL, language);
    await author.goto(`/${SLUG}/`);
    await loginThroughDialog(author, RESEARCHER, { language });
    await author.goto(`/${SLUG}/dashboard/papers/${paper.id}`);
    await expect(author.getByTestId('paper-status')).toHaveText(text('papers.status_5'));
    await expect(author.getByTestId('final-decision').getByText(decisionComments, { exact: true })).toBeVisible();
    await expect(author.getByTestId('reviewer-comment')).toContainText(comment);
    await expect(author.getByText(SARA.name)).toHaveCount(0);
    await shot(author, `author-decision-${language}`);
    await author.getByTestId('resubmit').click();
    const resubmit = author.getByRole('dialog', { name: text('submissions.resubmit') });
    for (const kind of ['proposalFile', 'departmentApprovalDocuments', 'paymentReceipt']) {
      const chooser = author.waitForEvent('filechooser');
      await resubmit.getByLabel(text(`papers.file_${kind}`)).click();
      await (await chooser).setFiles({ name: `revised-${kind}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    }
    await resubmit.getByTestId('resubmit-send').click();
    await expect(resubmit).toBeHidden();
    await expect(author).not.toHaveURL(new RegExp(`/papers/${paper.id}$`));
    await expect(author.getByTestId('paper-status')).toHaveText(text('papers.status_1'));
    await expect(author.getByText(text('submissions.version', { version: 2 }), { exact: true })).toBeVisible();
    await expect(author.getByTestId('paper-code')).toHaveText(paper.code);
    await author.context().close();
  });
}
