import { translate } from '@journals/core/i18n/index';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journalPaymentSettings, users, userSpecializations } from '../src/db/schema';
import {
  app,
  ethicsSpecs,
  generalSpecs,
  LOGIN,
  mailTotal,
  REGISTER,
  registerPending,
  useAccountsApp,
  userRow,
  userTotal,
} from './accounts-setup';
import { expectError, lastMailTo, registration, uniqueEmail } from './harness';

/** Accounts API (spec 01 §5; DESIGN §5, §7): registration — its field rules, captcha, outcomes and activation mail. */

useAccountsApp();

describe('register: field rules (spec 01 §5) answer 400 with the spec field name and key, and write nothing', () => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['full name missing', { fullName: undefined }, { FullName: ['validation.fullName_required'] }],
    ['full name whitespace only', { fullName: '   ' }, { FullName: ['validation.fullName_required'] }],
    ['full name of 76 characters', { fullName: 'a'.repeat(76) }, { FullName: ['validation.fullName_max'] }],
    ['full name of the wrong type', { fullName: 42 }, { FullName: ['validation.fullName_required'] }],
    ['job title empty', { jobTitle: '' }, { JobTitle: ['validation.jobTitle_required'] }],
    ['job title of 51 characters', { jobTitle: 'j'.repeat(51) }, { JobTitle: ['validation.jobTitle_max'] }],
    ['e-mail missing', { email: undefined }, { Email: ['validation.email_required'] }],
    ['e-mail blank', { email: '  ' }, { Email: ['validation.email_required'] }],
    ['e-mail without @', { email: 'not-an-email' }, { Email: ['validation.valid_email'] }],
    ['e-mail with a space', { email: 'first last@example.org' }, { Email: ['validation.valid_email'] }],
    ['e-mail of 76 characters', { email: `${'e'.repeat(64)}@example.org` }, { Email: ['validation.email_max'] }],
    [
      'password empty',
      { password: '', passwordConfirmation: 'Strong-pass-1' },
      { Password: ['validation.password_required'] },
    ],
    [
      'password of spaces only',
      { password: '         ', passwordConfirmation: '         ' },
      { Password: ['validation.password_alpha'] },
    ],
    [
      'password of symbols only',
      { password: '!@#$%^&*()', passwordConfirmation: '!@#$%^&*()' },
      { Password: ['validation.password_alpha'] },
    ],
    [
      'password of 7 characters',
      { password: 'Abc-123', passwordConfirmation: 'Abc-123' },
      { Password: ['validation.password_min'] },
    ],
    [
      'password of 31 characters',
      { password: 'P'.repeat(31), passwordConfirmation: 'P'.repeat(31) },
      { Password: ['validation.password_max'] },
    ],
    [
      'confirmation different',
      { passwordConfirmation: 'Other-pass-1' },
      { PasswordConfirmation: ['validation.password_confirmation_match'] },
    ],
    [
      'confirmation empty',
      { passwordConfirmation: '' },
      { PasswordConfirmation: ['validation.password_confirmation_required'] },
    ],
    ['phone with letters', { phone: 'call me maybe' }, { PhoneNumber: ['validation.valid_phone'] }],
    ['phone of 17 characters', { phone: '+2010123456789012' }, { PhoneNumber: ['validation.valid_phone'] }],
    ['no specialization', { specializations: [] }, { Specializations: ['validation.specializations'] }],
    ['specializations missing', { specializations: undefined }, { Specializations: ['validation.specializations'] }],
    ['specializations not a list', { specializations: 'all' }, { Specializations: ['validation.specializations'] }],
    [
      'available-as-reviewer not a boolean',
      { availableAsReviewer: 'yes' },
      { AvailableAsReviewer: ['validation.invalid'] },
    ],
    ['captcha missing', { captcha: undefined }, { Captcha: ['validation.recaptcha'] }],
    ['captcha empty', { captcha: '' }, { Captcha: ['validation.recaptcha'] }],
  ];

  it.each(cases)('%s', async (_name, overrides, errors) => {
    const client = app.client();
    const body = await registration(client, overrides);
    const before = await userTotal();
    const answer = await client.post(REGISTER, body);
    expectError(answer, 400, 'validation', 'errors.validation', errors);
    expect(await userTotal()).toBe(before);
  });

  it('accepts every field at its limit (75, 50, 75, 8 and 30, 16)', async () => {
    const client = app.client();
    const local = `limit${Date.now().toString(36)}`;
    const email = `${local}${'x'.repeat(75 - local.length - '@example.org'.length)}@example.org`;
    expect(email).toHaveLength(75);
    for (const password of ['Abcd-123', `A1-${'b'.repeat(27)}`]) {
      const answer = await client.post(
        REGISTER,
        await registration(client, {
          email: password.length === 8 ? email : uniqueEmail('limit'),
          fullName: 'f'.repeat(75),
          jobTitle: 'j'.repeat(50),
          phone: '+201012345678901',
          password,
          passwordConfirmation: password,
        }),
      );
      expect(answer.status).toBe(201);
    }
    expect(await userRow(email)).toMatchObject({
      fullName: 'f'.repeat(75),
      jobTitle: 'j'.repeat(50),
      phone: '+201012345678901',
    });
  });

  it("refuses another journal's specialization under Specializations", async () => {
    const client = app.client();
    const body = await registration(client, { specializations: [generalSpecs[0], ethicsSpecs[0]] });
    const before = await userTotal();
    expectError(await client.post(REGISTER, body), 400, 'validation', 'errors.validation', {
      Specializations: ['validation.unknown_specialization'],
    });
    expect(await userTotal()).toBe(before);
    expect(await userRow(body.email)).toBeUndefined();
  });

  const flip = (hex: string) => (hex[0] === 'a' ? 'b' : 'a') + hex.slice(1);
  /** A challenge signed with another secret, solved correctly: a captcha from somewhere else. */
  async function foreignSolvedCaptcha() {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 10,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      hmacSignatureSecret: 'another-secret-another-secret',
      hmacKeySignatureSecret: 'another-secret-another-secret:key',
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('refuses a forged captcha payload (not base64 JSON, JSON null, a wrong key, a changed or foreign challenge)', async () => {
    const client = app.client();
    const real = JSON.parse(Buffer.from(await client.captcha(), 'base64').toString());
    const b64 = (value: unknown) =>
      Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');
    const forged = [
      'definitely not a captcha',
      b64('null'),
      b64('42'),
      b64({ challenge: real.challenge, solution: { ...real.solution, derivedKey: flip(real.solution.derivedKey) } }),
      b64({ challenge: { ...real.challenge, signature: flip(real.challenge.signature) }, solution: real.solution }),
      b64({
        challenge: {
          ...real.challenge,
          parameters: { ...real.challenge.parameters, expiresAt: real.challenge.parameters.expiresAt + 3600 },
        },
        solution: real.solution,
      }),
      await foreignSolvedCaptcha(),
    ];
    const before = await userTotal();
    for (const captcha of forged) {
      const body = await registration(client, { captcha });
      expectError(await client.post(REGISTER, body), 400, 'validation', 'errors.validation', {
        Captcha: ['validation.recaptcha_invalid'],
      });
    }
    expect(await userTotal()).toBe(before);
  });

  it('refuses a REPLAYED captcha payload: each solution is accepted once', async () => {
    const client = app.client();
    const captcha = await client.captcha();
    const first = await client.post(REGISTER, await registration(client, { captcha }));
    expect(first.status).toBe(201);
    const before = await userTotal();
    const replay = await registration(client, { captcha });
    expectError(await client.post(REGISTER, replay), 400, 'validation', 'errors.validation', {
      Captcha: ['validation.recaptcha_invalid'],
    });
    expect(await userTotal()).toBe(before);
    expect(await userRow(replay.email)).toBeUndefined();
  });
});

