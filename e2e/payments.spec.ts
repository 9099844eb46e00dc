import { formatPrice } from '@journals/core/prices';
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, type Language } from './fixtures';
import { ApiClient } from './support/api';
import { expectArabicPage } from './support/arabic';
import { REGISTER_PRICE, UPLOAD_PRICE, withFees } from './support/fees';
import { submittedPaper } from './support/papers';
import { LANGUAGES, textOf } from './support/text';

/**
 * Payments through the sandbox gateway's popup (docs/decisions/0006-payments.md, spec 02 §9, spec 01 §2): the
 * at-upload fee of a submitted paper, and the registration fee, paid at registration or later with the
 * account's credentials. The journal manager switches the fees on through the API for the test, and off after.
 * The gateway's page is on another origin than the site's (Platform.gatewayURL), as a real gateway's is: the page
 * learns the outcome from our server, never from the popup (docs/decisions/0013-payment-outcome-from-server.md).
 */

const SLUG = 'general';
/** The sandbox gateway's buttons (its own server-rendered page, in the browser's language). */
const SANDBOX = { en: { pay: 'Pay', cancel: 'Cancel' }, ar: { pay: 'ادفع', cancel: 'إلغاء' } } as const;
/** The paying page's line while the popup is open, as an Arabic reader reads it (paper page and registration). */
const WAITING_AR = 'بانتظار إتمام الدفع في نافذة بوابة الدفع…';
/** The paper page's outcome of the payment, as an Arabic reader reads it. */
const PAID_AR = 'تم دفع الرسوم. شكرًا لك.';
const CANCELLED_AR = 'أُلغيت عملية الدفع. يمكنك المحاولة مرة أخرى.';
/** The gateway's result page after Pay, in Arabic: it no longer only says to close the window. */
const SANDBOX_PAID_AR = 'تم الدفع بنجاح. يمكنك إغلاق هذه النافذة أو العودة إلى المجلة.';

/** How long the payer looks at the gateway's page before pressing a button: the page must learn nothing meanwhile. */
const PAYER_THINKS_MS = 2_500;

interface PopupPayment {
  language: Language;
  /** The gateway's origin (Platform.gatewayURL), another than the page's. */
  gateway: string;
  action: 'pay' | 'cancel';
  /** What the page shows while the fee is unpaid: it must still be there while the payer has not paid. */
  unpaid: Locator[];
  /** What the page would show had it taken the popup's closing for an outcome: hidden while the payer thinks. */
  notYet?: Locator[];
  /** What the page shows while it waits for the outcome: there while the payer thinks, gone after Pay or Cancel. */
  waiting: Locator[];
}

/**
 * Clicks `trigger`, then in the sandbox popup it opens (on the gateway's origin) waits as a payer reads the page,
 * checks that the paying page has learnt nothing meanwhile but says it is waiting, and clicks Pay or Cancel; the
 * popup closes by itself, and the page stops saying it waits.
 */
async function payInPopup(page: Page, trigger: () => Promise<void>, payment: PopupPayment) {
  const { language, gateway, action, unpaid, notYet = [], waiting } = payment;
  const [popup] = await Promise.all([page.waitForEvent('popup'), trigger()]);
  // The payment URL names the payer's language, whatever the browser's own language is.
  await expect(popup).toHaveURL(new RegExp(`/pay/sandbox/[A-Za-z0-9_-]+\\?lang=${language}$`));
  expect(new URL(popup.url()).origin).toBe(gateway);
  expect(new URL(popup.url()).origin).not.toBe(new URL(page.url()).origin);
  await expect(popup.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

  await popup.waitForTimeout(PAYER_THINKS_MS);
  for (const shown of [...unpaid, ...waiting]) await expect(shown).toBeVisible();
  for (const hidden of notYet) await expect(hidden).toBeHidden();
  if (language === 'ar') await expectArabicPage(page, WAITING_AR);

  await popup.getByRole('button', { name: SANDBOX[language][action], exact: true }).click();
  await popup.waitForEvent('close', { timeout: 15_000 });
  for (const gone of waiting) await expect(gone).toBeHidden();
}

/** Marks the page's document; the returned check fails once a reload or a navigation has replaced it. */
async function sameDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { paymentTestMark: true }));
  return async () => expect(await page.evaluate(() => 'paymentTestMark' in window)).toBe(true);
}

/** An Arabic run shows Arabic: the page is right to left and a fixed Arabic phrase (not the catalogue's) is there. */
async function expectArabic(page: Page, phrase: string) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(phrase, { exact: true })).toBeVisible();
}

