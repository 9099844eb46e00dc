import { translate } from '@journals/core/i18n/index';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  journalPaymentSettings,
  mailOutbox,
  sessions,
  specializations,
  userSpecializations,
  userTokens,
  users,
} from '../src/db/schema';
import {
  buildTestApp,
  createActiveUser,
  expectError,
  lastMailTo,
  registration,
  type TestApp,
  type TestClient,
  setCookies,
  uniqueEmail,
} from './harness';

/** Accounts API (spec 01 §5, §8; DESIGN §5, §6): registration, activation, sessions, passwords and profile. */

const REGISTER = '/api/journals/general/auth/register';
const LOGIN = '/api/journals/general/auth/login';
const ME = '/api/journals/general/me';
const PROFILE = '/api/journals/general/profile';

let app: TestApp;
let generalSpecs: number[];
let ethicsSpecs: number[];

beforeAll(async () => {
  app = await buildTestApp();
  const guest = app.client();
  generalSpecs = (await guest.get('/api/journals/general/auth/register')).body.specializations.map(
    (s: { id: number }) => s.id,
  );
  ethicsSpecs = (await guest.get('/api/journals/ethics/auth/register')).body.specializations.map(
    (s: { id: number }) => s.id,
  );
});
afterAll(() => app.close());

async function userTotal() {
  const [row] = await app.deps.db.select({ n: count() }).from(users);
  return row!.n;
}

async function userRow(email: string) {
  const [row] = await app.deps.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function mailTotal() {
  // Mail a request queued in the background (forgot-password) counts once that work is done.
  await app.deps.background.idle();
  const [row] = await app.deps.db.select({ n: count() }).from(mailOutbox);
  return row!.n;
}

async function activationTokens(userId: number) {
  return app.deps.db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'activate')))
    .orderBy(userTokens.id);
}

/** Registers without activating; returns the mailed link's userId and code. */
async function registerPending(client: TestClient, overrides: Record<string, unknown> = {}) {
  const body = await registration(client, overrides);
  const answer = await client.post(REGISTER, body);
  expect(answer.status).toBe(201);
  const email = String(body.email).toLowerCase();
  const { link } = await lastMailTo(app, email);
  return {
    email,
    password: String(body.password),
    userId: Number(link!.searchParams.get('userId')),
    code: link!.searchParams.get('code')!,
  };
}

/** Asserts the session cookie a client holds belongs to a logged-in user (or to nobody). */
async function sessionUser(client: TestClient) {
  return (await client.get(ME)).body.user;
}

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

describe('login', () => {
  it('answers the same body for a wrong password and an unknown e-mail', async () => {
    const client = app.client();
    const wrongPassword = await client.post(LOGIN, { email: 'researcher@general.test', password: 'Wrong-pass-1' });
    const unknownEmail = await client.post(LOGIN, { email: 'no-such-user@general.test', password: 'Wrong-pass-1' });
    expectError(wrongPassword, 400, 'validation', 'errors.loginFailed', {
      Email: ['errors.loginFailed'],
      Password: ['errors.loginFailed'],
    });
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(client.cookie('sid')).toBeUndefined();
  });

  it('validates e-mail and password with the login rules', async () => {
    const client = app.client();
    expectError(await client.post(LOGIN, { email: '', password: 'x' }), 400, 'validation', 'errors.validation', {
      Email: ['validation.email_required'],
    });
    expectError(await client.post(LOGIN, { email: 'a@b', password: '' }), 400, 'validation', 'errors.validation', {
      Password: ['validation.password_required'],
    });
    expectError(
      await client.post(LOGIN, { email: `${'e'.repeat(70)}@b.org`, password: 'x' }),
      400,
      'validation',
      'errors.validation',
      {
        Email: ['validation.email_max'],
      },
    );
    expectError(await client.post(LOGIN, { email: 'nope', password: 'x' }), 400, 'validation', 'errors.validation', {
      Email: ['validation.valid_email'],
    });
    expectError(
      await client.post(LOGIN, { email: 'a@b.org', password: 'p'.repeat(31) }),
      400,
      'validation',
      'errors.validation',
      {
        Password: ['validation.password_max'],
      },
    );
  });

  it('signs in with an httpOnly, SameSite=Lax session cookie and answers the user with roles of this journal', async () => {
    const client = app.client();
    const answer = await client.post(LOGIN, { email: 'Editor@General.test', password: 'Demo-pass-1' });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      email: 'editor@general.test',
      roles: ['editor'],
      editorType: 0,
      isPlatformAdmin: false,
    });
    expect(answer.body.user).not.toHaveProperty('passwordHash');
    const setCookie = setCookies(answer).find((c) => c.startsWith('sid='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect((await client.get(ME)).body.user.email).toBe('editor@general.test');
  });

  it('refuses an account that is not activated yet', async () => {
    const client = app.client();
    const pending = await registerPending(client);
    expectError(
      await client.post(LOGIN, { email: pending.email, password: pending.password }),
      400,
      'validation',
      'errors.accountNotActivated',
    );
  });

  it('refuses a banned user with errors.accountBanned, and a session the user had stops working', async () => {
    const user = await createActiveUser(app);
    const before = app.client();
    await before.login(user.email, user.password);
    await app.deps.db.update(users).set({ banned: true }).where(eq(users.id, user.userId));
    const client = app.client();
    expectError(
      await client.post(LOGIN, { email: user.email, password: user.password }),
      400,
      'validation',
      'errors.accountBanned',
    );
    expect(client.cookie('sid')).toBeUndefined();
    expect(await sessionUser(before)).toBeNull();
  });

  it('rotates the session at login: a new sid each time, and the previous one is ended', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    client.setCookie('sid', 'planted-by-someone-else');
    await client.login(user.email, user.password);
    const first = client.cookie('sid')!;
    expect(first).toBeTruthy();
    expect(first).not.toBe('planted-by-someone-else');
    await client.login(user.email, user.password);
    const second = client.cookie('sid')!;
    expect(second).not.toBe(first);
    expect((await sessionUser(client)).email).toBe(user.email);

    const stale = app.client();
    stale.setCookie('sid', first);
    expect(await sessionUser(stale)).toBeNull();
  });

  it('stores sessions hashed: the cookie value is not in the sessions table', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    const rows = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(client.cookie('sid'));
  });
});

