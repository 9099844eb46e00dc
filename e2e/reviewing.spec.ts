import { mkdirSync } from 'node:fs';
import { formatNumber } from '@journals/core/format';
import { addDays } from '@journals/core/reviewing';
import type { Page } from '@playwright/test';
import { closesByItself, DEMO_PASSWORD, expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { PDF } from './support/papers';
import { invitedReviewer } from './support/reviewing';
import { LANGUAGES, textOf } from './support/text';

/**
 * The reviewer's side of the review loop (spec 01 "Reviewer dashboard", "Reviewer rejection-reason page", §4–§5,
 * §8): the invitation mail's links, the dashboard, a later deadline, the sheet with its conditional questions, its
 * draft and attachment, the read-only result. The ethics journal: its sheet asks the study design and its sub-types.
 */

const SLUG = 'ethics';
const REVIEWER = `reviewer@${SLUG}.test`;
const REVIEWER2 = `reviewer2@${SLUG}.test`;
const SHOTS = '/tmp/shots-reviewing';
mkdirSync(SHOTS, { recursive: true });

/** The sheet's questions, as the demo seed writes them (apps/server/src/seed/review-sheets.ts). */
const QUESTIONS = {
  design: { en: 'What is the design of the study?', ar: 'ما تصميم الدراسة؟' },
  descriptive: { en: 'Which kind of descriptive study is it?', ar: 'ما نوع الدراسة الوصفية؟' },
  experimental: { en: 'Which phase or kind of experimental study is it?' },
  blinding: { en: 'How is the study blinded?' },
};

/** Waits for the dialogs' opening transitions to end: axe measures contrast on what is fully drawn. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** The dashboard's row of a paper, by its exact code (REC.26.11.1 is not REC.26.11.12). */
const rowOf = (page: Page, code: string) =>
  page.getByTestId('invitation-row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });

const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

for (const language of LANGUAGES) {
  test(`a reviewer accepts from the mail, extends the deadline, drafts, submits the sheet and reads the result (${language})`, async ({
    page,
    platform,
    visit,
    seriousViolations,
  }) => {
    test.setTimeout(180_000);
    const text = textOf(language);
    const title = `Sleep quality of night-shift nurses and their patients' falls ${language} ${Date.now()}`;
    const { paper, deadline, links } = await invitedReviewer(platform, SLUG, REVIEWER, title);
    await page.clock.install();

    // The accept link of the real mail: the paper, its code and deadline, and the Accept button.
    await visit(links.accept, language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('invitation.accept_title'));
    await expect(page.getByTestId('invited-paper')).toContainText(title);
    await expect(page.getByTestId('invited-paper')).toContainText(paper.code);
    if (language === 'ar') await expectArabicPage(page, 'قبول الدعوة');
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `invitation-accept-${language}`);
    await page.getByTestId('invitation-accept').click();
    await expect(page.getByTestId('invitation-accepted')).toContainText(text('messages.invitationAccepted'));
    await shot(page, `invitation-accepted-${language}`);

    // Then a way to sign in, which leads the reviewer to their dashboard.
    await expect(page.getByTestId('invitation-login')).toHaveText(text('invitation.login'));
    await page.getByTestId('invitation-login').click();
    const login = page.getByRole('dialog');
    await login.getByLabel(text('accounts.email'), { exact: true }).fill(REVIEWER);
    await login.getByLabel(text('accounts.password'), { exact: true }).fill(DEMO_PASSWORD);
    await login.getByTestId('login-submit').click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/reviewing$`));

    // The link answered once is closed.
    await page.goto(links.accept);
    await expect(page.getByTestId('invitation-closed')).toHaveText(text('invitation.not_open'));

    await page.goto(`/${SLUG}/dashboard/reviewing`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('backoffice.screen_reviewerDashboard'));
    await expect(page.getByTestId('stat-newInvitations')).toHaveAttribute('aria-pressed', 'true');
    const inReview = page.getByTestId('stat-inPeerReview');
    await expect(inReview.getByTestId('stat-count')).not.toHaveText(formatNumber(0, language));
    await inReview.click();
    await expect(inReview).toHaveAttribute('aria-pressed', 'true');
    // Searching finds it by its code, and by its title alone.
    const search = page.getByLabel(text('reviewing.search_label'), { exact: true });
    await search.fill(paper.code);
    const row = rowOf(page, paper.code);
    await expect(row).toHaveCount(1);
    await search.fill(title.slice(-20));
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('invitation-row')).toHaveCount(1);
    // The title is cut at 25 characters, links to the paper and is named in full.
    await expect(row.getByRole('link', { name: title, exact: true })).toHaveAttribute(
      'href',
      `/${SLUG}/dashboard/papers/${paper.id}`,
    );
    await expect(row.getByRole('link', { name: title, exact: true })).toHaveText(
      `${Array.from(title).slice(0, 25).join('')}…`,
    );
    if (language === 'ar') await expectArabicPage(page, 'لوحة المحكّم');
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `dashboard-in-review-${language}`);

    // A later deadline: the earliest offered is the day after the current one.
    await row.getByTestId('action-extend').click();
    const extend = page.getByRole('dialog', { name: text('reviewing.extend_title') });
    await expect(extend.getByTestId('new-deadline')).toHaveAttribute('min', addDays(deadline, 1));
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `extend-deadline-${language}`);
    await extend.getByTestId('new-deadline').fill(addDays(deadline, 5));
    await extend.getByTestId('extend-send').click();
    const success = page.getByTestId('success-dialog');
    await expect(success).toContainText(text('messages.deadlineExtended'));
    await closesByItself(page, success);
    await expect(row.getByTestId('deadline-changed')).toHaveText(text('reviewing.deadline_changed'));

    // The sheet: an empty submit scrolls back up to the first question and focuses it.
    await row.getByTestId('action-start').click();
    const sheet = page.getByRole('dialog', { name: text('reviewing.sheet_title') });
    const design = sheet.getByRole('radiogroup', { name: QUESTIONS.design[language] });
    await expect(design).toBeVisible();
    await sheet.getByTestId('submit-review').click();
    await expect(design.getByRole('radio').first()).toBeFocused();
    await expect(design).toBeInViewport();
    await expect(design).toHaveAccessibleDescription(text('validation.answer_required'));
    await expect(sheet.getByTestId('comment-for-author')).toHaveAccessibleDescription(text('validation.required'));

    // Conditional questions: an experimental design asks its phase and blinding; a descriptive one its kind.
    await design.getByRole('radio', { name: text('reviewing.answer_6_3'), exact: true }).check();
    if (language === 'en') {
      await expect(sheet.getByRole('radiogroup', { name: QUESTIONS.experimental.en })).toBeVisible();
      await expect(sheet.getByRole('radiogroup', { name: QUESTIONS.blinding.en })).toBeVisible();
    }
    await expect(sheet.getByRole('radiogroup', { name: QUESTIONS.descriptive[language] })).toHaveCount(0);
    await design.getByRole('radio', { name: text('reviewing.answer_6_1'), exact: true }).check();
    await expect(sheet.getByRole('radiogroup', { name: QUESTIONS.descriptive[language] })).toBeVisible();
    if (language === 'en') await expect(sheet.getByRole('radiogroup', { name: QUESTIONS.blinding.en })).toHaveCount(0);
    // Every question shown gets its first option.
    const groups = sheet.getByRole('radiogroup');
    const count = await groups.count();
    for (let index = 0; index < count - 1; index++) {
      const group = groups.nth(index);
      if ((await group.getByRole('radio', { checked: true }).count()) === 0)
        await group.getByRole('radio').first().check();
    }
    await expect(design.getByRole('radio', { name: text('reviewing.answer_6_1'), exact: true })).toBeChecked();
    const comment = `The consent form is clear; the sample size needs a justification (${language}).`;
    await sheet.getByTestId('comment-for-author').fill(comment);
    await sheet.getByTestId('comment-for-editor').fill('Nothing confidential.');
    // A file the sheet does not take is refused in the browser with the translated message.
    const authorFile = sheet.locator('[data-field="attachForAuthor"] input[type=file]');
    await authorFile.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await expect(sheet.locator('[data-field="attachForAuthor"]')).toContainText(text('validation.file_type'));
    await expect(sheet.getByTestId('draft-state')).toContainText(text('reviewing.draft_saved', { time: '' }).trim(), {
      timeout: 10_000,
    });
    if (language === 'ar') await expectArabicPage(page, 'استمارة التحكيم');
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await design.scrollIntoViewIfNeeded();
    await shot(page, `sheet-${language}`);

    // The draft survives a reload: the sheet opens again where the reviewer left it.
    await page.reload();
    await page.getByTestId('stat-inPeerReview').click();
    await rowOf(page, paper.code).getByTestId('action-start').click();
    await expect(design.getByRole('radio', { name: text('reviewing.answer_6_1'), exact: true })).toBeChecked();
    await expect(sheet.getByRole('radiogroup', { name: QUESTIONS.descriptive[language] })).toBeVisible();
    await expect(sheet.getByTestId('comment-for-author')).toHaveValue(comment);

    await sheet
      .getByTestId('recommendation')
      .getByRole('radio', { name: text('reviewing.recommendation_6') })
      .check();
    // A file that only looks right passes the browser's check; the server reads its content and refuses it, and its
    // message shows beside the field, which takes the focus.
    await authorFile.setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('plain text'),
    });
    await sheet.getByTestId('submit-review').click();
    await page
      .getByRole('dialog', { name: text('reviewing.confirm_submit_title') })
      .getByTestId('confirm-submit-yes')
      .click();
    await expect(sheet.locator('[data-field="attachForAuthor"]')).toContainText(text('validation.file_type'));
    await expect(sheet.getByTestId('attachForAuthor')).toBeFocused();
    await expect(sheet).toBeVisible();

    await authorFile.setInputFiles({ name: 'review-notes.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(sheet.locator('[data-field="attachForAuthor"]')).not.toContainText(text('validation.file_type'));
    await sheet
      .getByTestId('recommendation')
      .getByRole('radio', { name: text('reviewing.recommendation_6') })
      .check();
    await sheet.getByTestId('submit-review').click();
    const confirm = page.getByRole('dialog', { name: text('reviewing.confirm_submit_title') });
    await expect(confirm).toContainText(text('reviewing.confirm_submit_text'));
    await shot(page, `sheet-confirm-${language}`);
    await confirm.getByTestId('confirm-submit-yes').click();
    await expect(success).toContainText(text('messages.reviewSubmitted'));
    await expect(sheet).toBeHidden();
    await closesByItself(page, success);

    // The reviewed list: no deadline column; the details show the review as submitted.
    await page.getByTestId('stat-reviewed').click();
    const reviewedRow = rowOf(page, paper.code);
    await expect(reviewedRow).toContainText(text('reviewing.review_status_3'));
    await expect(reviewedRow.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/${SLUG}/dashboard/papers/${paper.id}`,
    );
    await expect(page.getByRole('columnheader', { name: text('reviewing.col_deadline') })).toHaveCount(0);
    await reviewedRow.getByTestId('action-details').click();
    const result = page.getByRole('dialog', { name: text('reviewing.result_title') });
    await expect(result.getByTestId('review-recommendation')).toHaveText(text('reviewing.recommendation_6'));
    await expect(result.getByTestId('review-comment-author')).toHaveText(comment);
    await expect(result.getByTestId('review-comment-editor')).toHaveText('Nothing confidential.');
    await expect(result.getByTestId('review-answer').filter({ hasText: QUESTIONS.design[language] })).toContainText(
      text('reviewing.answer_6_1'),
    );
    await expect(result.getByTestId('review-answer').filter({ hasText: QUESTIONS.descriptive[language] })).toHaveCount(
      1,
    );
    const attachment = result.getByTestId('review-attachment');
    await expect(attachment).toContainText('review-notes.pdf');
    const download = await page.context().request.get((await attachment.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `result-${language}`);
  });

  test(`a second reviewer declines from the mail's reject link with a reason and sees the saved dialog (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const title = `Hand hygiene compliance in intensive care ${language} ${Date.now()}`;
    const { paper, links } = await invitedReviewer(platform, SLUG, REVIEWER2, title);
    await page.clock.install();

    await visit(links.refuse, language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('invitation.reject_title'));
    await expect(page.getByTestId('invited-paper')).toContainText(paper.code);
    if (language === 'ar') await expectArabicPage(page, 'الاعتذار عن دعوة التحكيم');
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    // The reason is required: the message shows and the field takes the focus.
    await page.getByTestId('refusal-send').click();
    const reason = page.getByLabel(text('invitation.reason'), { exact: true });
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAccessibleDescription(text('validation.required'));
    await shot(page, `reject-invalid-${language}`);

    await page.getByRole('radio', { name: text('invitation.category_outsideExpertise'), exact: true }).check();
    await reason.fill('The study is about intensive care nursing, outside my field.');
    await page.getByLabel(text('invitation.suggestion'), { exact: true }).fill('Dr. Laila Mostafa, laila@example.org');
    await page.getByTestId('refusal-send').click();
    const saved = page.getByRole('dialog', { name: text('invitation.saved_title') });
    await expect(saved).toContainText(text('messages.invitationRefused'));
    await shot(page, `reject-saved-${language}`);
    // The dialog closes by itself after 2.5 s, and the journal's home follows.
    await closesByItself(page, saved);
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/$`));

    // The same link again: answered, nothing more to send.
    await page.goto(links.refuse);
    await expect(page.getByTestId('invitation-closed')).toHaveText(text('invitation.not_open'));
    await expect(page.getByTestId('refusal-send')).toHaveCount(0);

    // A forged link shows the server's message.
    await page.goto(`/${SLUG}/reject?rId=1&pId=1&sig=forged-signature`);
    await expect(page.getByTestId('invitation-link-error')).toHaveText(text('errors.invitationLinkInvalid'));
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `invitation-invalid-${language}`);

    // The declined invitation is in the reviewer's reviewed list, with its reason in the details.
    await page.goto(`/${SLUG}/`);
    await login(REVIEWER2, { language });
    await page.goto(`/${SLUG}/dashboard/reviewing`);
    await page.getByTestId('stat-reviewed').click();
    const row = rowOf(page, paper.code);
    await expect(row).toContainText(text('reviewing.review_status_4'));
    // Its paper page is closed to the reviewer now: the title is plain text, not a link to "Page not found".
    await expect(row.getByTestId('declined-title')).toHaveText(`${title.slice(0, 25)}…`);
    await expect(row.getByRole('link')).toHaveCount(0);
    await row.getByTestId('action-details').click();
    const details = page.getByRole('dialog', { name: text('reviewing.result_title') });
    await expect(details).toContainText(text('reviewing.refusal_outsideExpertise'));
    await expect(details).toContainText('outside my field');
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `declined-details-${language}`);
  });
}

