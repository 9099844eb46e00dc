import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/** Login failures, role menus, and the global 401 / 403 / 404 handling of spec 03 §8, in each language. */
for (const language of LANGUAGES) {
  const text = textOf(language);

  test(`a failed login shows the server message and keeps the dialog open (${language})`, async ({ page, visit }) => {
    await visit('/general/', language);
    await page.getByTestId('header-login').click();
    const dialog = page.getByRole('dialog');
    if (language === 'ar') await expectArabicPage(page, 'نسيت كلمة المرور؟');
    await dialog.getByTestId('login-submit').click();
    await expect(dialog.getByText(text('validation.email_required'))).toBeVisible();
    await dialog.getByLabel(text('accounts.email'), { exact: true }).fill('researcher@general.test');
    await dialog.getByLabel(text('accounts.password'), { exact: true }).fill('wrong-password');
    await dialog.getByTestId('login-submit').click();
    await expect(dialog.getByRole('alert')).toContainText(text('errors.loginFailed'));
    await expect(dialog).toBeVisible();
  });

  test(`each role sees its own drawer entries and is kept out of others' screens (${language})`, async ({
    page,
    visit,
    login,
  }) => {
    await visit('/general/', language);
    await login('editor@general.test', { language });
    await expect(page).toHaveURL(/\/general\/dashboard\/EditorDashboard$/);
    if (language === 'ar') await expectArabicPage(page, 'لوحة رئيس التحرير');
    const drawer = page.getByRole('navigation', { name: text('backoffice.drawer_label') });
    for (const screen of ['editorDashboard', 'paperLogs', 'journalData', 'users', 'payment']) {
      await expect(drawer.getByRole('link', { name: text(`backoffice.screen_${screen}`) })).toBeVisible();
    }
    await expect(drawer.getByRole('link', { name: text('backoffice.screen_reviewerDashboard') })).toHaveCount(0);
    // An editor may open the author dashboard, but only researchers create papers.
    await page.goto('/general/dashboard');
    await expect(page.getByRole('heading', { name: text('backoffice.screen_authorDashboard') })).toBeVisible();
    await expect(page.getByTestId('stat-all')).toBeVisible();
    await expect(page.getByTestId('add-paper')).toHaveCount(0);

    await page.getByRole('button', { name: text('accounts.user_menu', { name: 'Amal Hassan' }) }).click();
    await page.getByRole('menuitem', { name: text('accounts.logout') }).click();
    await expect(page.getByTestId('header-login')).toBeVisible();

    await login('researcher@general.test', { language });
    await expect(page).toHaveURL(/\/general\/dashboard\/?$/);
    await expect(page.getByTestId('add-paper')).toBeVisible();
    await expect(drawer.getByRole('link', { name: text('backoffice.screen_drafts') })).toBeVisible();
    await expect(drawer.getByRole('link', { name: text('backoffice.screen_editorDashboard') })).toHaveCount(0);
    await page.goto('/general/dashboard/EditorDashboard');
    await expect(page).toHaveURL(/\/general\/dashboard\/unauthorized$/);
    await expect(page.getByText(text('errors.forbidden'))).toBeVisible();
    await page.goto('/general/dashboard/no-such-screen');
    await expect(page.getByText(text('backoffice.notFound_text'))).toBeVisible();
  });

  test(`an expired session shows the session-expired dialog, then the journal home (${language})`, async ({
    page,
    context,
    visit,
    login,
  }) => {
    await visit('/general/', language);
    await login('researcher@general.test', { language });
    await page.goto('/general/dashboard/profile');
    await expect(page.getByTestId('profile-save')).toBeVisible();
    await context.clearCookies({ name: 'sid' });
    await page.getByTestId('profile-save').click();
    await expect(page.getByRole('dialog')).toContainText(text('errors.unauthenticated'));
    if (language === 'ar') await expectArabicPage(page, 'عذرًا، انتهت صلاحية جلستك، من فضلك سجّل الدخول مرة أخرى.');
    await page.getByRole('dialog').getByRole('button').last().click();
    await expect(page).toHaveURL(/\/general\/?$/);
    await expect(page.getByTestId('header-login')).toBeVisible();
  });
}

test('the back office needs a login', async ({ page }) => {
  await page.goto('/general/dashboard/profile');
  await expect(page).toHaveURL(/\/general\/?$/);
});
