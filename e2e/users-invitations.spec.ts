import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, setLanguage, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * Issue 44 §3 (decision 0071): the journal manager adds the address of someone who already has an account in another
 * journal; it is listed as a pending invitation, the person opens the mailed link, signs in on the page and accepts;
 * then the manager finds them in the list, and their account's fields are locked on the edit form (their roles are
 * not). In English and in Arabic.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-users';
mkdirSync(SHOTS, { recursive: true });
const PASSWORD = 'Strong-pass-1';

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

for (const language of LANGUAGES) {
  test(`an existing account accepts a journal's invitation from its link; its account is locked on the edit form (${language})`, async ({
    page,
    browser,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const name = language === 'ar' ? `رنا الضيفة ${stamp}` : `Rana Guest ${stamp}`;
    const email = `invited.${language}.${stamp}@example.org`;

    // Someone of ethics, activated.
    await ApiClient.register(platform.baseURL, 'ethics', { fullName: name, email }, language);
    const activation = await platform.mailbox.waitFor(email);
    const person = await browser.newPage();
    await setLanguage(person, language);
    await person.goto(activation.link!.pathname + activation.link!.search);
    await expect(person.getByRole('status')).toBeVisible();

    // general's manager adds the address: the same answer as for a new one, and a pending invitation.
    const manager = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
    const registration = await manager.ok<{ specializations: { id: number }[] }>(
      manager.get(`/api/journals/${SLUG}/auth/register`),
    );
    const spec = registration.specializations[0]!.id;
    const since = platform.mailbox.messages.length;
    const added = await manager.ok<{ messageKey: string }>(
      manager.post(`/api/journals/${SLUG}/users`, {
        email,
        emailConfirmation: email,
        roles: ['reviewer'],
        reviewerSpecializations: [spec],
        fullName: 'Typed by the manager',
        nameOnPaper: 'Typed',
        jobTitle: 'Typed',
        workPlace: 'Typed',
        specializations: [spec],
      }),
    );
    expect(added.messageKey).toBe('users.invited');
    // A second address, which the manager then thinks better of.
    const withdrawn = `withdrawn.${language}.${stamp}@example.org`;
    await manager.ok(
      manager.post(`/api/journals/${SLUG}/users`, {
        email: withdrawn,
        emailConfirmation: withdrawn,
        roles: ['reviewer'],
        reviewerSpecializations: [spec],
        fullName: language === 'ar' ? 'مدعو سيُسحب' : 'To be withdrawn',
        nameOnPaper: 'Withdrawn',
        jobTitle: 'Typed',
        workPlace: 'Typed',
        specializations: [spec],
      }),
    );
    await manager.dispose();

    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });
    await page.goto(`/${SLUG}/dashboard/users`);
    const invitation = page.getByTestId('invitation-row').filter({ hasText: email });
    await expect(invitation.getByTestId('invitation-status')).toHaveText(text('users.status_waiting'));
    await expect(invitation).toContainText(text('users.role_reviewer'));
    await expect(page.getByTestId('pending-invitations')).toContainText(text('users.invitations_title'));
    await invitation.scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/pending-invitations-${language}.png`, fullPage: true });

    // The manager withdraws the second one, behind a confirmation: it leaves the list, the first stays.
    const second = page.getByTestId('invitation-row').filter({ hasText: withdrawn });
    await second.getByTestId('withdraw-invitation').click();
    await expect(page.getByRole('dialog')).toContainText(text('users.invitation_withdraw_title', { email: withdrawn }));
    await page.getByTestId('confirm-withdraw-invitation').click();
    await expect(page.getByText(text('users.invitation_withdrawn'))).toBeVisible();
    await expect(second).toHaveCount(0);
    await expect(invitation).toHaveCount(1);

    // The mailed link: signed out, the page asks to sign in first; signed in, it names the journal and the role.
    const mail = await platform.mailbox.waitFor(email, { since });
    expect(mail.link!.pathname).toBe(`/${SLUG}/join`);
    await person.goto(mail.link!.pathname + mail.link!.search);
    await expect(person.getByText(text('users.join_sign_in'))).toBeVisible();
    await person.getByTestId('join-login').click();
    const dialog = person.getByRole('dialog');
    await dialog.getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await dialog.getByLabel(text('accounts.password'), { exact: true }).fill(PASSWORD);
    await dialog.getByTestId('login-submit').click();
    await expect(dialog).toBeHidden();
    await expect(person.getByRole('heading', { level: 1 })).toContainText(
      text('users.join_title', { journal: '' }).trim().split(' ')[0]!,
    );
    await expect(person.getByTestId('join-roles')).toHaveText(text('users.role_reviewer'));
    if (language === 'ar') await expectArabicPage(person, text('users.join_accept'));
    await settled(person);
    await person.screenshot({ path: `${SHOTS}/join-${language}.png`, fullPage: true });
    await person.getByTestId('join-accept').click();
    await expect(person.getByTestId('join-answered')).toContainText(
      text('users.join_accepted', { journal: '' }).slice(0, 8),
    );
    await person.close();

    // The manager now finds them in the list; their account's fields are locked, their roles are not.
    await page.reload();
    await page.getByTestId('users-search').fill(stamp);
    await page.getByTestId('users-search').press('Enter');
    const rows = page.getByTestId('user-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('user-role')).toHaveText([text('users.role_reviewer')]);
    await expect(invitation).toHaveCount(0);
    await rows.first().getByTestId('edit-user').click();
    await expect(page.getByRole('heading', { level: 1, name: text('users.edit_title', { name }) })).toBeVisible();
    for (const field of ['accounts.full_name', 'accounts.job_title', 'accounts.work_place'] as const) {
      await expect(page.getByLabel(text(field), { exact: true })).toHaveAttribute('readonly', '');
    }
    await expect(page.getByTestId('account-locked-note')).toHaveText(text('users.account_elsewhere'));
    await expect(page.getByRole('button', { name: text('accounts.edit_email') })).toHaveCount(0);
    await expect(page.getByTestId('role-researcher')).toBeEnabled();
    expect(await seriousViolations()).toEqual([]);
    if (language === 'ar') await expectArabicPage(page, text('users.account_elsewhere'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/edit-locked-${language}.png`, fullPage: true });

    // The journal's part saves with the account locked, its work place never given (the form leaves the account
    // out, decision 0071): a role and this journal's specialization.
    await expect(page.getByLabel(text('accounts.work_place'), { exact: true })).toHaveValue('');
    await page.getByTestId('role-researcher').check();
    await page.getByRole('combobox', { name: text('accounts.specializations'), exact: true }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('edit-user-save').click();
    await expect(page.getByText(text('users.saved'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/users$`));
    await page.getByTestId('users-search').fill(stamp);
    await page.getByTestId('users-search').press('Enter');
    await expect(rows.first().getByTestId('user-role')).toHaveText([
      text('users.role_researcher'),
      text('users.role_reviewer'),
    ]);
  });
}
