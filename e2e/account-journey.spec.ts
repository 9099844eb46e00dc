import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * A newcomer's whole account life, in each language: from the landing page into a journal, register with the
 * captcha, activate from the real mail, log in, edit the profile, log out, forget the password and reset it.
 */
for (const language of LANGUAGES) {
  test(`a newcomer registers, activates, logs in, edits the profile, logs out and resets the password (${language})`, async ({
    page,
    platform,
    visit,
    login,
    solveCaptcha,
  }) => {
    // Ten pages and two mails: about 47 s on a quiet machine, over a minute twice beside the other worker in CI.
    test.setTimeout(120_000);
    const text = textOf(language);
    const email = `newcomer-${language}@example.org`;
    const journalTitle = language === 'ar' ? 'مجلة العلوم التطبيقية' : 'Journal of Applied Sciences';

    await visit('/', language);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.getByRole('link', { name: journalTitle }).first().click();
    await expect(page).toHaveURL(/\/general\/?$/);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

    // Register.
    await page.getByTestId('header-register').click();
    await expect(page.getByRole('heading', { name: text('accounts.register_title') })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'إنشاء حساب جديد');
    await page
      .getByLabel(text('accounts.full_name'), { exact: true })
      .fill(language === 'ar' ? 'ليلى محمود' : 'Layla Mahmoud');
    await page.getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await page.getByLabel(text('accounts.password'), { exact: true }).fill('First-pass-1');
    await page.getByLabel(text('accounts.password_confirmation'), { exact: true }).fill('First-pass-1');
    await page.getByLabel(text('accounts.job_title'), { exact: true }).fill(language === 'ar' ? 'مدرس' : 'Lecturer');
    await page.getByLabel(language === 'ar' ? 'علوم الحاسب' : 'Computer Science').check();
    await solveCaptcha();
    await page.getByTestId('register-submit').click();
    await expect(page.getByRole('status').filter({ hasText: text('messages.registered') })).toBeVisible();

    // Activate from the mail the SMTP server received.
    const activation = await platform.mailbox.waitFor(email);
    expect(activation.link?.pathname).toBe('/general/activate');
    await page.goto(activation.link!.pathname + activation.link!.search);
    await expect(page.getByText(text('messages.activated'))).toBeVisible();

    // Log in: a researcher lands on the author dashboard.
    await login(email, { password: 'First-pass-1', language });
    await expect(page).toHaveURL(/\/general\/dashboard\/?$/);

    // Edit the profile and find the change after a reload.
    await page.goto('/general/dashboard/profile');
    const nameOnPaper = page.getByLabel(text('accounts.name_on_paper'), { exact: true });
    await nameOnPaper.fill('L. Mahmoud');
    await page.getByLabel(text('accounts.work_place'), { exact: true }).fill('Nile University');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText(text('messages.profileSaved'))).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(text('accounts.name_on_paper'), { exact: true })).toHaveValue('L. Mahmoud');

    // Log out: back on the journal home, logged out.
    await page
      .getByRole('button', {
        name: text('accounts.user_menu', { name: language === 'ar' ? 'ليلى محمود' : 'Layla Mahmoud' }),
      })
      .click();
    await page.getByRole('menuitem', { name: text('accounts.logout') }).click();
    await expect(page.getByTestId('header-login')).toBeVisible();

    // Forgot the password: the reset link comes by mail.
    const sentBefore = platform.mailbox.messages.length;
    await page.getByTestId('header-login').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: text('accounts.forgot_link') }).click();
    await dialog.getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await solveCaptcha();
    await dialog.getByTestId('forgot-submit').click();
    await expect(dialog.getByText(text('messages.resetSent'))).toBeVisible();
    const reset = await platform.mailbox.waitFor(email, { since: sentBefore });
    expect(reset.link?.pathname).toBe('/general/recover');

    await page.goto(reset.link!.pathname + reset.link!.search);
    await page.getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await page.getByLabel(text('accounts.new_password'), { exact: true }).fill('Second-pass-2');
    await page.getByLabel(text('accounts.new_password_confirmation'), { exact: true }).fill('Second-pass-2');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText(text('messages.passwordReset'))).toBeVisible();

    // The old password no longer works; the new one does.
    await page.goto('/general/');
    await page.getByTestId('header-login').click();
    await page.getByRole('dialog').getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await page.getByRole('dialog').getByLabel(text('accounts.password'), { exact: true }).fill('First-pass-1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText(text('errors.loginFailed'));
    await page.keyboard.press('Escape');
    await login(email, { password: 'Second-pass-2', language });
    await expect(page).toHaveURL(/\/general\/dashboard\/?$/);
  });
}
