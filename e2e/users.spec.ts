import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays, isoDay } from '@journals/core/reviewing';
import { DEMO_PASSWORD, expect, setLanguage, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { submittedPaper } from './support/papers';
import { LANGUAGES, textOf } from './support/text';

/**
 * The journal's users (issue 22 §1, spec 03 "User list"): the journal manager opens the list from the drawer, filters
 * by role, searches by name with Enter and clears it, activates an account that never confirmed its e-mail, bans it
 * from the journal (whose sign-in is then refused) and lifts the ban, in English and in Arabic.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-users';
mkdirSync(SHOTS, { recursive: true });

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** Searches the list (Enter runs it). */
async function searchUsers(page: Page, words: string) {
  await page.getByTestId('users-search').fill(words);
  await page.getByTestId('users-search').press('Enter');
}

/** From the list, the one person a search finds, opened in the edit page; answers the list's rows. */
async function openPerson(page: Page, words: string) {
  await page.goto(`/${SLUG}/dashboard/users`);
  await searchUsers(page, words);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(1);
  await rows.first().getByTestId('edit-user').click();
  return rows;
}

for (const language of LANGUAGES) {
  test(`a journal manager filters, searches, activates, bans and unbans the journal's users (${language})`, async ({
    page,
    browser,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const name = language === 'ar' ? `ليلى منصور ${stamp}` : `Laila Mansour ${stamp}`;
    await ApiClient.register(platform.baseURL, SLUG, {
      fullName: name,
      email: `laila.${language}.${stamp}@example.org`,
    });

    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });
    const drawer = page.getByRole('navigation', { name: text('backoffice.drawer_label') });
    await drawer.getByRole('link', { name: text('backoffice.screen_users') }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/users$`));
    await expect(page.getByRole('heading', { level: 1, name: text('backoffice.screen_users') })).toBeVisible();
    if (language === 'ar') await expectArabicPage(page, 'كل من له دور في هذه المجلة، الأحدث حسابًا أولًا.');
    const rows = page.getByTestId('user-row');
    // Newest account first: the one just registered, a researcher whose e-mail is not confirmed.
    await expect(rows.first()).toContainText(name.slice(0, 25));
    await expect(rows.first().getByTestId('user-role')).toHaveText([text('users.role_researcher')]);
    await expect(rows.first().getByTestId('activate-user')).toBeVisible();
    // The demo's eight people of general and this one at least (other tests add more).
    const shown = await rows.count();
    expect(shown).toBeGreaterThanOrEqual(9);
    expect(await seriousViolations()).toEqual([]);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/users-${language}.png`, fullPage: true });

    // The role filter: the journal manager and the secretary, each named by their editor type.
    await page.getByTestId('users-role').click();
    await page.getByRole('option', { name: text('users.role_editor'), exact: true }).click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('users-total')).toHaveText(text('users.total', { count: 2 }));
    await expect(rows.getByTestId('user-role')).toHaveText([text('users.editor_type_1'), text('users.editor_type_0')]);
    await page.getByTestId('users-role').click();
    await page.getByRole('option', { name: text('users.role_handlingEditor'), exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-email', `handling@${SLUG}.test`);
    await page.getByTestId('users-role').click();
    await page.getByRole('option', { name: text('users.role_all'), exact: true }).click();

    // The search runs on Enter, not while typing; the cross clears it.
    const search = page.getByTestId('users-search');
    await search.fill(stamp);
    await expect(rows).toHaveCount(shown);
    await search.press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('users-total')).toHaveText(text('users.total', { count: 1 }));

    // Activation: after a confirmation, once; the row then says the account is active.
    await rows.first().getByTestId('activate-user').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text('users.activate_title'));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/activate-${language}.png` });
    await dialog.getByTestId('confirm-activate').click();
    await expect(page.getByText(text('users.activated'))).toBeVisible();
    await expect(rows.first().getByTestId('activate-user')).toHaveCount(0);
    await expect(rows.first().getByRole('img', { name: text('users.active') })).toBeVisible();

    // The journal's ban, after a confirmation: the person's sign-in here is then refused with its reason.
    const ban = rows.first().getByTestId('ban-user');
    await expect(ban).toHaveAttribute('data-banned', 'false');
    await expect(ban).toHaveAccessibleName(text('users.not_banned_toggle'));
    await ban.click();
    await expect(dialog).toContainText(text('users.ban_body'));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/ban-${language}.png` });
    await dialog.getByTestId('confirm-ban').click();
    await expect(page.getByText(text('users.banned', { count: 0 }))).toBeVisible();
    await expect(ban).toHaveAttribute('data-banned', 'true');
    await expect(ban).toHaveAccessibleName(text('users.banned_here_toggle'));
    await page.screenshot({ path: `${SHOTS}/banned-${language}.png`, fullPage: true });

    const visitor = await browser.newContext({ baseURL: platform.baseURL });
    try {
      const guest = await visitor.newPage();
      await setLanguage(guest, language);
      await guest.goto(`/${SLUG}/`);
      await guest.getByTestId('header-login').click();
      const form = guest.getByRole('dialog');
      await form.getByLabel(text('accounts.email'), { exact: true }).fill(`laila.${language}.${stamp}@example.org`);
      await form.getByLabel(text('accounts.password'), { exact: true }).fill('Strong-pass-1');
      await form.getByTestId('login-submit').click();
      await expect(form).toContainText(text('errors.accountBannedHere'));
      await guest.screenshot({ path: `${SHOTS}/banned-login-${language}.png` });
    } finally {
      await visitor.close();
    }

    // Lifting it, after a confirmation too.
    await ban.click();
    await expect(dialog).toContainText(text('users.unban_body'));
    await dialog.getByTestId('confirm-ban').click();
    await expect(page.getByText(text('users.unbanned'))).toBeVisible();
    await expect(ban).toHaveAttribute('data-banned', 'false');

    // The notices stack over the search row, and those under the pointer (left where the confirmation's button was)
    // stay (Mantine pauses them on hover): a person moves the mouse and lets them go before reaching for the icon.
    await page.mouse.move(1, page.viewportSize()!.height - 1);
    await expect(page.getByText(text('users.unbanned'))).toBeHidden();
    await search.fill('nobody-has-this-name');
    await page.getByTestId('users-search-run').click();
    await expect(page.getByTestId('users-empty')).toHaveText(text('users.no_match'));
    await page.getByTestId('users-search-clear').click();
    await expect(search).toHaveValue('');
    await expect(rows).toHaveCount(shown);
  });
}

