import { translate } from '@journals/core/i18n/index';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, userTokens } from '../src/db/schema';
import { activationTokens, app, mailTotal, registerPending, useAccountsApp, userRow } from './accounts-setup';
import { expectError, lastMailTo } from './harness';

/** Accounts API (spec 01 §5; DESIGN §5): the activation link, and resending it. */

useAccountsApp();

describe('activation', () => {
  it('activates with the mailed userId and code', async () => {
    const client = app.client();
    const pending = await registerPending(client);
    const answer = await client.post('/api/auth/activate', { userId: pending.userId, code: pending.code });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ messageKey: 'messages.activated', message: translate('en', 'messages.activated') });
    expect(await userRow(pending.email)).toMatchObject({ emailConfirmed: true });
  });

  it('refuses a wrong code', async () => {
    const client = app.client();
    const pending = await registerPending(client);
    expectError(
      await client.post('/api/auth/activate', { userId: pending.userId, code: `${pending.code}x` }),
      400,
      'validation',
      'messages.activationInvalid',
    );
    expect(await userRow(pending.email)).toMatchObject({ emailConfirmed: false });
  });

  it("refuses the right code with another user's id, and does not spend it", async () => {
    const client = app.client();
    const first = await registerPending(client);
    const second = await registerPending(client);
    for (const userId of [second.userId, 2_000_000_000]) {
      expectError(
        await client.post('/api/auth/activate', { userId, code: first.code }),
        400,
        'validation',
        'messages.activationInvalid',
      );
    }
    expect(await userRow(second.email)).toMatchObject({ emailConfirmed: false });
    expect(await userRow(first.email)).toMatchObject({ emailConfirmed: false });
    expect((await client.post('/api/auth/activate', { userId: first.userId, code: first.code })).body.messageKey).toBe(
      'messages.activated',
    );
  });

  it('answers alreadyActive when the link is used a second time', async () => {
    const client = app.client();
    const pending = await registerPending(client);
    expect(
      (await client.post('/api/auth/activate', { userId: pending.userId, code: pending.code })).body.messageKey,
    ).toBe('messages.activated');
    const again = await client.post('/api/auth/activate', { userId: pending.userId, code: pending.code });
    expect(again.status).toBe(200);
    expect(again.body.messageKey).toBe('messages.alreadyActive');
  });

  it('does not tell a guessed code whether an account is already active', async () => {
    const client = app.client();
    const pending = await registerPending(client);
    await client.post('/api/auth/activate', { userId: pending.userId, code: pending.code });
    expectError(
      await client.post('/api/auth/activate', { userId: pending.userId, code: 'guessed-code' }),
      400,
      'validation',
      'messages.activationInvalid',
    );
  });

  it('refuses an expired link', async () => {
    const client = app.client();
    const pending = await registerPending(client);
    await app.deps.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, pending.userId));
    expectError(
      await client.post('/api/auth/activate', { userId: pending.userId, code: pending.code }),
      400,
      'validation',
      'messages.activationInvalid',
    );
    expect(await userRow(pending.email)).toMatchObject({ emailConfirmed: false });
  });

  it('answers 400 with UserId for a missing, non-numeric or out-of-range user id', async () => {
    const client = app.client();
    for (const userId of [undefined, 'abc', -1, 1.5, 99_999_999_999]) {
      const answer = await client.post('/api/auth/activate', { userId, code: 'abc' });
      expectError(answer, 400, 'validation', 'errors.validation');
      expect(Object.keys(answer.body.errors)).toEqual(['UserId']);
    }
  });
});

describe('resend activation', () => {
  const RESEND = '/api/journals/general/auth/resend';

  it('answers the same for an unknown e-mail, a confirmed account and an unconfirmed one', async () => {
    const client = app.client();
    const pending = await registerPending(client);
    const researcher = (await userRow('researcher@general.test'))!;
    const tokensBefore = await activationTokens(pending.userId);
    const researcherTokensBefore = await activationTokens(researcher.id);
    const mailsBefore = await mailTotal();

    const unknown = await client.post(RESEND, { email: 'nobody-here@example.org' });
    const confirmed = await client.post(RESEND, { email: 'researcher@general.test' });
    const unconfirmed = await client.post(RESEND, { email: pending.email.toUpperCase() });
    for (const answer of [unknown, confirmed, unconfirmed]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(unknown.body);
    }
    expect(unknown.body.messageKey).toBe('messages.activationResent');

    // Only the unconfirmed account got a new token and a mail.
    expect(await mailTotal()).toBe(mailsBefore + 1);
    expect(await activationTokens(researcher.id)).toEqual(researcherTokensBefore);
    const tokensAfter = await activationTokens(pending.userId);
    expect(tokensAfter.at(-1)!.id).toBeGreaterThan(tokensBefore.at(-1)!.id);
    const [unknownMail] = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'nobody-here@example.org'));
    expect(unknownMail).toBeUndefined();

    // The new link works; the old one was replaced.
    const { link } = await lastMailTo(app, pending.email);
    expect(link!.searchParams.get('code')).not.toBe(pending.code);
    expectError(
      await client.post('/api/auth/activate', { userId: pending.userId, code: pending.code }),
      400,
      'validation',
      'messages.activationInvalid',
    );
    const activated = await client.post('/api/auth/activate', {
      userId: pending.userId,
      code: link!.searchParams.get('code'),
    });
    expect(activated.body.messageKey).toBe('messages.activated');
  });

  it('validates the e-mail', async () => {
    const client = app.client();
    expectError(await client.post(RESEND, { email: '' }), 400, 'validation', 'errors.validation', {
      Email: ['validation.email_required'],
    });
  });
});
