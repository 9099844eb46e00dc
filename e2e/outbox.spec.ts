import { mkdirSync } from 'node:fs';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The outbox screen (issue 22 §3): a new account's activation mail is refused by the mail server until it fails; the
 * journal manager finds it in the outbox by its recipient, sees why it failed, sends it again once the mailbox takes
 * mail, and the mail arrives, in English and in Arabic.
 */

const SLUG = 'general';
const SHOTS = '/tmp/shots-outbox';
mkdirSync(SHOTS, { recursive: true });

for (const language of LANGUAGES) {
  test(`a journal manager sends a failed mail again (${language})`, async ({ page, platform, openScreen }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    const email = `bounced-${Date.now().toString(36)}-${language}@example.org`;
    platform.mailbox.refuse(email);
    await ApiClient.register(platform.baseURL, SLUG, { fullName: 'Bounced Reader', email });
    // Five attempts (one after the other: the platform's retry delay is 0 here), then failed.
    const manager = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
    const failed = `/api/journals/${SLUG}/outbox?state=failed&search=${encodeURIComponent(email)}`;
    await expect
      .poll(async () => (await manager.ok<{ total: number }>(manager.get(failed))).total, { timeout: 60_000 })
      .toBe(1);
    await manager.dispose();

    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'outbox', language });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/ProposalInfo/Outbox$`));
    if (language === 'ar') await expectArabicPage(page, text('outbox.intro'));
    await expect(page.getByTestId('outbox-row').first()).toBeVisible();
    await page.getByTestId('outbox-search').fill(email);
    await page.getByTestId('outbox-search').press('Enter');
    const row = page.getByTestId('outbox-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('outbox-state-badge')).toHaveText(text('outbox.state_failed'));
    await expect(row).toContainText(text('outbox.kind_activation'));
    await page.screenshot({ path: `${SHOTS}/failed-${language}.png`, fullPage: true });

    // The mailbox takes mail again: sent again, it arrives and the row says so.
    platform.mailbox.accept(email);
    const since = platform.mailbox.messages.length;
    await row.getByTestId('outbox-retry').click();
    await expect(page.getByText(text('outbox.retried'))).toBeVisible();
    const mail = await platform.mailbox.waitFor(email, { since });
    expect(mail.link?.pathname).toBe(`/${SLUG}/activate`);
    // The screen looks again while a message waits.
    await expect(row.getByTestId('outbox-state-badge')).toHaveText(text('outbox.state_sent'), { timeout: 15_000 });
    await expect(row.getByTestId('outbox-retry')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/sent-${language}.png`, fullPage: true });
  });
}