describe('register: outcomes', () => {
  it('creates an unconfirmed researcher of this journal and answers 201 with the e-mail, lower-cased', async () => {
    const client = app.client();
    const email = `Mixed.Case.${Date.now()}@Example.ORG`;
    const body = await registration(client, {
      email: `  ${email} `,
      specializations: [generalSpecs[1], generalSpecs[2]],
      availableAsReviewer: true,
    });
    const answer = await client.post(REGISTER, body);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      messageKey: 'messages.registered',
      message: translate('en', 'messages.registered'),
      email: email.toLowerCase(),
    });
    const row = await userRow(email.toLowerCase());
    expect(row).toMatchObject({ emailConfirmed: false, availableAsReviewer: true, banned: false });
    const chosen = await app.deps.db.select().from(userSpecializations).where(eq(userSpecializations.userId, row!.id));
    expect(chosen.map((r) => r.specializationId).sort()).toEqual([generalSpecs[1], generalSpecs[2]].sort());
  });

  it('answers Email: validation.email_taken for a used e-mail in any letter case, and writes nothing', async () => {
    const client = app.client();
    const before = await userTotal();
    for (const email of ['researcher@general.test', 'RESEARCHER@General.Test', '  Researcher@GENERAL.test ']) {
      expectError(
        await client.post(REGISTER, await registration(client, { email })),
        400,
        'validation',
        'errors.validation',
        {
          Email: ['validation.email_taken'],
        },
      );
    }
    expect(await userTotal()).toBe(before);
  });

  it('answers email_taken (never 500) when registrations race for the same e-mail', async () => {
    // On PostgreSQL the racers all pass the "is it free" check; the unique index stops all but one. Three rounds
    // make the overlap (and so the check of that path) near certain.
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('race');
      const clients = Array.from({ length: 6 }, () => app.client());
      const bodies = await Promise.all(clients.map((client) => registration(client, { email })));
      const answers = await Promise.all(clients.map((client, index) => client.post(REGISTER, bodies[index])));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
      for (const answer of answers.filter((a) => a.status === 400)) {
        expectError(answer, 400, 'validation', 'errors.validation', { Email: ['validation.email_taken'] });
      }
      const [row] = await app.deps.db.select({ n: count() }).from(users).where(eq(users.email, email));
      expect(row!.n).toBe(1);
    }
  });

  it('speaks Arabic when the request asks for ar-EG: error messages and the activation mail', async () => {
    const client = app.client();
    client.language = 'ar';
    const invalid = await client.post(REGISTER, await registration(client, { fullName: '' }));
    expectError(invalid, 400, 'validation', 'errors.validation', { FullName: ['validation.fullName_required'] });
    expect(invalid.body.message).toBe(translate('ar', 'errors.validation'));
    expect(invalid.body.message).toMatch(/[\u0600-\u06FF]/);

    const body = await registration(client);
    const answer = await client.post(REGISTER, body);
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(translate('ar', 'messages.registered'));
    expect(answer.body.message).toMatch(/[\u0600-\u06FF]/);
    const { mail } = await lastMailTo(app, body.email);
    expect(mail!.subject).toMatch(/[\u0600-\u06FF]/);
    // The link's lifetime agrees with its number, in the Arabic digits of Arabic pages (decision 0027).
    expect(mail!.text).toContain('(صالح لمدة ٤٨ ساعة)');
  });

  it('builds the activation link from PUBLIC_URL, never from the Host or X-Forwarded-Host of the request', async () => {
    const client = app.client();
    const body = await registration(client);
    const answer = await client.post(REGISTER, body, {
      host: 'evil.test',
      'x-forwarded-host': 'evil.test',
      'x-forwarded-proto': 'https',
    });
    expect(answer.status).toBe(201);
    const { mail, link } = await lastMailTo(app, body.email);
    expect(mail).toMatchObject({ kind: 'activation', state: 'pending', toAddress: body.email });
    expect(link!.origin).toBe('http://journals.test');
    expect(link!.pathname).toBe('/general/activate');
    expect(link!.searchParams.get('userId')).toMatch(/^\d+$/);
    expect(link!.searchParams.get('code')).toBeTruthy();
    expect(mail!.text).not.toContain('evil.test');
  });

  it('shows atRegister and its price when the journal charges registration, and the account waits for payment', async () => {
    const client = app.client();
    const journalId = (await client.get('/api/journals/general')).body.id as number;
    await app.deps.db
      .update(journalPaymentSettings)
      .set({ atRegister: true, atRegisterPrice: '150.00' })
      .where(eq(journalPaymentSettings.journalId, journalId));
    try {
      const info = await client.get('/api/journals/general/auth/register');
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ atRegister: true, atRegisterPrice: '150.00' });
      expect(info.body.specializations.map((s: { id: number }) => s.id)).toEqual(generalSpecs);

      const pending = await registerPending(client);
      expect(await userRow(pending.email)).toMatchObject({ registrationPaid: false });
      expect((await client.post('/api/auth/activate', { userId: pending.userId, code: pending.code })).status).toBe(
        200,
      );
      const login = await client.post(LOGIN, { email: pending.email, password: pending.password });
      expectError(login, 400, 'validation', 'errors.accountAwaitingPayment');
      expect(client.cookie('sid')).toBeUndefined();
    } finally {
      await app.deps.db
        .update(journalPaymentSettings)
        .set({ atRegister: false, atRegisterPrice: null })
        .where(eq(journalPaymentSettings.journalId, journalId));
    }
    const info = await client.get('/api/journals/general/auth/register');
    expect(info.body).toMatchObject({ atRegister: false, atRegisterPrice: null });
  });
});

