import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The platform administrator's journals (issue 22 §4): the list with its counts; a new journal made from the screen
 * (a reserved address refused first) whose home page and registration then work, in the journal's default language,
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
    test.setTimeout(90_000);
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

    // Its site works at once: the home page, and registration with the specialization it starts with.
    const context = await page.context().browser()!.newContext({ baseURL: platform.baseURL });
    const visitor = await context.newPage();
    await visitor.goto(`/${slug}/`);
    await expect(visitor.locator('html')).toHaveAttribute('lang', language);
    await expect(visitor.getByRole('link', { name: titles[language] }).first()).toBeVisible();
    await visitor.goto(`/${slug}/register`);
    await expect(visitor.getByLabel(language === 'ar' ? 'عام' : 'General')).toBeVisible();
    await visitor.screenshot({ path: `${SHOTS}/new-journal-register-${language}.png`, fullPage: true });

    // The platform's outbox across journals shows the invitation with its journal.
    await page.goto('/general/dashboard/platform/outbox');
    await expect(page.getByRole('heading', { name: text('backoffice.screen_platformOutbox') })).toBeVisible();
    await page.getByTestId('outbox-search').fill(managerEmail);
    await page.getByTestId('outbox-search').press('Enter');
    const mailRow = page.getByTestId('outbox-row');
    await expect(mailRow).toHaveCount(1);
    await expect(mailRow.getByTestId('outbox-journal')).toHaveText(`/${slug}/`);
    await expect(mailRow).toContainText(text('outbox.kind_accountInvitation'));
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