describe('logout', () => {
  it('ends the session: /me answers user null and the old cookie no longer works', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    const sid = client.cookie('sid')!;
    const answer = await client.post('/api/auth/logout');
    expect(answer.status).toBe(200);
    expect(answer.body.messageKey).toBe('messages.loggedOut');
    expect(client.cookie('sid')).toBeUndefined();
    expect(await sessionUser(client)).toBeNull();

    const replay = app.client();
    replay.setCookie('sid', sid);
    expect(await sessionUser(replay)).toBeNull();
    expectError(await replay.get(PROFILE), 401, 'unauthenticated', 'errors.unauthenticated');
    expect(await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toEqual([]);
  });
});

describe('CSRF (double submit)', () => {
  it('refuses a POST without the x-csrf-token header with 403 errors.csrf, and writes nothing', async () => {
    const client = app.client();
    await client.get(ME);
    const body = await registration(client);
    const before = await userTotal();
    const answer = await app.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: body,
      headers: { cookie: `csrf=${client.cookie('csrf')}`, 'accept-language': 'en-US' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      code: 'forbidden',
      messageKey: 'errors.csrf',
      message: translate('en', 'errors.csrf'),
    });
    expect(await userTotal()).toBe(before);
    expect(await userRow(body.email)).toBeUndefined();
  });

  it('refuses a header that does not match the cookie, and a request with no csrf cookie at all', async () => {
    const client = app.client();
    await client.get(ME);
    const body = await registration(client);
    const mismatch = await client.post(REGISTER, body, { 'x-csrf-token': 'guessed-token' });
    expectError(mismatch, 403, 'forbidden', 'errors.csrf');
    const noCookie = await app.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: body,
      headers: { 'x-csrf-token': 'anything' },
    });
    expect(noCookie.statusCode).toBe(403);
    expect(noCookie.json().messageKey).toBe('errors.csrf');
    expect(await userRow(body.email)).toBeUndefined();
  });

  it('protects logout and profile changes of a logged-in user too', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    expectError(await client.post('/api/auth/logout', {}, { 'x-csrf-token': '' }), 403, 'forbidden', 'errors.csrf');
    expect((await sessionUser(client)).email).toBe(user.email);
    const put = await client.put(PROFILE, { fullName: 'Changed' }, { 'x-csrf-token': 'wrong' });
    expectError(put, 403, 'forbidden', 'errors.csrf');
    expect((await userRow(user.email))!.fullName).toBe('Nour Salem');
  });
});

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