describe('mail outbox rows of accounts', () => {
  it('writes the activation mail in the same transaction as the account (no account, no mail)', async () => {
    const client = app.client();
    const body = await registration(client);
    const email = String(body.email).toLowerCase();
    const accounts = await userTotal();
    const mails = await mailTotal();
    // The outbox refuses this one address: the failure comes after the account row is written.
    const refused = sql.raw(`'${email.replace(/'/g, "''")}'`);
    await app.deps.db.execute(
      sql`ALTER TABLE mail_outbox ADD CONSTRAINT refuse_test_mail CHECK (to_address <> ${refused})`,
    );
    const answer = await client
      .post(REGISTER, body)
      .finally(() => app.deps.db.execute(sql`ALTER TABLE mail_outbox DROP CONSTRAINT refuse_test_mail`));
    expectError(answer, 500, 'internal', 'errors.internal');
    expect(await userRow(email)).toBeUndefined();
    expect(await userTotal()).toBe(accounts);
    expect(await mailTotal()).toBe(mails);
    expect((await lastMailTo(app, email)).mail).toBeUndefined();
    // Nothing of the refused registration is left: the same e-mail registers now.
    const again = await client.post(REGISTER, { ...body, captcha: await client.captcha() });
    expect(again.status).toBe(201);
    expect((await lastMailTo(app, email)).mail?.kind).toBe('activation');
  });
});