for (const language of LANGUAGES) {
  test(`a reviewer accepts and declines new invitations from the dashboard; the list goes back to new invitations (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const stamp = Date.now();
    const first = await invitedReviewer(platform, SLUG, REVIEWER2, `Dashboard accept ${language} ${stamp}`);
    const second = await invitedReviewer(platform, SLUG, REVIEWER2, `Dashboard decline ${language} ${stamp}`);
    await page.clock.install();
    await visit(`/${SLUG}/`, language);
    await login(REVIEWER2, { language });
    await page.goto(`/${SLUG}/dashboard/reviewing`);
    await expect(rowOf(page, first.paper.code)).toBeVisible();
    await expect(rowOf(page, second.paper.code)).toBeVisible();
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `dashboard-new-${language}`);

    await rowOf(page, first.paper.code).getByTestId('action-accept').click();
    const success = page.getByTestId('success-dialog');
    await expect(success).toContainText(text('messages.invitationAccepted'));
    await expect(rowOf(page, first.paper.code)).toHaveCount(0);
    await expect(page.getByTestId('stat-newInvitations')).toHaveAttribute('aria-pressed', 'true');
    await closesByItself(page, success);

    await rowOf(page, second.paper.code).getByTestId('action-decline').click();
    const decline = page.getByRole('dialog', { name: text('reviewing.decline_title') });
    await decline.getByTestId('refusal-send').click();
    await expect(decline.getByLabel(text('reviewing.refusal_reason_label'), { exact: true })).toBeFocused();
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `decline-dialog-${language}`);
    await decline.getByLabel(text('reviewing.refusal_reason_label'), { exact: true }).fill('No time this month.');
    await decline.getByTestId('refusal-send').click();
    await expect(success).toContainText(text('messages.invitationRefused'));
    await expect(rowOf(page, second.paper.code)).toHaveCount(0);

    // Accepting an invitation answered meanwhile (here through its mail link) shows the server's message.
    const third = await invitedReviewer(platform, SLUG, REVIEWER2, `Dashboard stale ${language} ${stamp}`);
    await page.reload();
    await expect(rowOf(page, third.paper.code)).toBeVisible();
    const response = await page.context().request.post(`/api/journals/${SLUG}/invitation-links/refuse`, {
      data: {
        ...Object.fromEntries(new URL(third.links.refuse, platform.baseURL).searchParams),
        category: 'noTime',
        reason: 'Away',
      },
      headers: { 'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '' },
    });
    expect(response.status()).toBe(200);
    await rowOf(page, third.paper.code).getByTestId('action-accept').click();
    const failure = page.getByTestId('error-dialog');
    await expect(failure).toContainText(text('errors.invitationAnswered'));
    await failure.getByRole('button', { name: text('common.ok'), exact: true }).click();
    await expect(rowOf(page, third.paper.code)).toHaveCount(0);
  });
}

for (const language of LANGUAGES) {
  test(`someone invited without an account chooses a password on the accept page, then signs in as a reviewer (${language})`, async ({
    page,
    platform,
    visit,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const email = `new-reviewer-${language}-${Date.now()}@example.org`;
    const password = 'Fresh-pass-42';
    const { paper, links } = await invitedReviewer(
      platform,
      SLUG,
      { fullName: 'Nadia Salem', email },
      `Pain relief after day surgery ${language} ${Date.now()}`,
    );

    await visit(links.accept, language);
    await expect(page.getByTestId('invited-paper')).toContainText(paper.code);
    await expect(page.getByText(text('invitation.accept_intro', { name: 'Nadia Salem' }))).toBeVisible();
    const newPassword = page.getByLabel(text('invitation.password'), { exact: true });
    const confirmation = page.getByLabel(text('invitation.password_confirmation'), { exact: true });
    await settled(page);
    expect(await seriousViolations()).toEqual([]);
    await shot(page, `invitation-password-${language}`);

    // The account rules of spec 01 §5: a password is required, and the two must match.
    await page.getByTestId('invitation-accept').click();
    await expect(newPassword).toBeFocused();
    await expect(newPassword).toHaveAccessibleDescription(text('validation.password_required'));
    await newPassword.fill(password);
    await confirmation.fill(`${password}x`);
    await page.getByTestId('invitation-accept').click();
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toHaveAccessibleDescription(text('validation.password_confirmation_match'));
    await confirmation.fill(password);
    await page.getByTestId('invitation-accept').click();
    await expect(page.getByTestId('invitation-accepted')).toContainText(text('messages.invitationAccepted'));

    // The chosen password opens the reviewer's dashboard, with the paper in review.
    await page.getByTestId('invitation-login').click();
    const login = page.getByRole('dialog');
    await login.getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await login.getByLabel(text('accounts.password'), { exact: true }).fill(password);
    await login.getByTestId('login-submit').click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/reviewing$`));
    await page.getByTestId('stat-inPeerReview').click();
    await expect(rowOf(page, paper.code)).toBeVisible();
  });
}
