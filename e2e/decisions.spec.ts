import { nameForAuthor } from '@journals/core/file-names';
import { mkdirSync } from 'node:fs';
import { formatDay } from '@journals/core/format';
import { addDays, defaultDeadline, isoDay } from '@journals/core/reviewing';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { PDF, submittedPaper } from './support/papers';
import { submitReview } from './support/submit-review';
import { LANGUAGES, textOf } from './support/text';

/**
 * The editor's side of a paper in review and its decisions (spec 02 §2 "Paper-in-review page", §5 "Dialogs", §6):
 * inviting reviewers (a conflict of interest confirmed), removing one, moving a deadline, reading a finished
 * review, the final decision with a revision deadline and an attachment; the author then reads the decision and the
 * reviewers' comments, numbered, without a name. And a direct refusal of a new paper as out of scope. Each run
 * creates its own papers in the general journal through the API.
 */

const SLUG = 'general';
const EDITOR = 'editor@general.test';
const RESEARCHER = 'researcher@general.test';
const SARA = { email: 'reviewer@general.test', name: 'Sara Youssef' };
/** Hany Farouk works at the author's workplace: a conflict of interest. */
const HANY = { email: 'reviewer2@general.test', name: 'Hany Farouk' };
const CONFLICTING_WORKPLACE = 'Mansoura University, Faculty of Medicine';

const SHOTS = '/tmp/shots-decisions';
mkdirSync(SHOTS, { recursive: true });
/** A page whole; a dialog as the viewport shows it, once its opening transition is over. */
async function shot(page: Page, name: string, dialog = false) {
  if (dialog) await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: !dialog });
}

const today = () => isoDay(new Date());

/** A success toast has gone: axe then reads the page, not the toast laid over a dialog's title. */
const toastGone = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

/** A new paper of the demo researcher, submitted, its author working at `authorWorkPlace`. */
async function newPaper(baseURL: string, title: string, authorWorkPlace = 'Cairo') {
  const researcher = await ApiClient.signIn(baseURL, SLUG, RESEARCHER, DEMO_PASSWORD);
  try {
    return await submittedPaper(researcher, SLUG, { title, workPlace: authorWorkPlace });
  } finally {
    await researcher.dispose();
  }
}