for (const language of LANGUAGES) {
  test(`a journal manager sets roles and meets the reviewer-removal refusal (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    test.setTimeout(90_000);
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const name = language === 'ar' ? `سامي ناصر ${stamp}` : `Sami Nasser ${stamp}`;
    await ApiClient.register(platform.baseURL, SLUG, {
      fullName: name,
      email: `sami.${language}.${stamp}@example.org`,
    });

    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });
    await page.goto(`/${SLUG}/dashboard/users`);
    const search = page.getByTestId('users-search');
    await search.fill(stamp);
    await search.press('Enter');
    const row = page.getByTestId('user-row');
    await expect(row).toHaveCount(1);

    // Reviewer needs its specializations; editor and handling editor exclude each other.
    await row.getByTestId('edit-roles').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('role-researcher')).toBeChecked();
    await dialog.getByTestId('role-reviewer').check();
    await dialog.getByTestId('roles-save').click();
    await expect(dialog.getByText(text('validation.specializations'))).toBeVisible();
    await dialog.getByRole('combobox', { name: text('users.reviewer_specializations') }).click();
    await page.getByRole('option').first().click();
    await dialog.getByTestId('role-editor').check();
    await expect(dialog.getByTestId('role-handlingEditor')).toBeDisabled();
    await dialog.getByTestId('role-editor').uncheck();
    await page.screenshot({ path: `${SHOTS}/roles-${language}.png` });
    await dialog.getByTestId('roles-save').click();
    await expect(page.getByText(text('users.roles_saved'))).toBeVisible();
    await expect(row.getByTestId('user-role')).toHaveText([text('users.role_researcher'), text('users.role_reviewer')]);

    // The manager invites them to review a paper: the reviewer role cannot go while that review is owed.
    const editor = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
    const researcher = await ApiClient.signIn(platform.baseURL, SLUG, `researcher@${SLUG}.test`, DEMO_PASSWORD);
    const title = `Owed review ${stamp}`;
    try {
      const listed = await editor.ok<{ items: { id: number }[] }>(
        editor.get(`/api/journals/${SLUG}/users?search=${stamp}`),
      );
      const roles = await editor.ok<{ reviewerSpecializations: number[] }>(
        editor.get(`/api/journals/${SLUG}/users/${listed.items[0]!.id}/roles`),
      );
      const info = await researcher.ok<{ specializations: { id: number }[] }>(
        researcher.get(`/api/journals/${SLUG}/auth/register`),
      );
      const specialization = info.specializations.findIndex((item) => item.id === roles.reviewerSpecializations[0]);
      const paper = await submittedPaper(researcher, SLUG, { title, specialization });
      await editor.ok(
        editor.post(`/api/journals/${SLUG}/papers/${paper.id}/reviewers`, {
          specializationId: roles.reviewerSpecializations[0],
          deadline: addDays(isoDay(new Date()), 14),
          reviewerId: listed.items[0]!.id,
          confirmConflict: true,
        }),
      );
    } finally {
      await Promise.all([editor.dispose(), researcher.dispose()]);
    }

    await row.getByTestId('edit-roles').click();
    await dialog.getByTestId('role-reviewer').uncheck();
    await dialog.getByTestId('roles-save').click();
    const owed = page.getByTestId('open-reviews');
    await expect(owed.getByText(text('users.reviewer_has_reviews'))).toBeVisible();
    await expect(owed.getByTestId('open-review')).toHaveCount(1);
    await expect(owed.getByTestId('open-review')).toContainText(title);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/open-reviews-${language}.png` });
    await owed.getByTestId('open-reviews-search').fill('no such title');
    await expect(owed.getByTestId('open-review')).toHaveCount(0);
    await owed.getByTestId('open-reviews-search').fill(stamp);
    await owed.getByTestId('withdraw-invitation').click();
    await page.getByTestId('confirm-withdraw').click();
    await expect(owed.getByTestId('open-reviews-none')).toHaveText(text('users.no_open_reviews'));
    await page.keyboard.press('Escape');

    // Now the reviewer role goes.
    await row.getByTestId('edit-roles').click();
    await dialog.getByTestId('role-reviewer').uncheck();
    await dialog.getByTestId('roles-save').click();
    await expect(row.getByTestId('user-role')).toHaveText([text('users.role_researcher')]);
  });
}

