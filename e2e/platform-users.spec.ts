import { mkdirSync } from 'node:fs';
import { expect, loginThroughDialog, setLanguage, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';
import { ApiClient } from './support/api';

/**
 * The people of every journal (issue 22 §4, decision 0052): the platform administrator finds a person by e-mail with
 * their journals and roles, suspends the account on the whole platform after a confirmation that says what follows;
 * the person, signed in, is signed out and cannot sign in again; lifting the suspension lets them in; erasing them
 * (their e-mail typed again) leaves nothing of that e-mail to find.
 */

const SHOTS = '/tmp/shots-platform';
mkdirSync(SHOTS, { recursive: true });

for (const language of LANGUAGES) {
  test(`the platform administrator suspends an account on every journal, lifts it, then erases the person (${language})`, async ({
    page,
    browser,
    platform,
    openScreen,
    seriousViolations,
  }) => {
    test.setTimeout(90_000);
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const name = language === 'ar' ? `سلمى راشد ${stamp}` : `Salma Rashed ${stamp}`;
    const email = `salma.${language}.${stamp}@example.org`;
    const password = 'Strong-pass-1';

    // A newcomer of general, activated from the mail and signed in in a browser of their own.
    await ApiClient.register(platform.baseURL, 'general', { fullName: name, email }, language);
    const activation = await platform.mailbox.waitFor(email);
    const context = await browser.newContext({ baseURL: platform.baseURL, reducedMotion: 'reduce' });
    const theirs = await context.newPage();
    await setLanguage(theirs, language);
    await theirs.goto(activation.link!.pathname + activation.link!.search);
    await expect(theirs.getByText(text('messages.activated'))).toBeVisible();
    await loginThroughDialog(theirs, email, { password, language });
    await expect(theirs).toHaveURL(/\/general\/dashboard\/?$/);

    // The administrator finds them, with their journal and role.
    await openScreen({ slug: 'general', email: 'admin@platform.test', screen: 'platformUsers', language });
    await expect(page).toHaveURL(/\/general\/dashboard\/platform\/users$/);
    if (language === 'ar') await expectArabicPage(page, text('platform.people_intro'));
    const search = page.getByRole('textbox', { name: text('platform.search') });
    await search.fill(email);
    await search.press('Enter');
    const row = page.locator(`[data-testid="person-row"][data-email="${email}"]`);
    await expect(row).toContainText(name);
    await expect(row.getByTestId('person-journal')).toHaveText(`/general/ ${text('users.role_researcher')}`);
    await expect(row.getByTestId('person-state')).toHaveText(text('platform.active_account'));
    await expect(page.getByTestId('people-total')).toHaveText(text('platform.people_found', { count: 1 }));
    expect(await seriousViolations()).toEqual([]);

    // Suspended after a confirmation naming their journals.
    await row.getByTestId('person-suspend').click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('/general/');
    await page.screenshot({ path: `${SHOTS}/suspend-${language}.png`, fullPage: true });
    await confirm.getByTestId('confirm-suspend').click();
    await expect(page.getByText(text('platform.suspended_done', { count: 0 }))).toBeVisible();
    await expect(row.getByTestId('person-state')).toHaveText(text('platform.suspended'));
    await page.getByRole('checkbox', { name: text('platform.only_banned') }).check();
    await expect(row).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/people-${language}.png`, fullPage: true });

    // Their open page is signed out at its next request; signing in again is refused with the reason.
    await theirs.reload();
    await expect(theirs.getByTestId('header-login')).toBeVisible();
    await theirs.goto('/general/');
    await theirs.getByTestId('header-login').click();
    const dialog = theirs.getByRole('dialog');
    await dialog.getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await dialog.getByLabel(text('accounts.password'), { exact: true }).fill(password);
    await dialog.getByTestId('login-submit').click();
    await expect(dialog.getByText(text('errors.accountBanned'))).toBeVisible();

    // Lifted: they sign in again.
    await row.getByTestId('person-suspend').click();
    await page.getByRole('dialog').getByTestId('confirm-suspend').click();
    await expect(page.getByText(text('platform.lifted_done'))).toBeVisible();
    // The refused attempt emptied the password field, as it does after any refusal.
    await dialog.getByLabel(text('accounts.password'), { exact: true }).fill(password);
    await dialog.getByTestId('login-submit').click();
    await expect(dialog).toBeHidden();
    await expect(theirs).toHaveURL(/\/general\/dashboard\/?$/);

    // Erased, once their e-mail is typed again: nobody of that e-mail is left, and their page is signed out.
    await page.getByRole('checkbox', { name: text('platform.only_banned') }).uncheck();
    await row.getByTestId('person-erase').click();
    const erase = page.getByTestId('erase-form');
    await expect(erase).toContainText(text('platform.erase_body'));
    const typed = erase.getByLabel(text('platform.erase_email'));
    await typed.fill('someone.else@example.org');
    await erase.getByTestId('confirm-erase').click();
    await expect(erase.getByText(text('platform.erase_email_mismatch'))).toBeVisible();
    expect(await seriousViolations()).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/erase-${language}.png`, fullPage: true });
    await typed.fill(email);
    await erase.getByTestId('confirm-erase').click();
    await expect(page.getByText(text('platform.erased_done'))).toBeVisible();
    await expect(page.getByTestId('people-empty')).toHaveText(text('platform.none_found'));
    await theirs.reload();
    await expect(theirs.getByTestId('header-login')).toBeVisible();
    await context.close();
  });
}
