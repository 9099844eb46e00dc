import { expect, test } from './fixtures';
import { LANGUAGES, textOf } from './support/text';

/**
 * ORCID registration and sign-in against a local OAuth server standing in for ORCID (spec 03 §4): the register
 * page's ORCID button, the register form with the ticket, activation by mail, then ORCID sign-in to the dashboard.
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
