import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The journal's users (issue 22 §1, spec 03 "User list"): the journal manager opens the list from the drawer, filters
 * by role, searches by name with Enter and clears it, and activates an account that never confirmed its e-mail, in
 * English and in Arabic.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-users';
mkdirSync(SHOTS, { recursive: true });

const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

for (const language of LANGUAGES) {
  test(`a journal manager filters, searches and activates the journal's users (${language})`, async ({
    page,
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

    await search.fill('nobody-has-this-name');
    await page.getByTestId('users-search-run').click();
    await expect(page.getByTestId('users-empty')).toHaveText(text('users.no_match'));
    await page.getByTestId('users-search-clear').click();
    await expect(search).toHaveValue('');
    await expect(rows).toHaveCount(shown);
  });
}