describe('profile', () => {
  const profileBody = (overrides: Record<string, unknown> = {}) => ({
    fullName: 'Nour Salem',
    nameOnPaper: 'N. Salem',
    phone: '0101234567',
    jobTitle: 'Lecturer',
    workPlace: 'Nile University',
    specializations: [generalSpecs[0]],
    personalKeywords: [],
    availableAsReviewer: false,
    ...overrides,
  });

  async function signedInUser() {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    return { ...user, client };
  }

  it('needs a logged-in user: GET and PUT answer 401 unauthenticated, even with an invalid body', async () => {
    const guest = app.client();
    expectError(await guest.get(PROFILE), 401, 'unauthenticated', 'errors.unauthenticated');
    expectError(await guest.put(PROFILE, profileBody()), 401, 'unauthenticated', 'errors.unauthenticated');
    expectError(await guest.put(PROFILE, {}), 401, 'unauthenticated', 'errors.unauthenticated');
  });

  it('answers the profile of the logged-in user', async () => {
    const { client, email } = await signedInUser();
    const answer = await client.get(PROFILE);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      email,
      fullName: 'Nour Salem',
      nameOnPaper: 'Nour Salem',
      phone: '+20 10 1234 5678',
      jobTitle: 'Lecturer',
      workPlace: '',
      orcid: null,
      specializations: [generalSpecs[0]],
      personalKeywords: [],
      availableAsReviewer: false,
    });
  });

  const invalid: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['name on paper empty', { nameOnPaper: '' }, { NameOnPaper: ['validation.nameOnPaper_required'] }],
    [
      'name on paper of 51 characters',
      { nameOnPaper: 'n'.repeat(51) },
      { NameOnPaper: ['validation.nameOnPaper_max'] },
    ],
    ['work place blank', { workPlace: '   ' }, { WorkPlace: ['validation.workPlace_required'] }],
    ['work place of 201 characters', { workPlace: 'w'.repeat(201) }, { WorkPlace: ['validation.workPlace_max'] }],
    ['full name of 76 characters', { fullName: 'f'.repeat(76) }, { FullName: ['validation.fullName_max'] }],
    ['job title empty', { jobTitle: '' }, { JobTitle: ['validation.jobTitle_required'] }],
    ['phone of 17 characters', { phone: '+2010123456789012' }, { PhoneNumber: ['validation.valid_phone'] }],
    ['no specialization', { specializations: [] }, { Specializations: ['validation.specializations'] }],
    [
      'e-mail change without confirmation',
      { changeEmail: true, email: 'new@example.org', currentPassword: 'Strong-pass-1' },
      { EmailConfirmation: ['validation.email_confirmation_required'] },
    ],
    [
      'e-mail change with a different confirmation',
      {
        changeEmail: true,
        email: 'new@example.org',
        emailConfirmation: 'other@example.org',
        currentPassword: 'Strong-pass-1',
      },
      { EmailConfirmation: ['validation.email_confirmation_match'] },
    ],
    [
      'e-mail change to an invalid address',
      { changeEmail: true, email: 'nope', emailConfirmation: 'nope', currentPassword: 'Strong-pass-1' },
      { Email: ['validation.valid_email'] },
    ],
    [
      'e-mail change without the current password',
      { changeEmail: true, email: 'new@example.org', emailConfirmation: 'new@example.org' },
      { CurrentPassword: ['validation.currentPassword_required'] },
    ],
    [
      'password change with a short password',
      { changePassword: true, password: 'short', passwordConfirmation: 'short', currentPassword: 'Strong-pass-1' },
      { Password: ['validation.password_min'] },
    ],
    [
      'password change with a different confirmation',
      {
        changePassword: true,
        password: 'Brand-new-1',
        passwordConfirmation: 'Brand-new-2',
        currentPassword: 'Strong-pass-1',
      },
      { PasswordConfirmation: ['validation.password_confirmation_match'] },
    ],
  ];

  it.each(invalid)('PUT refuses %s and changes nothing', async (_name, overrides, errors) => {
    const { client } = await signedInUser();
    const before = (await client.get(PROFILE)).body;
    expectError(await client.put(PROFILE, profileBody(overrides)), 400, 'validation', 'errors.validation', errors);
    expect((await client.get(PROFILE)).body).toEqual(before);
  });

  // The ORCID iD is linked only through ORCID (docs/decisions/0012-orcid-linking.md): a typed one is not saved.
  it('saves the personal fields and ignores a typed ORCID iD', async () => {
    const { client } = await signedInUser();
    const answer = await client.put(
      PROFILE,
      profileBody({
        orcid: '0000-0002-1825-0097',
        nameOnPaper: 'n'.repeat(50),
        workPlace: 'w'.repeat(200),
        availableAsReviewer: true,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      messageKey: 'messages.profileSaved',
      message: translate('en', 'messages.profileSaved'),
    });
    expect((await client.get(PROFILE)).body).toMatchObject({
      orcid: null,
      nameOnPaper: 'n'.repeat(50),
      workPlace: 'w'.repeat(200),
      availableAsReviewer: true,
      phone: '0101234567',
    });
  });

  it('refuses an e-mail change with a wrong current password (CurrentPassword: validation.currentPassword_wrong)', async () => {
    const { client, email } = await signedInUser();
    const answer = await client.put(
      PROFILE,
      profileBody({
        changeEmail: true,
        email: 'changed@example.org',
        emailConfirmation: 'changed@example.org',
        currentPassword: 'Not-my-pass-1',
      }),
    );
    expectError(answer, 400, 'validation', 'errors.validation', {
      CurrentPassword: ['validation.currentPassword_wrong'],
    });
    expect((await client.get(PROFILE)).body.email).toBe(email);
  });

  it("refuses an e-mail taken by someone else's account (any case)", async () => {
    const { client, email, password } = await signedInUser();
    const answer = await client.put(
      PROFILE,
      profileBody({
        changeEmail: true,
        email: 'Reviewer@General.test',
        emailConfirmation: 'reviewer@general.test',
        currentPassword: password,
      }),
    );
    expectError(answer, 400, 'validation', 'errors.validation', { Email: ['validation.email_taken'] });
    expect((await client.get(PROFILE)).body.email).toBe(email);
  });

  it('changes the e-mail with the confirmation and the current password; the new one logs in', async () => {
    const { client, password } = await signedInUser();
    const next = uniqueEmail('changed');
    const answer = await client.put(
      PROFILE,
      profileBody({ changeEmail: true, email: next.toUpperCase(), emailConfirmation: next, currentPassword: password }),
    );
    expect(answer.status).toBe(200);
    expect((await client.get(PROFILE)).body.email).toBe(next);
    expect((await app.client().post(LOGIN, { email: next, password })).status).toBe(200);
  });

  it('replaces the specializations of this journal only; those of another journal stay', async () => {
    const { client, userId } = await signedInUser();
    await app.deps.db.insert(userSpecializations).values({ userId, specializationId: ethicsSpecs[1]! });
    const answer = await client.put(PROFILE, profileBody({ specializations: [generalSpecs[2], generalSpecs[3]] }));
    expect(answer.status).toBe(200);
    expect((await client.get(PROFILE)).body.specializations.sort()).toEqual([generalSpecs[2], generalSpecs[3]].sort());
    expect((await client.get('/api/journals/ethics/profile')).body.specializations).toEqual([ethicsSpecs[1]]);
    const rows = await app.deps.db
      .select({ id: userSpecializations.specializationId, journalId: specializations.journalId })
      .from(userSpecializations)
      .innerJoin(specializations, eq(specializations.id, userSpecializations.specializationId))
      .where(eq(userSpecializations.userId, userId));
    expect(rows.map((r) => r.id).sort()).toEqual([generalSpecs[2], generalSpecs[3], ethicsSpecs[1]].sort());
  });

  it("refuses another journal's specialization through this journal's profile", async () => {
    const { client } = await signedInUser();
    const before = (await client.get(PROFILE)).body;
    expectError(
      await client.put(PROFILE, profileBody({ specializations: [ethicsSpecs[0]] })),
      400,
      'validation',
      'errors.validation',
      {
        Specializations: ['validation.unknown_specialization'],
      },
    );
    expect((await client.get(PROFILE)).body).toEqual(before);
  });

  it('saves personal keywords (trimmed, without duplicates)', async () => {
    const { client } = await signedInUser();
    expect(
      (await client.put(PROFILE, profileBody({ personalKeywords: [' water ', 'sensors', 'water', 'تحلية'] }))).status,
    ).toBe(200);
    expect((await client.get(PROFILE)).body.personalKeywords).toEqual(['water', 'sensors', 'تحلية']);
  });

  it('a changed password ends the other sessions of the account and keeps this one', async () => {
    const { client, email, password } = await signedInUser();
    const elsewhere = app.client();
    await elsewhere.login(email, password);
    const wrong = await client.put(
      PROFILE,
      profileBody({
        changePassword: true,
        password: 'Brand-new-1',
        passwordConfirmation: 'Brand-new-1',
        currentPassword: 'Not-it-at-all-1',
      }),
    );
    expectError(wrong, 400, 'validation', 'errors.validation', {
      CurrentPassword: ['validation.currentPassword_wrong'],
    });
    expect((await sessionUser(elsewhere)).email).toBe(email);

    const answer = await client.put(
      PROFILE,
      profileBody({
        changePassword: true,
        password: 'Brand-new-1',
        passwordConfirmation: 'Brand-new-1',
        currentPassword: password,
      }),
    );
    expect(answer.status).toBe(200);
    expect((await sessionUser(client)).email).toBe(email);
    expect(await sessionUser(elsewhere)).toBeNull();
    expectError(await app.client().post(LOGIN, { email, password }), 400, 'validation', 'errors.loginFailed');
    expect((await app.client().post(LOGIN, { email, password: 'Brand-new-1' })).status).toBe(200);
  });
});

