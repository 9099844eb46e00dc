import { DEMO_PASSWORD, expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/** Bad input gets a clear, translated error beside its field, and the first field in error takes the focus. */
for (const language of LANGUAGES) {
  const text = textOf(language);

  test(`the register form explains each wrong field, and a used e-mail comes back from the server (${language})`, async ({
    page,
    visit,
    solveCaptcha,
  }) => {
    await visit('/general/register', language);
    if (language === 'ar') await expectArabicPage(page, 'إنشاء حساب جديد');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText(text('validation.fullName_required'))).toBeVisible();
    await expect(page.getByText(text('validation.email_required'))).toBeVisible();
    await expect(page.getByText(text('validation.jobTitle_required'))).toBeVisible();
    await expect(page.getByText(text('validation.specializations'))).toBeVisible();
    await expect(page.getByText(text('validation.recaptcha'))).toBeVisible();
    await expect(page.getByLabel(text('accounts.full_name'), { exact: true })).toBeFocused();

    // The field stops at the spec's limit of 75 characters rather than letting a longer name be typed.
    await page.getByLabel(text('accounts.full_name'), { exact: true }).pressSequentially('x'.repeat(80));
    await expect(page.getByLabel(text('accounts.full_name'), { exact: true })).toHaveValue('x'.repeat(75));
    await page.getByLabel(text('accounts.email'), { exact: true }).fill('not-an-email');
    await page.getByLabel(text('accounts.password'), { exact: true }).fill('short');
    await page.getByLabel(text('accounts.phone'), { exact: true }).fill('12ab');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText(text('validation.valid_email'))).toBeVisible();
    await expect(page.getByText(text('validation.password_min'))).toBeVisible();
    await expect(page.getByText(text('validation.valid_phone'))).toBeVisible();

    // A valid form with an e-mail that has an account: the server's answer lands under the e-mail field.
    await page.getByLabel(text('accounts.full_name'), { exact: true }).fill('Karim Nabil');
    await page.getByLabel(text('accounts.email'), { exact: true }).fill('researcher@general.test');
    await page.getByLabel(text('accounts.password'), { exact: true }).fill('Good-pass-1');
    await page.getByLabel(text('accounts.password_confirmation'), { exact: true }).fill('Good-pass-1');
    await page.getByLabel(text('accounts.phone'), { exact: true }).fill('+20 100 123 4567');
    await page.getByLabel(text('accounts.job_title'), { exact: true }).fill('Lecturer');
    await page.getByLabel(language === 'ar' ? 'الهندسة المدنية' : 'Civil Engineering').check();
    await solveCaptcha();
    await page.getByTestId('register-submit').click();
    await expect(page.getByText(text('validation.email_taken'))).toBeVisible();
    await expect(page.getByLabel(text('accounts.email'), { exact: true })).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: text('errors.validation') })).toBeVisible();
  });

  test(`the profile keeps e-mail and password locked until their toggle, and cancelling restores them (${language})`, async ({
    page,
    visit,
    login,
  }) => {
    await visit('/general/', language);
    await login('reviewer@general.test', { language });
    await page.goto('/general/dashboard/profile');

    const email = page.getByLabel(text('accounts.email'), { exact: true });
    await expect(email).toHaveValue('reviewer@general.test');
    if (language === 'ar') await expectArabicPage(page, 'تغيير كلمة المرور');
    await expect(email).not.toBeEditable();
    await page.getByRole('button', { name: text('accounts.edit_email') }).click();
    const newEmail = page.getByLabel(text('accounts.new_email'), { exact: true });
    await newEmail.fill('someone-else@example.org');
    await page.getByLabel(text('accounts.email_confirmation'), { exact: true }).fill('different@example.org');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText(text('validation.email_confirmation_match'))).toBeVisible();
    await expect(page.getByText(text('validation.currentPassword_required'))).toBeVisible();
    await page.getByRole('button', { name: text('accounts.cancel_email') }).click();
    await expect(page.getByText(text('validation.email_confirmation_match'))).toHaveCount(0);
    await expect(page.getByLabel(text('accounts.email'), { exact: true })).toHaveValue('reviewer@general.test');

    // A wrong current password is refused by the server, beside its field, and nothing changes.
    await page.getByRole('button', { name: text('accounts.edit_password') }).click();
    await page.getByLabel(text('accounts.new_password'), { exact: true }).fill('Another-pass-1');
    await page.getByLabel(text('accounts.new_password_confirmation'), { exact: true }).fill('Another-pass-1');
    await page.getByLabel(text('accounts.current_password'), { exact: true }).fill('not-my-password');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText(text('validation.currentPassword_wrong'))).toBeVisible();
    await page.getByRole('button', { name: text('accounts.cancel_password') }).click();
    await expect(page.getByText(text('validation.currentPassword_wrong'))).toHaveCount(0);

    // Signed out, the new password is refused and the old one still lets the reviewer in.
    await page.getByRole('button', { name: text('accounts.user_menu', { name: 'Sara Youssef' }) }).click();
    await page.getByRole('menuitem', { name: text('accounts.logout') }).click();
    await page.getByTestId('header-login').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text('accounts.email'), { exact: true }).fill('reviewer@general.test');
    await dialog.getByLabel(text('accounts.password'), { exact: true }).fill('Another-pass-1');
    await dialog.getByTestId('login-submit').click();
    await expect(dialog.getByRole('alert')).toContainText(text('errors.loginFailed'));
    await page.keyboard.press('Escape');
    await login('reviewer@general.test', { password: DEMO_PASSWORD, language });
    await expect(
      page.getByRole('button', { name: text('accounts.user_menu', { name: 'Sara Youssef' }) }),
    ).toBeVisible();
  });
}