for (const language of LANGUAGES) {
  test(`a journal manager adds a new person to the journal, who is mailed a link to choose a password (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const email = `added.${language}.${stamp}@example.org`;
    const name = language === 'ar' ? `هدى المضافة ${stamp}` : `Huda Added ${stamp}`;

    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });
    await page.goto(`/${SLUG}/dashboard/users`);
    await page.getByTestId('add-user').click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/users/create$`));
    await expect(page.getByRole('heading', { level: 1, name: text('users.new_title') })).toBeVisible();

    // A save with nothing filled shows the rules of spec 03 §5 under the fields, in the page's language.
    await page.getByTestId('new-user-save').click();
    await expect(page.getByText(text('validation.roles_required'))).toBeVisible();

    await page.getByLabel(text('accounts.email'), { exact: true }).fill(email);
    await page.getByLabel(text('accounts.email_confirmation'), { exact: true }).fill(email);
    await page.getByTestId('role-reviewer').click();
    await page.getByRole('combobox', { name: text('users.reviewer_specializations') }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('external-reviewer').click();
    await page.getByLabel(text('accounts.full_name'), { exact: true }).fill(name);
    await page.getByLabel(text('accounts.name_on_paper'), { exact: true }).fill(name.slice(0, 40));
    await page.getByLabel(text('accounts.job_title'), { exact: true }).fill(language === 'ar' ? 'محاضرة' : 'Lecturer');
    await page
      .getByLabel(text('accounts.work_place'), { exact: true })
      .fill(language === 'ar' ? 'جامعة القاهرة' : 'Cairo University');
    await page.getByRole('combobox', { name: text('accounts.specializations'), exact: true }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    expect(await seriousViolations()).toEqual([]);
    if (language === 'ar') await expectArabicPage(page, text('users.new_intro'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/new-user-${language}.png`, fullPage: true });

    const since = platform.mailbox.messages.length;
    await page.getByTestId('new-user-save').click();
    await expect(page.getByText(text('users.invited', { email }))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/users$`));
    // Listed as a pending invitation, as an existing account would be, until its owner chooses a password.
    const invitation = page.getByTestId('invitation-row').filter({ hasText: email });
    await expect(invitation.getByTestId('invitation-status')).toHaveText(text('users.status_waiting'));
    await expect(invitation).toContainText(text('users.role_reviewer'));
    await expect(page.getByTestId('user-row').and(page.locator(`[data-email="${email}"]`))).toHaveCount(0);

    // The new account has no password yet: its mail (in the journal's language) links to choosing one.
    const mail = await platform.mailbox.waitFor(email, { since });
    expect(mail.text).toMatch(new RegExp(`/${SLUG}/recover\\?code=`));
  });
}