/** Waits as long as the page polls a few times: what stays after it has stayed for good. */
const settle = (page: Page) => page.waitForTimeout(PAYER_THINKS_MS);

for (const language of LANGUAGES) {
  test.describe(`payments (${language})`, () => {
    // The browser's own language is the other one: the gateway's page follows the site's language, not it.
    test.use({ locale: language === 'ar' ? 'en-US' : 'ar' });

    test(`a researcher pays the submission fee of a paper in the gateway's popup, after one cancelled try (${language})`, async ({
      page,
      platform,
      visit,
      login,
    }, testInfo) => {
      const text = textOf(language);
      await withFees(platform.baseURL, SLUG, { atUpload: true }, async () => {
        const researcher = await ApiClient.signIn(platform.baseURL, SLUG, 'researcher@general.test', DEMO_PASSWORD);
        try {
          const { id } = await submittedPaper(researcher, SLUG, {
            title: `Paid submission ${language} ${Date.now()}`,
            kind: 1,
          });
          const paperApi = `/api/journals/${SLUG}/papers/${id}`;
          expect((await researcher.ok<{ payment: { due: boolean } }>(researcher.get(paperApi))).payment.due).toBe(true);

          await visit(`/${SLUG}/`, language);
          await login('researcher@general.test', { language });
          await page.goto(`/${SLUG}/dashboard/papers/${id}`);
          const pay = page.getByTestId('pay');
          const notice = page.getByText(text('submissions.payment_due'));
          await expect(pay).toHaveText(text('submissions.pay_amount', { amount: formatPrice(UPLOAD_PRICE, language) }));
          await expect(notice).toBeVisible();
          if (language === 'ar') await expectArabic(page, 'لم تُدفع رسوم تقديم هذا البحث بعد.');
          await page.screenshot({ path: testInfo.outputPath(`paper-${language}-before-paying.png`), fullPage: true });
          const unchanged = await sameDocument(page);
          // While the popup is open the page says it waits, and its button offers to bring the popup back.
          const waiting = [
            page.getByRole('status').getByText(text('submissions.payment_waiting'), { exact: true }),
            page.getByRole('button', { name: text('submissions.pay_reopen') }),
          ];
          const paid = page.getByRole('status').filter({ hasText: text('submissions.payment_paid') });
          const cancelled = page.getByRole('alert').filter({ hasText: text('submissions.payment_cancelled') });
          const gateway = {
            language,
            gateway: platform.gatewayURL,
            unpaid: [pay, notice],
            notYet: [paid, cancelled],
            waiting,
          };

          // Cancelled in the popup: the paper stays unpaid, the button stays, and the payer is told.
          await payInPopup(page, () => pay.click(), { ...gateway, action: 'cancel' });
          await expect(cancelled).toBeVisible();
          if (language === 'ar') await expectArabicPage(page, CANCELLED_AR);
          await settle(page);
          await expect(pay).toHaveText(text('submissions.pay_amount', { amount: formatPrice(UPLOAD_PRICE, language) }));
          await expect(notice).toBeVisible();
          await expect(cancelled).toBeVisible();
          expect((await researcher.ok<{ payment: { due: boolean } }>(researcher.get(paperApi))).payment.due).toBe(true);

          // Paid: once our server says so, the button and the notice go, without a reload, and the payer is thanked.
          await payInPopup(page, () => pay.click(), { ...gateway, action: 'pay' });
          await expect(pay).toBeHidden();
          await expect(notice).toBeHidden();
          await expect(paid).toBeVisible();
          await expect(cancelled).toBeHidden();
          await unchanged();
          if (language === 'ar') await expectArabicPage(page, PAID_AR);
          await page.screenshot({ path: testInfo.outputPath(`paper-${language}-after-paying.png`), fullPage: true });
          expect((await researcher.ok<{ payment: { due: boolean } }>(researcher.get(paperApi))).payment.due).toBe(
            false,
          );
        } finally {
          await researcher.dispose();
        }
      });
    });

    test(`with popups blocked, a researcher pays in the journal's own tab and the gateway leads back to the paper (${language})`, async ({
      page,
      platform,
      visit,
      login,
    }, testInfo) => {
      const text = textOf(language);
      await page.addInitScript(() => {
        window.open = () => null;
      });
      await withFees(platform.baseURL, SLUG, { atUpload: true }, async () => {
        const researcher = await ApiClient.signIn(platform.baseURL, SLUG, 'researcher@general.test', DEMO_PASSWORD);
        try {
          const { id } = await submittedPaper(researcher, SLUG, {
            title: `Paid without a popup ${language} ${Date.now()}`,
            kind: 1,
          });
          await visit(`/${SLUG}/`, language);
          await login('researcher@general.test', { language });
          const paperPage = `${platform.baseURL}/${SLUG}/dashboard/papers/${id}`;
          await page.goto(paperPage);

          // No popup: the tab itself goes to the gateway's page.
          await page.getByTestId('pay').click();
          await expect(page).toHaveURL(new RegExp(`/pay/sandbox/[A-Za-z0-9_-]+\\?lang=${language}$`));
          expect(new URL(page.url()).origin).toBe(platform.gatewayURL);
          if (language === 'ar') await expectArabicPage(page, 'ادفع');
          await page.screenshot({ path: testInfo.outputPath(`sandbox-${language}-checkout.png`), fullPage: true });
          await page.getByRole('button', { name: SANDBOX[language].pay, exact: true }).click();

          // The result page does not only say to close the window (that would close the journal): it leads back.
          const back = page.getByTestId('sandbox-back');
          await expect(back).toHaveAttribute('href', paperPage);
          await expect(back).toHaveText(language === 'ar' ? 'العودة إلى المجلة' : 'Back to the journal');
          await expect(page.getByRole('status')).toHaveText(
            language === 'ar'
              ? SANDBOX_PAID_AR
              : 'Payment complete. You may close this window, or go back to the journal.',
          );
          if (language === 'ar') await expectArabicPage(page, SANDBOX_PAID_AR);
          await page.screenshot({ path: testInfo.outputPath(`sandbox-${language}-paid.png`), fullPage: true });
          // The popup's self-closing script (close.js) leaves the journal's own tab open.
          await settle(page);
          expect(page.isClosed()).toBe(false);

          await back.click();
          await expect(page).toHaveURL(paperPage);
          await expect(page.getByTestId('paper-status')).toBeVisible();
          await expect(page.getByTestId('pay')).toBeHidden();
          await expect(page.getByText(text('submissions.payment_due'))).toBeHidden();
          if (language === 'ar') await expectArabicPage(page, 'السجل');
          const paperApi = `/api/journals/${SLUG}/papers/${id}`;
          expect((await researcher.ok<{ payment: { due: boolean } }>(researcher.get(paperApi))).payment.due).toBe(
            false,
          );
        } finally {
          await researcher.dispose();
        }
      });
    });

    test(`a researcher is told when the gateway has not answered in time, and a refresh shows a later payment (${language})`, async ({
      page,
      platform,
      visit,
      login,
    }, testInfo) => {
      const text = textOf(language);
      // The page's clock, so that its 15-minute wait (PAYMENT_WAIT_MS) passes in a moment.
      await page.clock.install();
      await withFees(platform.baseURL, SLUG, { atUpload: true }, async () => {
        const researcher = await ApiClient.signIn(platform.baseURL, SLUG, 'researcher@general.test', DEMO_PASSWORD);
        try {
          const { id } = await submittedPaper(researcher, SLUG, {
            title: `Slow gateway ${language} ${Date.now()}`,
            kind: 1,
          });
          await visit(`/${SLUG}/`, language);
          await login('researcher@general.test', { language });
          await page.goto(`/${SLUG}/dashboard/papers/${id}`);
          const pay = page.getByTestId('pay');
          const status = page.getByRole('status');
          const [popup] = await Promise.all([page.waitForEvent('popup'), pay.click()]);
          await expect(status.getByText(text('submissions.payment_waiting'), { exact: true })).toBeVisible();
          await expect(pay).toHaveText(text('submissions.pay_reopen'));
          await page.screenshot({ path: testInfo.outputPath(`paper-${language}-waiting.png`), fullPage: true });

          // Fifteen minutes without an answer: the page stops asking and says so, and the button is the Pay button.
          await page.clock.fastForward('15:05');
          await expect(status.getByText(text('submissions.payment_not_heard'), { exact: true })).toBeVisible();
          if (language === 'ar') {
            await expectArabicPage(
              page,
              'لم يصلنا رد من بوابة الدفع حتى الآن. إذا كنت قد دفعت، فأعد تحميل هذه الصفحة بعد قليل.',
            );
          }
          await expect(pay).toHaveText(text('submissions.pay_amount', { amount: formatPrice(UPLOAD_PRICE, language) }));
          await page.screenshot({ path: testInfo.outputPath(`paper-${language}-not-heard.png`), fullPage: true });

          // The payer pays after all: our server hears of it from the gateway, and a refresh shows it, as the line said.
          await popup.getByRole('button', { name: SANDBOX[language].pay, exact: true }).click();
          await popup.waitForEvent('close', { timeout: 15_000 });
          await page.reload();
          await expect(page.getByTestId('paper-status')).toBeVisible();
          await expect(pay).toBeHidden();
        } finally {
          await researcher.dispose();
        }
      });
    });
  });
}