for (const language of LANGUAGES) {
  test(`an editor invites two reviewers (confirming a conflict), removes one, moves a deadline, reads the review and decides; the author reads the decision and the numbered comment (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    test.setTimeout(180_000);
    const text = textOf(language);
    const title = `Pressure ulcer prevention bundles ${language} ${Date.now()}`;
    const paper = await newPaper(platform.baseURL, title, CONFLICTING_WORKPLACE);

    await visit(`/${SLUG}/`, language);
    await login(EDITOR, { language });
    await page.goto(`/${SLUG}/dashboard/papers/${paper.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const section = page.getByTestId('reviewers-section');
    await expect(section.getByRole('heading', { name: text('decisions.reviewers') })).toBeVisible();
    await expect(section.getByText(text('decisions.no_reviewers'), { exact: true })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'إضافة محكِّم');
    await toastGone(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `${language}-paper-editor`);

    // Add reviewer: the paper's specialization is chosen; the candidates carry their load and flags.
    await page.getByTestId('add-reviewer').click();
    const invite = page.getByRole('dialog', { name: text('decisions.add_reviewer') });
    await expect(invite).toBeVisible();
    const sara = invite.getByRole('radio', { name: new RegExp(SARA.name) });
    const hany = invite.getByRole('radio', { name: new RegExp(HANY.name) });
    await expect(sara).toBeVisible();
    await expect(hany).toContainText(text('decisions.conflict'));
    await expect(hany).toContainText(text('validation.conflict_workplace'));
    await expect(sara).toContainText(
      text('decisions.candidate_load', { open: 0, recent: 0, median: '—' }).split(':')[0]!,
    );
    await expect(invite.getByLabel(text('decisions.deadline'), { exact: true })).toHaveValue(defaultDeadline(today()));
    await toastGone(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `${language}-invite-dialog`, true);

    // A deadline before today is refused before anything is sent.
    await sara.click();
    const deadlineInput = invite.getByLabel(text('decisions.deadline'), { exact: true });
    await deadlineInput.fill(addDays(today(), -1));
    await invite.getByTestId('invite-send').click();
    await expect(invite.getByText(text('validation.date_before_today'), { exact: true })).toBeVisible();
    await deadlineInput.fill(defaultDeadline(today()));
    await invite.getByTestId('invite-send').click();
    await expect(invite).toBeHidden();
    const rows = section.getByTestId('reviewer-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.filter({ hasText: SARA.name }).getByTestId('reviewer-status')).toHaveText(
      text('reviewing.review_status_1'),
    );
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_2'));
    await toastGone(page);
    expect(await seriousViolations()).toEqual([]);

    // The second: Sara is already on the paper; Hany's conflict must be confirmed. The English run picks him from
    // the list, which flags him; the Arabic run names him as "someone new", and the server's answer flags him.
    await page.getByTestId('add-reviewer').click();
    await expect(invite.getByRole('radio', { name: new RegExp(SARA.name) })).toBeDisabled();
    await expect(invite.getByRole('radio', { name: new RegExp(SARA.name) })).toContainText(
      text('decisions.already_added'),
    );
    const warning = invite.getByTestId('conflict-warning');
    if (language === 'en') {
      await invite.getByRole('radio', { name: new RegExp(HANY.name) }).click();
      await expect(warning).toContainText(text('validation.conflict_workplace'));
      await invite.getByTestId('invite-send').click();
      await expect(invite.getByText(text('decisions.confirm_conflict_required'), { exact: true })).toBeVisible();
    } else {
      await invite.getByText(text('decisions.someone_new'), { exact: true }).click();
      await invite.getByLabel(text('decisions.new_full_name'), { exact: true }).fill(HANY.name);
      await invite.getByLabel(text('decisions.new_email'), { exact: true }).fill(HANY.email);
      await expect(warning).toHaveCount(0);
      await invite.getByTestId('invite-send').click();
      await expect(invite.getByTestId('invite-error')).toHaveText(text('errors.conflictOfInterest'));
      await expect(warning).toContainText(text('validation.conflict_workplace'));
    }
    await toastGone(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `${language}-invite-conflict`, true);
    await warning.getByLabel(text('decisions.confirm_conflict')).check();
    await invite.getByTestId('invite-send').click();
    await expect(invite).toBeHidden();
    await expect(rows).toHaveCount(2);

    // Remove Hany, after a confirmation.
    const hanyRow = rows.filter({ hasText: HANY.name });
    await hanyRow.getByRole('button', { name: text('decisions.remove'), exact: true }).click();
    const confirmRemove = page.getByRole('dialog', { name: text('decisions.remove_title') });
    await expect(confirmRemove).toContainText(HANY.name);
    await confirmRemove.getByRole('button', { name: text('decisions.remove'), exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(section.getByText(HANY.name)).toHaveCount(0);

    // Move Sara's deadline a week later: the row shows the new one and the old one.
    const saraRow = rows.filter({ hasText: SARA.name });
    await saraRow.getByRole('button', { name: text('decisions.change_deadline'), exact: true }).click();
    const deadlineDialog = page.getByRole('dialog', { name: text('decisions.change_deadline') });
    const newDeadline = addDays(defaultDeadline(today()), 7);
    await deadlineDialog.getByLabel(text('decisions.new_deadline'), { exact: true }).fill(newDeadline);
    await toastGone(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `${language}-deadline-dialog`, true);
    await deadlineDialog.getByTestId('deadline-save').click();
    await expect(deadlineDialog).toBeHidden();
    await expect(saraRow.getByTestId('reviewer-deadline')).toContainText(formatDay(newDeadline, language));
    await expect(saraRow.getByTestId('reviewer-deadline')).toContainText(
      text('decisions.old_deadline', { date: formatDay(defaultDeadline(today()), language) }),
    );

    // Sara accepts and submits her review (through the API); the section shows her recommendation.
    const commentForAuthor = `Please report the sample size calculation (${language}).`;
    const reviewer = await ApiClient.signIn(platform.baseURL, SLUG, SARA.email, DEMO_PASSWORD);
    try {
      await submitReview(reviewer, SLUG, paper.id, {
        recommendation: 6,
        commentForAuthor,
        commentForEditor: 'Sound design; minor issues only.',
        attachmentName: 'review-notes.pdf',
      });
    } finally {
      await reviewer.dispose();
    }
    await page.reload();
    await expect(saraRow.getByTestId('reviewer-status')).toHaveText(text('reviewing.review_status_3'));
    await expect(saraRow.getByTestId('reviewer-recommendation')).toHaveText(text('reviewing.recommendation_6'));
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_3'));
    await expect(saraRow.getByRole('button', { name: text('decisions.remove'), exact: true })).toHaveCount(0);
    await shot(page, `${language}-reviewers-reviewed`);

    // The answer sheet, read-only.
    await saraRow.getByRole('button', { name: text('decisions.answer_sheet'), exact: true }).click();
    const sheet = page.getByRole('dialog', { name: text('decisions.sheet_title', { name: SARA.name }) });
    await expect(sheet.getByTestId('review-recommendation')).toHaveText(text('reviewing.recommendation_6'));
    await expect(sheet.getByTestId('review-answer').first()).toBeVisible();
    await expect(sheet.getByText(commentForAuthor, { exact: true })).toBeVisible();
    await expect(sheet.getByText('Sound design; minor issues only.', { exact: true })).toBeVisible();
    await expect(
      sheet.getByRole('link', { name: text('reviewing.result_attachment', { name: 'review-notes.pdf' }) }),
    ).toBeVisible();
    await toastGone(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `${language}-answer-sheet`, true);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // The final decision, full screen: the reviews above it; accept with modifications needs comments and a date.
    await page.getByTestId('final-decision-open').click();
    const decision = page.getByRole('dialog', { name: text('decisions.decision_title') });
    await expect(decision.getByTestId('summary-review')).toContainText(SARA.name);
    await expect(decision.getByTestId('summary-review')).toContainText(text('reviewing.recommendation_6'));
    await expect(decision.getByTestId('decision-question').first()).toBeVisible();
    await decision.getByRole('radio', { name: text('submissions.decision_3'), exact: true }).check();
    await decision.getByTestId('decision-send').click();
    await expect(decision.getByText(text('validation.comments_required'), { exact: true })).toBeVisible();
    await expect(decision.getByText(text('validation.revision_deadline_required'), { exact: true })).toBeVisible();
    await toastGone(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `${language}-decision-dialog`, true);
    await decision.getByTestId('reviews-summary').scrollIntoViewIfNeeded();
    await shot(page, `${language}-decision-dialog-top`, true);
    const comments = `Revise the methods section as the reviewer asks (${language}).`;
    await decision.getByLabel(text('decisions.comments'), { exact: true }).fill(comments);
    const revisionDeadline = addDays(today(), 30);
    await decision.getByLabel(text('decisions.revision_deadline'), { exact: true }).fill(revisionDeadline);
    const chooser = page.waitForEvent('filechooser');
    await decision.getByLabel(text('decisions.attachment_label'), { exact: true }).click();
    await (await chooser).setFiles({ name: 'decision-letter.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(decision.getByText('decision-letter.pdf', { exact: true })).toBeVisible();
    await decision.getByTestId('decision-send').click();
    const confirm = page.getByRole('dialog', { name: text('decisions.confirm_title') });
    await expect(confirm).toContainText(text('submissions.decision_3'));
    await confirm.getByRole('button', { name: text('decisions.record'), exact: true }).click();
    await expect(decision).toBeHidden();

    // The page shows the decision; the review is closed.
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_5'));
    const shown = page.getByTestId('final-decision');
    await expect(shown.getByText(text('submissions.decision_3'), { exact: true })).toBeVisible();
    await expect(shown.getByText(comments, { exact: true })).toBeVisible();
    await expect(
      shown.getByRole('link', { name: text('submissions.decision_attachment', { name: 'decision-letter.pdf' }) }),
    ).toBeVisible();
    await expect(
      page.getByText(text('submissions.revision_deadline', { date: formatDay(revisionDeadline, language) }), {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByTestId('add-reviewer')).toHaveCount(0);
    await expect(page.getByTestId('final-decision-open')).toHaveCount(0);
    await expect(page.getByTestId('reviewer-comment')).toHaveCount(1);

    // The history names the reviewer and her recommendation for the editor.
    await page.getByRole('button', { name: text('submissions.history'), exact: true }).click();
    const history = page.getByRole('dialog', { name: text('submissions.history') });
    const historyReviewer = history.getByTestId('history-reviewer');
    await expect(historyReviewer).toHaveCount(1);
    await expect(historyReviewer).toContainText(SARA.name);
    await expect(historyReviewer).toContainText(text('reviewing.recommendation_6'));
    await shot(page, `${language}-history-editor`, true);
    await page.keyboard.press('Escape');

    // The author: the decision and "Reviewer 1" with the comment and its attachment; no reviewer's name anywhere.
    await page.context().clearCookies();
    await page.goto(`/${SLUG}/`);
    await login(RESEARCHER, { language });
    await page.goto(`/${SLUG}/dashboard/papers/${paper.id}`);
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_5'));
    await expect(page.getByTestId('final-decision').getByText(comments, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: text('decisions.reviewer_comments') })).toBeVisible();
    const comment = page.getByTestId('reviewer-comment');
    await expect(comment).toHaveCount(1);
    await expect(
      comment.getByRole('heading', { name: text('decisions.reviewer_number', { number: 1 }) }),
    ).toBeVisible();
    await expect(comment.getByText(commentForAuthor, { exact: true })).toBeVisible();
    // The reviewer's "review-notes.pdf" reaches the author under a neutral name (issue 19 §2).
    const neutral = nameForAuthor(language, 1, 'review-notes.pdf');
    const file = comment.getByRole('link', { name: text('decisions.attachment', { name: neutral }) });
    const download = await page.context().request.get((await file.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByTestId('reviewers-section')).toHaveCount(0);
    await expect(page.getByTestId('final-decision-open')).toHaveCount(0);
    await expect(page.getByText(SARA.name)).toHaveCount(0);
    if (language === 'ar') await expectArabicPage(page, 'تعليقات المحكِّمين');
    await toastGone(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `${language}-author-comments`);

    await page.getByRole('button', { name: text('submissions.history'), exact: true }).click();
    const authorHistory = page.getByRole('dialog', { name: text('submissions.history') });
    const numbered = authorHistory.getByTestId('history-reviewer');
    await expect(numbered).toHaveCount(1);
    await expect(numbered).toContainText(text('decisions.reviewer_number', { number: 1 }));
    await expect(numbered).toContainText(text('reviewing.recommendation_6'));
    await expect(authorHistory.getByText(SARA.name)).toHaveCount(0);
    await shot(page, `${language}-history-author`, true);
  });

  test(`an editor refuses a new paper directly as out of scope (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const title = `Night shift fatigue ${language} ${Date.now()}`;
    const paper = await newPaper(platform.baseURL, title);

    await visit(`/${SLUG}/`, language);
    await login(EDITOR, { language });
    await page.goto(`/${SLUG}/dashboard/papers/${paper.id}`);
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_1'));
    await page.getByTestId('refuse-open').click();
    const dialog = page.getByRole('dialog', { name: text('decisions.refuse_title') });
    await expect(dialog).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'خارج نطاق المجلة');

    // Neither a reason nor out of scope: refused; the counter follows the reason.
    await dialog.getByTestId('refuse-send').click();
    await expect(dialog.getByText(text('validation.refuse_reason_required'), { exact: true })).toBeVisible();
    await dialog.getByLabel(text('decisions.refuse_reason'), { exact: true }).fill('Not a nursing study');
    await expect(
      dialog.getByText(text('decisions.characters', { count: 19, max: 300 }), { exact: true }),
    ).toBeVisible();
    await toastGone(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `${language}-refuse-dialog`, true);

    await dialog.getByLabel(text('decisions.out_of_scope'), { exact: true }).check();
    await expect(dialog.getByLabel(text('decisions.refuse_reason'), { exact: true })).toBeDisabled();
    await dialog.getByTestId('refuse-send').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('paper-status')).toHaveText(text('papers.status_6'));
    const shown = page.getByTestId('final-decision');
    await expect(shown.getByText(text('submissions.decision_2'), { exact: true })).toBeVisible();
    await expect(shown.getByTestId('out-of-scope')).toHaveText(text('decisions.out_of_scope_decision'));
    await expect(page.getByTestId('refuse-open')).toHaveCount(0);
    // No reviewer was ever invited and the review is closed: no reviewers section.
    await expect(page.getByTestId('reviewers-section')).toHaveCount(0);
    await expect(page.getByTestId('final-decision-open')).toHaveCount(0);
    await shot(page, `${language}-refused`);
  });
}