test('the secretary sees the users but cannot add or ban one: no button, and the address leads to "not authorized"', async ({
  page,
  visit,
  login,
}) => {
  const text = textOf('en');
  await visit(`/${SLUG}/`, 'en');
  await login(`secretary@${SLUG}.test`, { language: 'en' });
  await page.goto(`/${SLUG}/dashboard/users`);
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await expect(page.getByTestId('add-user')).toHaveCount(0);
  // The ban shows as a state, not a button.
  await expect(page.getByTestId('ban-user')).toHaveCount(0);
  await expect(page.getByTestId('ban-state').first()).toHaveAccessibleName(text('users.not_banned'));
  await page.goto(`/${SLUG}/dashboard/users/create`);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/unauthorized$`));
  await expect(page.getByRole('heading', { level: 1, name: text('backoffice.unauthorized_title') })).toBeVisible();
});

for (const language of LANGUAGES) {
  test(`a journal manager edits a person: a new e-mail behind its pencil, a role, a job title (${language})`, async ({
    page,
    platform,
    visit,
    login,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const name = language === 'ar' ? `سامي المعدَّل ${stamp}` : `Sami Edited ${stamp}`;
    const email = `edited.${language}.${stamp}@example.org`;
    const newEmail = `renamed.${language}.${stamp}@example.org`;
    await ApiClient.register(platform.baseURL, SLUG, { fullName: name, email });

    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });
    const rows = await openPerson(page, stamp);
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/users/edit/\\d+$`));
    await expect(page.getByRole('heading', { level: 1, name: text('users.edit_title', { name }) })).toBeVisible();

    // The e-mail is locked until its pencil; then it is typed twice.
    const emailField = page.getByLabel(text('accounts.email'), { exact: true });
    await expect(emailField).toHaveValue(email);
    await expect(emailField).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: text('accounts.edit_email') }).click();
    await page.getByLabel(text('accounts.new_email'), { exact: true }).fill(newEmail);
    await page.getByLabel(text('accounts.email_confirmation'), { exact: true }).fill(newEmail);
    await page.getByTestId('role-reviewer').click();
    await page.getByRole('combobox', { name: text('users.reviewer_specializations') }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page
      .getByLabel(text('accounts.job_title'), { exact: true })
      .fill(language === 'ar' ? 'أستاذ مشارك' : 'Associate professor');
    // A registration does not ask for the work place, which this form requires.
    await page
      .getByLabel(text('accounts.work_place'), { exact: true })
      .fill(language === 'ar' ? 'جامعة النيل' : 'Nile University');
    expect(await seriousViolations()).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/edit-user-${language}.png`, fullPage: true });

    await page.getByTestId('edit-user-save').click();
    await expect(page.getByText(text('users.saved'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/users$`));
    await searchUsers(page, stamp);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-email', newEmail);
    await expect(rows.first().getByTestId('user-role')).toHaveText([
      text('users.role_researcher'),
      text('users.role_reviewer'),
    ]);
  });
}

for (const language of LANGUAGES) {
  test(`a journal manager removes a person from the journal after a confirmation; the account stays (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    const name = language === 'ar' ? `نادر المغادر ${stamp}` : `Nader Leaving ${stamp}`;
    const email = `leaving.${language}.${stamp}@example.org`;
    await ApiClient.register(platform.baseURL, SLUG, { fullName: name, email });

    await visit(`/${SLUG}/`, language);
    await login(`editor@${SLUG}.test`, { language });
    await openPerson(page, stamp);
    await page.getByTestId('remove-user').click();
    const dialog = page.getByRole('dialog', { name: text('users.remove_title', { name }) });
    await expect(dialog).toContainText(text('users.remove_body'));
    await dialog.getByTestId('confirm-remove').click();
    await expect(page.getByText(text('users.removed'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/users$`));
    await searchUsers(page, stamp);
    await expect(page.getByTestId('users-empty')).toHaveText(text('users.no_match'));
  });
}

test("the platform administrator has every journal's editor panel, without a role there", async ({
  page,
  visit,
  login,
}) => {
  const text = textOf('en');
  await visit('/ethics/', 'en');
  await login('admin@platform.test', { language: 'en' });
  await page.goto('/ethics/dashboard');
  const drawer = page.getByRole('navigation', { name: text('backoffice.drawer_label') });
  await expect(drawer.getByRole('link', { name: text('backoffice.screen_payment') })).toBeVisible();
  await expect(drawer.getByRole('link', { name: text('backoffice.screen_editorDashboard') })).toHaveCount(0);
  await drawer.getByRole('link', { name: text('backoffice.screen_users') }).click();
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await expect(page.getByTestId('add-user')).toBeVisible();
  await expect(page.getByTestId('ban-user').first()).toBeVisible();
});
