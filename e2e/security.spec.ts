import { LOGIN_THROTTLE } from '@journals/core/limits';
import { type APIRequestContext, request } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DEMO_PASSWORD, expect, loginThroughDialog, test } from './fixtures';
import { expectArabicPage } from './support/arabic';
import type { Platform } from './support/platform';
import { LANGUAGES, textOf } from './support/text';

/**
 * Two attacks of decision 0014 played in a real browser: a cross-site form that would sign the visitor into the
 * attacker's account through another spelling of the API path, and a guesser who spends an account's hour of
 * failed sign-ins while its owner still gets in.
 */

/** A browser-less client with the csrf cookie repeated in its header, as the page does. */
async function apiContext(baseURL: string): Promise<{
  context: APIRequestContext;
  post: (path: string, data: unknown) => ReturnType<APIRequestContext['post']>;
}> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'en' } });
  await context.get('/api/journals/general/me');
  const post = async (path: string, data: unknown) => {
    const csrf = (await context.storageState()).cookies.find((cookie) => cookie.name === 'csrf')?.value ?? '';
    return context.post(path, { data, headers: { 'x-csrf-token': csrf } });
  };
  return { context, post };
}

/** A new, active researcher of `general`, registered and activated through the API and the mailed link. */
async function activeResearcher(platform: Platform, label: string) {
  const email = `${label}.${Date.now()}@example.org`;
  const password = 'Owner-pass-1';
  const { context, post } = await apiContext(platform.baseURL);
  try {
    const challenge = await (await context.get('/api/captcha')).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const specializations = (await (await context.get('/api/journals/general/auth/register')).json())
      .specializations as { id: number }[];
    const registered = await post('/api/journals/general/auth/register', {
      fullName: 'Salma Fathy',
      email,
      password,
      passwordConfirmation: password,
      jobTitle: 'Lecturer',
      specializations: [specializations[0]!.id],
      availableAsReviewer: false,
      captcha,
    });
    expect(registered.status()).toBe(201);
    const { link } = await platform.mailbox.waitFor(email);
    const activated = await post('/api/auth/activate', {
      userId: Number(link!.searchParams.get('userId')),
      code: link!.searchParams.get('code'),
    });
    expect(activated.status()).toBe(200);
  } finally {
    await context.dispose();
  }
  return { email, password };
}

test('a cross-site form posting to an encoded API path signs the visitor into nobody’s account', async ({
  page,
  platform,
  visit,
}) => {
  // The attacker's page, on another site, with a form that targets /%61pi/… (the router reads /api/…).
  await page.route('http://attacker.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body>
        <form method="post" action="${platform.baseURL}/%61pi/journals/general/auth/login">
          <input name="email" value="researcher@general.test">
          <input name="password" value="${DEMO_PASSWORD}">
          <button type="submit">Win a prize</button>
        </form></body></html>`,
    }),
  );
  await page.goto('http://attacker.example/prize');
  await page.getByRole('button', { name: 'Win a prize' }).click();
  await expect(page.locator('body')).toContainText('errors.csrf');
  expect((await page.context().cookies()).filter((cookie) => cookie.name === 'sid')).toEqual([]);
  // Back on the journal, the visitor is still a guest.
  await visit('/general/');
  await expect(page.getByTestId('header-login')).toBeVisible();
});

for (const language of LANGUAGES) {
  test(`after ${LOGIN_THROTTLE.failuresPerHour} wrong passwords from elsewhere a new browser is told to wait or reset, while the owner's browser signs in (${language})`, async ({
    page,
    browser,
    platform,
    visit,
  }) => {
    test.setTimeout(120_000);
    const text = textOf(language);
    const owner = await activeResearcher(platform, `owner-${language}`);

    // The owner signs in from their own browser before the attack, then signs out.
    const ownersContext = await browser.newContext({ baseURL: platform.baseURL });
    const ownersPage = await ownersContext.newPage();
    await ownersPage.addInitScript((lang) => window.localStorage.setItem('journals.language', lang), language);
    try {
      await ownersPage.goto('/general/');
      await loginThroughDialog(ownersPage, owner.email, { password: owner.password, language });
      await expect(ownersPage).toHaveURL(/\/general\/dashboard\/?$/);
      await ownersPage.goto('/general/logout');
      await expect(ownersPage.getByTestId('header-login')).toBeVisible();

      // The guesser spends the account's allowance.
      const guesser = await apiContext(platform.baseURL);
      for (let i = 0; i < LOGIN_THROTTLE.failuresPerHour; i++) {
        const answer = await guesser.post('/api/journals/general/auth/login', {
          email: owner.email,
          password: `Guess-${i}-pass`,
        });
        expect(answer.status()).toBe(400);
      }
      await guesser.context.dispose();

      // A browser that never signed in to the account is refused, even with the right password.
      await visit('/general/', language);
      await page.getByTestId('header-login').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text('accounts.email'), { exact: true }).fill(owner.email);
      await dialog.getByLabel(text('accounts.password'), { exact: true }).fill(owner.password);
      await dialog.getByTestId('login-submit').click();
      await expect(dialog.getByRole('alert')).toContainText(text('errors.accountThrottled'));
      if (language === 'ar') {
        await expectArabicPage(
          page,
          'محاولات دخول فاشلة كثيرة لهذا الحساب. من فضلك حاول مرة أخرى بعد ساعة، أو أعد تعيين كلمة المرور.',
        );
      }
      expect((await page.context().cookies()).filter((cookie) => cookie.name === 'sid')).toEqual([]);

      // The owner's browser gets in.
      await loginThroughDialog(ownersPage, owner.email, { password: owner.password, language });
      await expect(ownersPage).toHaveURL(/\/general\/dashboard\/?$/);
    } finally {
      await ownersContext.close();
    }
  });
}