for (const language of LANGUAGES) {
  test(`an editor is told that the review of a paper waits for its unpaid submission fee (${language})`, async ({
    page,
    platform,
    visit,
    login,
  }) => {
    const text = textOf(language);
    const researcher = await ApiClient.signIn(platform.baseURL, SLUG, 'researcher@general.test', DEMO_PASSWORD);
    let free: { id: number };
    const stamp = `${language} ${Date.now()}`;
    try {
      free = await submittedPaper(researcher, SLUG, { title: `Submitted without a fee ${stamp}`, kind: 1 });
    } finally {
      await researcher.dispose();
    }

    await withFees(platform.baseURL, SLUG, { atUpload: true }, async () => {
      const author = await ApiClient.signIn(platform.baseURL, SLUG, 'researcher@general.test', DEMO_PASSWORD);
      let unpaid: { id: number };
      try {
        unpaid = await submittedPaper(author, SLUG, { title: `Submitted with an unpaid fee ${stamp}`, kind: 1 });
      } finally {
        await author.dispose();
      }

      await visit(`/${SLUG}/`, language);
      await login('editor@general.test', { language });
      await page.goto(`/${SLUG}/dashboard/papers/${unpaid.id}`);
      await expect(page.getByText(`Submitted with an unpaid fee ${stamp}`).first()).toBeVisible();
      await expect(page.getByTestId('review-waits-for-payment')).toHaveText(
        text('submissions.review_waits_for_payment'),
      );
      if (language === 'ar') {
        await expectArabic(page, 'لم تُدفع رسوم تقديم هذا البحث بعد: يمكن دعوة المحكّمين بعد دفعها.');
      }
      // The pay button is the author's, not the editor's.
      await expect(page.getByTestId('pay')).toBeHidden();

      // Submitted while no fee was charged: nothing holds its review.
      await page.goto(`/${SLUG}/dashboard/papers/${free.id}`);
      await expect(page.getByText(`Submitted without a fee ${stamp}`).first()).toBeVisible();
      await expect(page.getByTestId('review-waits-for-payment')).toBeHidden();
    });
  });
}

