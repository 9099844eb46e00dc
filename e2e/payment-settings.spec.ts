import { mkdirSync } from 'node:fs';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { LANGUAGES, textOf } from './support/text';

/**
 * The payment settings screen (issue 22 §2, spec 03 §3 and §5): the journal manager meets the fees locked until the
 * gateway is filled in, the price and membership rules, saves, and finds the key kept but never shown. On the ethics
 * journal, whose fees no other browser test switches; serial, since both runs save the same settings, each starting
 * with every fee off, as the journal is left at the end whatever happens.
 */

test.describe.configure({ mode: 'serial' });

const SLUG = 'ethics';
const SHOTS = '/tmp/shots-payment-settings';
mkdirSync(SHOTS, { recursive: true });

/** Every fee off, no price and no membership period: each run starts from there, and the journal ends there. */
async function resetFees(baseURL: string) {
  const manager = await ApiClient.signIn(baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
  await manager.ok(
    manager.put(`/api/journals/${SLUG}/payment-settings`, {
      merchantId: 'SBX-E2E',
      merchantName: 'Ethics',
      securityKey: 'e2e-key',
      atRegister: false,
      atUpload: false,
      atPublish: false,
      atDownload: false,
      membershipType: null,
    }),
  );
}
test.beforeEach(async ({ platform }) => resetFees(platform.baseURL));
test.afterAll(async ({ platform }) => resetFees(platform.baseURL));

for (const language of LANGUAGES) {
  test(`a journal manager sets the gateway and the fees (${language})`, async ({
    page,
    platform,
    openScreen,
    seriousViolations,
  }) => {
    const text = textOf(language);
    const stamp = Date.now().toString(36);
    await openScreen({ slug: SLUG, email: `editor@${SLUG}.test`, screen: 'payment', language });
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard/payment$`));
    if (language === 'ar') await expectArabicPage(page, text('paymentSettings.intro'));
    const form = page.getByTestId('payment-settings-form');
    const field = (key: string) => form.getByLabel(text(`paymentSettings.${key}`), { exact: false });
    const fee = (name: string) => form.getByTestId(`fee-${name}`);

    // With the gateway empty the fees are locked.
    await field('merchantId').fill('');
    await expect(form.getByTestId('fees-locked')).toHaveText(text('paymentSettings.fees_locked'));
    await expect(fee('atPublish').getByRole('switch')).toBeDisabled();
    await field('merchantId').fill(`SBX-${stamp}`);
    await form.getByLabel(text('paymentSettings.securityKey')).fill(`key-${stamp}`);
    await field('merchantName').fill(language === 'ar' ? 'مجلة أخلاقيات البحث' : 'Research Ethics Journal');
    await expect(form.getByTestId('fees-locked')).toBeHidden();

    // A fee switched on needs its price; the membership needs its period.
    await fee('atPublish').getByRole('switch').click();
    await fee('atDownload').getByRole('switch').click();
    await form.getByTestId('save-payment-settings').click();
    await expect(fee('atPublish').getByText(text('validation.price_required'))).toBeVisible();
    await expect(fee('atDownload').getByText(text('validation.membershipType_required'))).toBeVisible();
    await expect(fee('atPublish').getByRole('textbox')).toBeFocused();
    await fee('atPublish').getByRole('textbox').fill('12.345');
    await form.getByTestId('save-payment-settings').click();
    await expect(fee('atPublish').getByText(text('validation.price_invalid'))).toBeVisible();
    await fee('atPublish').getByRole('textbox').fill('120.5');
    await fee('atDownload').getByText(text('paymentSettings.membership_yearly'), { exact: true }).click();
    await fee('atDownload').getByRole('textbox').fill('300');
    await page.screenshot({ path: `${SHOTS}/filled-${language}.png`, fullPage: true });
    await form.getByTestId('save-payment-settings').click();
    await expect(page.getByText(text('messages.paymentSettingsSaved'))).toBeVisible();
    expect(await seriousViolations()).toEqual([]);

    // What was saved comes back: prices with two decimals, the key never shown but kept.
    await page.reload();
    await expect(fee('atPublish').getByRole('textbox')).toHaveValue('120.50');
    await expect(fee('atDownload').getByRole('textbox')).toHaveValue('300.00');
    await expect(
      fee('atDownload').getByRole('radio', { name: text('paymentSettings.membership_yearly') }),
    ).toBeChecked();
    await expect(form.getByLabel(text('paymentSettings.securityKey'))).toHaveValue('');
    await expect(form.getByText(text('paymentSettings.securityKey_set'))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/saved-${language}.png`, fullPage: true });

    // Switched off again from the screen; the empty key field keeps the stored key.
    await fee('atPublish').getByRole('switch').click();
    await fee('atDownload').getByRole('switch').click();
    await form.getByTestId('save-payment-settings').click();
    await expect(page.getByText(text('messages.paymentSettingsSaved')).last()).toBeVisible();
    const manager = await ApiClient.signIn(platform.baseURL, SLUG, `editor@${SLUG}.test`, DEMO_PASSWORD);
    const stored = await manager.ok(manager.get(`/api/journals/${SLUG}/payment-settings`));
    expect(stored).toMatchObject({ merchantId: `SBX-${stamp}`, securityKeySet: true, atPublish: false });
    expect(stored).not.toHaveProperty('securityKey');
  });
}
