import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * ORCID registration, sign-in and linking against a local OAuth server standing in for ORCID (spec 03 §4,
 * docs/decisions/0012-orcid-linking.md): the register page's ORCID button, the register form with the ticket,
 * activation by mail, ORCID sign-in to the dashboard; connecting and disconnecting ORCID on the profile.
 */
for (const language of LANGUAGES) {
  test(`a researcher registers with ORCID, activates and signs in with ORCID (${language})`, async ({
    page,
    platform,
    visit,
    solveCaptcha,
  }) => {
    const text = textOf(language);
    const orcid = language === 'ar' ? '0000-0001-5109-3700' : '0000-0002-1825-0097';
    const email = `orcid-${language}@example.org`;
    platform.orcidIdentity = { orcid, name: 'Josiah Carberry' };

    await visit('/general/register', language);
    if (language === 'ar') await expectArabicPage(page, 'المتابعة عبر ORCID');
    await page.getByRole('link', { name: text('accounts.orcid_register') }).click();
    await expect(page).toHaveURL(/\/general\/auth\/orcid\/register\?/);
    // ORCID shares no e-mail with the /authenticate scope: the page asks for one.
    await expect(page.getByText(text('orcid.emailIsRequired'))).toBeVisible();
    await expect(page.getByLabel(text('accounts.full_name'), { exact: true })).toHaveValue('Josiah Carberry');

    await page.getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await page.getByLabel(text('accounts.password'), { exact: true }).fill('Orcid-pass-1');
    await page.getByLabel(text('accounts.password_confirmation'), { exact: true }).fill('Orcid-pass-1');
    await page.getByLabel(language === 'ar' ? 'الصحة العامة' : 'Public Health').check();
    await solveCaptcha();
    await page.getByTestId('orcid-register-submit').click();
    await expect(page.getByText(text('orcid.registered'))).toBeVisible();

    // Before activation ORCID sign-in is refused with its reason.
    await page.goto('/general/');
    await page.getByTestId('header-login').click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: text('accounts.orcid_login') })
      .click();
    await expect(page).toHaveURL(/\/general\/auth\/orcid\/login\?status=invalid/);
    await expect(page.getByText(text('orcid.deactivated'))).toBeVisible();

    const activation = await platform.mailbox.waitFor(email);
    await page.goto(activation.link!.pathname + activation.link!.search);
    await expect(page.getByText(text('messages.activated'))).toBeVisible();

    await page.goto('/general/');
    await page.getByTestId('header-login').click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: text('accounts.orcid_login') })
      .click();
    await expect(page.getByText(text('orcid.successLogin'))).toBeVisible();
    // After a second the researcher is on the author dashboard.
    await expect(page).toHaveURL(/\/general\/dashboard\/?$/, { timeout: 10_000 });
    await expect(
      page
        .getByTestId('header-greeting')
        .or(page.getByRole('button', { name: text('accounts.user_menu', { name: 'Josiah Carberry' }) })),
    ).toBeVisible();
  });
}

for (const language of LANGUAGES) {
  test(`a signed-in user connects ORCID from the profile, sees the linked iD, then disconnects it (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    const text = textOf(language);
    const orcid = language === 'ar' ? '0000-0002-9079-593X' : '0000-0003-1415-9265';
    platform.orcidIdentity = { orcid, name: 'Linked Researcher' };

    // A guest who follows the connect link is asked to log in first.
    await visit('/api/journals/general/profile/orcid/connect', language);
    await expect(page.getByRole('dialog', { name: text('accounts.login_title') })).toBeVisible();
    await page.keyboard.press('Escape');
    await login(language === 'ar' ? 'reviewer@general.test' : 'researcher@general.test', { language });

    await page.goto('/general/dashboard/profile');
    const section = page.getByRole('group', { name: text('accounts.orcid') });
    await expect(section.getByText(text('accounts.orcid_none'))).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'ربط معرّف ORCID');
    // The iD is never typed: there is no ORCID field to fill.
    await expect(page.getByRole('textbox', { name: text('accounts.orcid') })).toHaveCount(0);
    await section.getByRole('link', { name: text('accounts.orcid_connect') }).click();

    await expect(page).toHaveURL(/\/general\/dashboard\/profile\?orcid=connected$/);
    await expect(page.getByRole('status').filter({ hasText: text('orcid.connected') })).toBeVisible();
    const linked = section.getByRole('link', { name: `https://orcid.org/${orcid}` });
    await expect(linked).toHaveAttribute('href', `https://orcid.org/${orcid}`);
    // The profile section as the user sees it, clear of the fixed footer (kept in test-results for review).
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `test-results/orcid-profile-${language}.png` });

    await section.getByRole('button', { name: text('accounts.orcid_disconnect') }).click();
    await expect(page.getByText(text('orcid.disconnected'))).toBeVisible();
    await expect(section.getByRole('link', { name: text('accounts.orcid_connect') })).toBeVisible();
    await expect(linked).toHaveCount(0);
    await expect(page.getByText(text('orcid.connected'))).toHaveCount(0);
    await page.screenshot({ path: `test-results/orcid-profile-${language}-disconnected.png` });
  });
}
