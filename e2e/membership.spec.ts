import { formatPrice } from '@journals/core/prices';
import { mkdirSync } from 'node:fs';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * Paid download (issue 21 §3, docs/decisions/0033): the journal manager switches the at-download fee on (a monthly
 * membership at 120.00); a guest sees "Members only" with the price on a paper page and is asked to sign in; a signed
 * in reader buys the membership in the sandbox gateway's popup and the PDF link appears without a reload. One
 * reader per language, since a membership lasts.
 */

const SLUG = 'general';
const PRICE = '120.00';
const READER = { en: `reviewer@${SLUG}.test`, ar: `researcher2@${SLUG}.test` } as const;
const SANDBOX_PAY = { en: 'Pay', ar: 'ادفع' } as const;
const SHOTS = '/tmp/shots-membership';
mkdirSync(SHOTS, { recursive: true });

const merchant = {
  merchantId: 'SBX-E2E',
  securityKey: 'e2e-security-key',
  merchantName: 'Journal of Applied Sciences',
};
const NO_FEES = { atRegister: false, atUpload: false, atPublish: false, atDownload: false };

async function withDownloadFee(baseURL: string, body: () => Promise<void>) {
  const path = `/api/journals/${SLUG}/payment-settings`;
  const manager = await ApiClient.signIn(baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
  try {
    await manager.ok(
      manager.put(path, { ...merchant, ...NO_FEES, atDownload: true, atDownloadPrice: PRICE, membershipType: 1 }),
    );
    await body();
  } finally {
    await manager.ok(manager.put(path, { ...merchant, ...NO_FEES }));
    await manager.dispose();
  }
}

for (const language of LANGUAGES) {
  test(`a reader buys the journal's monthly membership in the sandbox and downloads the full text (${language})`, async ({
    page,
    platform,
    visit,
  }) => {
    // A whole journey through the back office and the public site: the default minute is short on a busy machine.
    test.slow();
    const t = textOf(language);
    const guestApi = await ApiClient.signIn(platform.baseURL, SLUG, READER[language], DEMO_PASSWORD);
    const issue = await guestApi.ok<{ papers: { id: number }[] }>(
      guestApi.get(`/api/journals/${SLUG}/archive/volumes/1/issues/1`),
    );
    await guestApi.dispose();
    const paperId = issue.papers[0]!.id;
    const pdf = `/api/journals/${SLUG}/archive/papers/${paperId}/pdf`;

    await withDownloadFee(platform.baseURL, async () => {
      await visit(`/${SLUG}/archive/papers/${paperId}`, language);
      const membersOnly = page.getByTestId('members-only');
      await expect(membersOnly).toContainText(t('fullText.members_only'), { timeout: 30_000 });
      await expect(membersOnly).toContainText(
        t('fullText.price_monthly', { price: formatPrice(PRICE, language), currency: t('fullText.currency_egp') }),
      );
      await expect(page.getByRole('link', { name: t('archive.download_pdf') })).toHaveCount(0);
      await expect(page.getByTestId('membership-sign-in')).toHaveText(t('fullText.offer_sign_in'));
      if (language === 'ar') await expectArabicPage(page, 'النصوص الكاملة للأعضاء');
      await page.screenshot({ path: `${SHOTS}/guest-${language}.png`, fullPage: true });
      // The server refuses the PDF itself, with the translated reason.
      const refused = await page.request.get(pdf, { headers: { 'accept-language': language } });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).message).toBe(t('fullText.members_only_error'));

      // Signing in from the offer keeps the reader on the paper, where the offer now sells the membership.
      await page.getByTestId('membership-sign-in').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('accounts.email'), { exact: true }).fill(READER[language]);
      await dialog.getByLabel(t('accounts.password'), { exact: true }).fill(DEMO_PASSWORD);
      await dialog.getByTestId('login-submit').click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/${SLUG}/archive/papers/${paperId}$`));
      const buy = page.getByTestId('membership-buy');
      await expect(buy).toHaveText(
        t('fullText.offer_buy_monthly', { price: formatPrice(PRICE, language), currency: t('fullText.currency_egp') }),
      );
      const [popup] = await Promise.all([page.waitForEvent('popup'), buy.click()]);
      await expect(popup).toHaveURL(new RegExp(`/pay/sandbox/[A-Za-z0-9_-]+\\?lang=${language}$`));
      await expect(page.getByRole('status').getByText(t('fullText.payment_waiting'))).toBeVisible();
      await popup.getByRole('button', { name: SANDBOX_PAY[language], exact: true }).click();
      await popup.waitForEvent('close', { timeout: 15_000 });

      await expect(page.getByTestId('membership-paid')).toHaveText(t('fullText.payment_paid'));
      const download = page.getByRole('link', { name: t('archive.download_pdf') });
      await expect(download).toHaveAttribute('href', pdf);
      await expect(membersOnly).toHaveCount(0);
      if (language === 'ar') await expectArabicPage(page, 'شكرًا لك، عضويتك سارية الآن.');
      await page.screenshot({ path: `${SHOTS}/member-${language}.png`, fullPage: true });
      const answer = await page.request.get(pdf);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('application/pdf');
    });
  });
}
