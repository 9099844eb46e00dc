import { mkdirSync } from 'node:fs';
import { expect, loginThroughDialog, solveCaptchaOn, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';
import { acceptAndSubmit, fillPerson, fillStudyStep, uploadEveryFile } from './support/wizard';

/**
 * The platform administrator's journals (issue 22 §4): the list with its counts; a new journal made from the screen
 * (a reserved address refused first) whose home page, registration and submission then work, in the journal's default language,
 * and whose first manager is mailed an invitation; then switched off, its site says so.
 */

const SHOTS = '/tmp/shots-platform';
mkdirSync(SHOTS, { recursive: true });

for (const language of LANGUAGES) {
  test(`the platform administrator makes a journal that works at once (${language})`, async ({
    page,
    platform,
    openScreen,
  }) => {
    test.setTimeout(150_000);
    const text = textOf(language);
    const slug = `coast-${Date.now().toString(36)}-${language}`;
    const titles = { en: 'Journal of Coastal Studies', ar: 'مجلة الدراسات الساحلية' };
    const managerEmail = `manager-${slug}@example.org`;

    await openScreen({ slug: 'general', email: 'admin@platform.test', screen: 'platformJournals', language });
    await expect(page).toHaveURL(/\/general\/dashboard\/platform\/journals$/);
    if (language === 'ar') await expectArabicPage(page, text('platform.journals_intro'));
    const general = page.locator('[data-testid="journal-row"][data-slug="general"]');
    await expect(general).toContainText(language === 'ar' ? 'مجلة العلوم التطبيقية' : 'Journal of Applied Sciences');
    await expect(general.getByTestId('journal-papers')).not.toHaveText(/^[0٠]$/);
    await page.screenshot({ path: `${SHOTS}/list-${language}.png`, fullPage: true });

    await page.getByTestId('create-journal').click();
    const form = page.getByTestId('journal-form');
    await form.getByLabel(text('platform.slug'), { exact: true }).fill('api');
    await form.getByLabel(text('platform.title_en'), { exact: true }).fill(titles.en);
    await form.getByLabel(text('platform.title_ar'), { exact: true }).fill(titles.ar);
    await form.getByText(text(`platform.language_${language}`), { exact: true }).click();
    await form.getByLabel(text('platform.code_prefix'), { exact: true }).fill('JCS');
    await form.getByLabel(text('platform.manager_email'), { exact: true }).fill(managerEmail);
    await form.getByLabel(text('platform.manager_name'), { exact: true }).fill('Rania Fawzi');
    await form.getByTestId('save-journal').click();
    await expect(form.getByText(text('platform.slug_reserved'))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/form-${language}.png`, fullPage: true });
    await form.getByLabel(text('platform.slug'), { exact: true }).fill(slug);
    const since = platform.mailbox.messages.length;
    await form.getByTestId('save-journal').click();
    await expect(page.getByText(`/${slug}/`).first()).toBeVisible();
    const row = page.locator(`[data-testid="journal-row"][data-slug="${slug}"]`);
    await expect(row).toContainText(titles[language]);
    await expect(row.getByTestId('journal-people')).toHaveText(language === 'ar' ? '١' : '1');

    // The first manager is invited, in the journal's language.
    const invitation = await platform.mailbox.waitFor(managerEmail, { since });
    expect(invitation.link?.pathname).toBe(`/${slug}/recover`);
    expect(invitation.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);

    // Its site works at once: the home page, registration with the specialization it starts with, and a paper
    // submitted through the wizard, coded with the journal's own prefix.
    const context = await page.context().browser()!.newContext({ baseURL: platform.baseURL });
    const visitor = await context.newPage();
    await visitor.goto(`/${slug}/`);
    await expect(visitor.locator('html')).toHaveAttribute('lang', language);
    await expect(visitor.getByRole('link', { name: titles[language] }).first()).toBeVisible();
    await visitor.getByTestId('header-register').click();
    const generalName = language === 'ar' ? 'عام' : 'General';
    const researcher = `author-${slug}@example.org`;
    await visitor
      .getByLabel(text('accounts.full_name'), { exact: true })
      .fill(language === 'ar' ? 'سلمى عادل' : 'Salma Adel');
    await visitor.getByLabel(text('accounts.email'), { exact: true }).fill(researcher);
    await visitor.getByLabel(text('accounts.password'), { exact: true }).fill('Coast-pass-1');
    await visitor.getByLabel(text('accounts.password_confirmation'), { exact: true }).fill('Coast-pass-1');
    await visitor
      .getByLabel(text('accounts.job_title'), { exact: true })
      .fill(language === 'ar' ? 'باحثة' : 'Researcher');
    await visitor.getByLabel(generalName).check();
    await visitor.screenshot({ path: `${SHOTS}/new-journal-register-${language}.png`, fullPage: true });
    await solveCaptchaOn(visitor);
    await visitor.getByTestId('register-submit').click();
    await expect(visitor.getByRole('status').filter({ hasText: text('messages.registered') })).toBeVisible();
    const activation = await platform.mailbox.waitFor(researcher);
    expect(activation.link?.pathname).toBe(`/${slug}/activate`);
    await visitor.goto(activation.link!.pathname + activation.link!.search);
    await expect(visitor.getByText(text('messages.activated'))).toBeVisible();
    await loginThroughDialog(visitor, researcher, { password: 'Coast-pass-1', language });
    await expect(visitor).toHaveURL(new RegExp(`/${slug}/dashboard/?$`));
    await visitor.getByTestId('add-paper').click();
    const paperTitle = `${language === 'ar' ? 'تآكل الشواطئ وقرى الصيادين' : 'Shoreline erosion and fishing villages'} ${slug}`;
    await visitor.getByLabel(text('submissions.title_of_the_work'), { exact: true }).fill(paperTitle);
    await fillStudyStep(visitor, text, { specialization: generalName, ethics: false });
    await visitor.getByTestId('wizard-next').click();
    await expect(visitor.getByTestId('wizard-step-2')).toBeVisible();
    // The new account has neither phone nor work place: the main author is completed here.
    await visitor.getByTestId('author-row').first().getByRole('button').first().click();
    await fillPerson(visitor.getByRole('dialog'), text, { phone: '+20 100 000 0002', work: 'Alexandria University' });
    await visitor.getByTestId('wizard-next').click();
    await expect(visitor.getByTestId('wizard-step-3')).toBeVisible();
    await uploadEveryFile(visitor);
    await visitor.getByTestId('wizard-next').click();
    await acceptAndSubmit(visitor, text);
    const paperRow = visitor.getByTestId('paper-row').filter({ has: visitor.getByRole('link', { name: paperTitle }) });
    await expect(paperRow).toContainText(text('papers.status_1'));
    await expect(paperRow).toContainText(/JCS\.\d{2}\.\d{2}\.1/);
    await paperRow.getByRole('link', { name: paperTitle }).click();
    await expect(visitor.getByTestId('paper-code')).toHaveText(/^JCS\./);
    await visitor.screenshot({ path: `${SHOTS}/new-journal-paper-${language}.png`, fullPage: true });

    // The platform's outbox across journals shows the manager's mail with its journal: the invitation, and the new
    // paper the editors are told of.
    await page.goto('/general/dashboard/platform/outbox');
    await expect(page.getByRole('heading', { name: text('backoffice.screen_platformOutbox') })).toBeVisible();
    await page.getByTestId('outbox-search').fill(managerEmail);
    await page.getByTestId('outbox-search').press('Enter');
    const mailRows = page.getByTestId('outbox-row');
    await expect(mailRows).toHaveCount(2);
    for (const kind of ['accountInvitation', 'newProposal']) {
      const mailRow = mailRows.filter({ hasText: text(`outbox.kind_${kind}`) });
      await expect(mailRow.getByTestId('outbox-journal')).toHaveText(`/${slug}/`);
    }
    await page.screenshot({ path: `${SHOTS}/outbox-${language}.png`, fullPage: true });
    await page.goto('/general/dashboard/platform/journals');

    // Switched off: its site says so (a new visit, past the browser's copy of the journal).
    await row.getByRole('switch').click();
    await expect(page.getByRole('dialog')).toContainText(text('platform.switch_off_body'));
    await page.getByTestId('confirm-state').click();
    await expect(row.getByRole('switch')).not.toBeChecked();
    const closed = await context.newPage();
    await closed.goto(`/${slug}/`);
    await expect(closed.getByTestId('journal-off')).toContainText(text('public.journal_off_body'));
    await closed.screenshot({ path: `${SHOTS}/switched-off-${language}.png`, fullPage: true });
    await context.close();
  });
}