describe('bad input never answers 500', () => {
  const json = { 'content-type': 'application/json' };

  it('malformed JSON answers the 400 envelope on every JSON route', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    const routes: [string, string][] = [
      ['POST', REGISTER],
      ['POST', LOGIN],
      ['POST', '/api/journals/general/auth/resend'],
      ['POST', '/api/journals/general/auth/forgot'],
      ['POST', '/api/auth/activate'],
      ['POST', '/api/auth/reset'],
      ['POST', '/api/journals/general/auth/orcid/register'],
      ['PUT', PROFILE],
    ];
    for (const [method, url] of routes) {
      for (const payload of ['{"email":', '{email: "x"}', '[1,2', '', 'nul']) {
        const answer = await client.request(method, url, payload, json);
        expect({ url, payload, status: answer.status }).toEqual({ url, payload, status: 400 });
        expect(answer.body).toMatchObject({ code: 'validation', messageKey: 'errors.validation' });
      }
      for (const payload of [
        'null',
        '[]',
        '"text"',
        '42',
        '{"email":{},"password":[],"userId":{},"code":7,"fullName":true}',
      ]) {
        const answer = await client.request(method, url, payload, json);
        expect({ url, payload, status: answer.status }).toEqual({ url, payload, status: 400 });
        expect(answer.body).toMatchObject({ code: 'validation', messageKey: 'errors.validation' });
        expect(answer.body.errors).toBeTypeOf('object');
      }
    }
  });

  it('text the database cannot store (a NUL character) or ids beyond its range answer 400', async () => {
    const client = app.client();
    const before = await userTotal();
    expectError(
      await client.post(LOGIN, { email: 'a\u0000b@example.org', password: 'x' }),
      400,
      'validation',
      'errors.validation',
    );
    expectError(
      await client.post('/api/journals/general/auth/resend', { email: 'a\u0000b@example.org' }),
      400,
      'validation',
      'errors.validation',
    );
    const register = await client.post(REGISTER, await registration(client, { fullName: 'Nul\u0000Name' }));
    expectError(register, 400, 'validation', 'errors.validation');
    const spec = await client.post(REGISTER, await registration(client, { specializations: [3_000_000_000] }));
    expect(spec.status).toBe(400);
    expect(spec.body.code).toBe('validation');
    expect(await userTotal()).toBe(before);
    expectError(await client.get('/api/journals/gen%00eral'), 400, 'validation', 'errors.validation');
  });

  it('a form-encoded body is refused by the JSON endpoints with 415 errors.unsupportedMediaType', async () => {
    const client = app.client();
    const answer = await client.request('POST', LOGIN, 'email=researcher%40general.test&password=Demo-pass-1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectError(answer, 415, 'unsupportedMediaType', 'errors.unsupportedMediaType');
    expect(setCookies(answer).filter((cookie) => cookie.startsWith('sid='))).toEqual([]);
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

describe('profile fields that may be empty', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('accepts back the nulls the profile answers for no phone and no ORCID iD', async () => {
    const client = app.client();
    await client.login('researcher@general.test');
    const { body: profile } = await client.get('/api/journals/general/profile');
    expect(profile.phone).toBeNull();
    expect(profile.orcid).toBeNull();
    const saved = await client.put('/api/journals/general/profile', {
      ...profile,
      workPlace: 'Nile University',
      personalKeywords: ['air quality; sensors', 'sensors'],
    });
    expect(saved.status).toBe(200);
    const { body: after } = await client.get('/api/journals/general/profile');
    expect(after).toMatchObject({ phone: null, orcid: null, personalKeywords: ['air quality', 'sensors'] });
  });
});