/** Fills and sends the register form of the general journal; the success view follows. */
async function register(
  page: Page,
  language: Language,
  solveCaptcha: () => Promise<void>,
  account: { name: string; email: string; password: string },
) {
  const text = textOf(language);
  await page.getByLabel(text('accounts.full_name'), { exact: true }).fill(account.name);
  await page.getByLabel(text('accounts.email'), { exact: true }).fill(account.email);
  await page.getByLabel(text('accounts.password'), { exact: true }).fill(account.password);
  await page.getByLabel(text('accounts.password_confirmation'), { exact: true }).fill(account.password);
  await page.getByLabel(text('accounts.job_title'), { exact: true }).fill(language === 'ar' ? 'مدرس' : 'Lecturer');
  await page.getByLabel(language === 'ar' ? 'علوم الحاسب' : 'Computer Science').check();
  await solveCaptcha();
  await page.getByTestId('register-submit').click();
  await expect(page.getByRole('status').filter({ hasText: text('messages.registered') })).toBeVisible();
}

test.describe('registration fee (en)', () => {
  test.use({ locale: 'en-US' });

  test('the register page shows the fee; the newcomer pays it in the popup, activates and logs in', async ({
    page,
    platform,
    visit,
    login,
    solveCaptcha,
  }) => {
    const text = textOf('en');
    const email = `paying-newcomer-${Date.now()}@example.org`;
    await withFees(platform.baseURL, SLUG, { atRegister: true }, async () => {
      await visit(`/${SLUG}/register`, 'en');
      // The banner of spec 01 §2, with its price.
      await expect(
        page.getByText(text('accounts.payment_banner', { price: formatPrice(REGISTER_PRICE, 'en') })),
      ).toBeVisible();
      await register(page, 'en', solveCaptcha, { name: 'Nadia Fawzy', email, password: 'Paying-pass-1' });

      // The success view offers to pay; the popup pays, and once our server says so the view says so.
      const payment = page.getByTestId('registration-payment');
      const due = payment.getByText(text('accounts.registration_fee_due'));
      const pay = payment.getByTestId('pay-registration');
      await expect(due).toBeVisible();
      const unchanged = await sameDocument(page);
      await payInPopup(page, () => pay.click(), {
        language: 'en',
        gateway: platform.gatewayURL,
        action: 'pay',
        unpaid: [due, pay],
        notYet: [page.getByTestId('registration-not-paid'), page.getByTestId('registration-paid')],
        waiting: [
          page.getByRole('status').getByText(text('accounts.registration_payment_waiting'), { exact: true }),
          payment.getByRole('button', { name: text('accounts.pay_registration_reopen') }),
        ],
      });
      await expect(page.getByTestId('registration-paid')).toHaveText(text('accounts.registration_paid'));
      await expect(pay).toBeHidden();
      await unchanged();

      // Activation by the mailed link, then login to the author dashboard.
      const activation = await platform.mailbox.waitFor(email);
      await page.goto(activation.link!.pathname + activation.link!.search);
      await expect(page.getByText(text('messages.activated'))).toBeVisible();
      await login(email, { password: 'Paying-pass-1' });
      await expect(page).toHaveURL(/\/general\/dashboard\/?$/);
    });
  });
});

