import { translate } from '@journals/core/i18n/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specializations, userSpecializations } from '../src/db/schema';
import { app, ethicsSpecs, generalSpecs, LOGIN, PROFILE, sessionUser, useAccountsApp } from './accounts-setup';
import { buildTestApp, createActiveUser, expectError, type TestApp, uniqueEmail } from './harness';

/** Accounts API (spec 01 §5; DESIGN §5): the profile of the signed-in user. */

useAccountsApp();

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
