import { translate } from '@journals/core/i18n/index';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userTokens } from '../src/db/schema';
import { app, LOGIN, mailTotal, sessionUser, useAccountsApp } from './accounts-setup';
import { createActiveUser, expectError, lastMailTo } from './harness';

/** Accounts API (spec 01 §8; DESIGN §5): forgot and reset password. */

useAccountsApp();

describe('forgot and reset password', () => {
  const FORGOT = '/api/journals/general/auth/forgot';
  const RESET = '/api/auth/reset';

  it('requires the captcha', async () => {
    const client = app.client();
    const mails = await mailTotal();
    expectError(
      await client.post(FORGOT, { email: 'researcher@general.test' }),
      400,
      'validation',
      'errors.validation',
      {
        Captcha: ['validation.recaptcha'],
      },
    );
    expectError(
      await client.post(FORGOT, { email: 'researcher@general.test', captcha: 'forged' }),
      400,
      'validation',
      'errors.validation',
      { Captcha: ['validation.recaptcha_invalid'] },
    );
    expect(await mailTotal()).toBe(mails);
  });

  it('answers the same for an unknown e-mail and mails a /general/recover?code= link only to a known one', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    const mails = await mailTotal();
    const unknown = await client.post(FORGOT, { email: 'nobody-at-all@example.org', captcha: await client.captcha() });
    const known = await client.post(FORGOT, { email: user.email.toUpperCase(), captcha: await client.captcha() });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.messageKey).toBe('messages.resetSent');
    expect(await mailTotal()).toBe(mails + 1);
    const { mail, link } = await lastMailTo(app, user.email);
    expect(mail!.kind).toBe('passwordReset');
    expect(link!.origin).toBe('http://journals.test');
    expect(link!.pathname).toBe('/general/recover');
    expect(link!.searchParams.get('code')).toBeTruthy();
  });

  async function resetCodeFor(email: string) {
    const client = app.client();
    expect((await client.post(FORGOT, { email, captcha: await client.captcha() })).status).toBe(200);
    const { link } = await lastMailTo(app, email);
    return link!.searchParams.get('code')!;
  }

  it('refuses a mismatched confirmation with PasswordConfirmation: validation.password_confirmation_required', async () => {
    const user = await createActiveUser(app);
    const code = await resetCodeFor(user.email);
    const client = app.client();
    const answer = await client.post(RESET, {
      code,
      email: user.email,
      password: 'Brand-new-1',
      passwordConfirmation: 'Brand-new-2',
    });
    expectError(answer, 400, 'validation', 'errors.validation', {
      PasswordConfirmation: ['validation.password_confirmation_required'],
    });
    expect((await client.post(LOGIN, { email: user.email, password: user.password })).status).toBe(200);
  });

  it('applies the password rules to the new password', async () => {
    const client = app.client();
    const answer = await client.post(RESET, {
      code: 'x',
      email: 'a@b.org',
      password: 'short',
      passwordConfirmation: 'short',
    });
    expectError(answer, 400, 'validation', 'errors.validation', { Password: ['validation.password_min'] });
  });

  it('refuses the code with another e-mail (messages.resetInvalid) without spending it', async () => {
    const user = await createActiveUser(app);
    const code = await resetCodeFor(user.email);
    const client = app.client();
    const wrong = await client.post(RESET, {
      code,
      email: 'researcher@general.test',
      password: 'Brand-new-1',
      passwordConfirmation: 'Brand-new-1',
    });
    expectError(wrong, 400, 'validation', 'messages.resetInvalid');
    expect((await client.post(LOGIN, { email: 'researcher@general.test', password: 'Demo-pass-1' })).status).toBe(200);
    const right = await client.post(RESET, {
      code,
      email: user.email,
      password: 'Brand-new-1',
      passwordConfirmation: 'Brand-new-1',
    });
    expect(right.status).toBe(200);
  });

  it('changes the password, ends every session of the account, and the code cannot be used again', async () => {
    const user = await createActiveUser(app);
    const signedIn = app.client();
    await signedIn.login(user.email, user.password);
    const code = await resetCodeFor(user.email);

    const client = app.client();
    const answer = await client.post(RESET, {
      code,
      email: user.email,
      password: 'Brand-new-1',
      passwordConfirmation: 'Brand-new-1',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      messageKey: 'messages.passwordReset',
      message: translate('en', 'messages.passwordReset'),
    });

    expect(await sessionUser(signedIn)).toBeNull();
    expectError(
      await client.post(LOGIN, { email: user.email, password: user.password }),
      400,
      'validation',
      'errors.loginFailed',
    );
    expect((await client.post(LOGIN, { email: user.email, password: 'Brand-new-1' })).status).toBe(200);

    const again = await app
      .client()
      .post(RESET, { code, email: user.email, password: 'Another-new-1', passwordConfirmation: 'Another-new-1' });
    expectError(again, 400, 'validation', 'messages.resetInvalid');
    expect((await app.client().post(LOGIN, { email: user.email, password: 'Brand-new-1' })).status).toBe(200);
  });

  it('refuses an expired reset code', async () => {
    const user = await createActiveUser(app);
    const code = await resetCodeFor(user.email);
    await app.deps.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.userId, user.userId), eq(userTokens.purpose, 'reset')));
    const answer = await app
      .client()
      .post(RESET, { code, email: user.email, password: 'Brand-new-1', passwordConfirmation: 'Brand-new-1' });
    expectError(answer, 400, 'validation', 'messages.resetInvalid');
  });
});