test.describe('registration fee (ar)', () => {
  test.use({ locale: 'ar' });

  test('an account that has not paid cannot log in, then pays with its credentials and logs in (ar)', async ({
    page,
    platform,
    visit,
    login,
    solveCaptcha,
  }) => {
    const text = textOf('ar');
    const email = `unpaid-newcomer-${Date.now()}@example.org`;
    const password = 'Unpaid-pass-1';
    await withFees(platform.baseURL, SLUG, { atRegister: true }, async () => {
      await visit(`/${SLUG}/register`, 'ar');
      await expect(
        page.getByText(text('accounts.payment_banner', { price: formatPrice(REGISTER_PRICE, 'ar') })),
      ).toBeVisible();
      await register(page, 'ar', solveCaptcha, { name: 'سارة عادل', email, password });
      await expectArabic(page, 'تفرض هذه المجلة رسوم تسجيل، ويُفعَّل حسابك بعد سدادها.');
      const due = page.getByText(text('accounts.registration_fee_due'));
      const notPaid = page.getByTestId('registration-not-paid');
      const paid = page.getByTestId('registration-paid');
      const waiting = [
        page.getByRole('status').getByText(text('accounts.registration_payment_waiting'), { exact: true }),
        page.getByRole('button', { name: text('accounts.pay_registration_reopen') }),
      ];
      const gateway = { language: 'ar' as const, gateway: platform.gatewayURL, notYet: [notPaid, paid], waiting };

      // Cancelled in the popup: not paid, and it stays so.
      const pay = page.getByTestId('pay-registration');
      await payInPopup(page, () => pay.click(), { ...gateway, action: 'cancel', unpaid: [due, pay] });
      await expect(notPaid).toHaveText(text('accounts.registration_not_paid'));
      await expect(page.getByText('لم تُسدَّد رسوم التسجيل بعد. يمكنك المحاولة مرة أخرى.')).toBeVisible();
      await settle(page);
      await expect(notPaid).toBeVisible();
      await expect(paid).toBeHidden();

      // Activated but unpaid: login is refused with its reason.
      const activation = await platform.mailbox.waitFor(email);
      await page.goto(activation.link!.pathname + activation.link!.search);
      await expect(page.getByText(text('messages.activated'))).toBeVisible();
      await page.getByTestId('header-login').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text('accounts.email'), { exact: true }).fill(email);
      await dialog.getByLabel(text('accounts.password'), { exact: true }).fill(password);
      await dialog.getByTestId('login-submit').click();
      await expect(dialog.getByRole('alert')).toContainText(text('errors.accountAwaitingPayment'));
      await page.keyboard.press('Escape');

      // The ORCID outcome "paid" offers the payment: the account proves itself with its e-mail and password.
      await page.goto(`/${SLUG}/auth/orcid/login?status=invalid&message=paid`);
      await expect(page.getByText(text('orcid.paid'))).toBeVisible();
      const payment = page.getByTestId('registration-payment');
      await payment.getByLabel(text('accounts.email'), { exact: true }).fill(email);
      await payment.getByLabel(text('accounts.password'), { exact: true }).fill(password);
      const payAgain = payment.getByTestId('pay-registration');
      await payInPopup(page, () => payAgain.click(), { ...gateway, action: 'pay', unpaid: [due, payAgain] });
      await expect(paid).toHaveText(text('accounts.registration_paid'));
      await expectArabic(page, 'شكرًا لك، تم سداد رسوم التسجيل.');

      await login(email, { password, language: 'ar' });
      await expect(page).toHaveURL(/\/general\/dashboard\/?$/);
    });
  });
});
