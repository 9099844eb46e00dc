import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { specFieldName } from '../src/errors';
import {
  activateRequest,
  forgotPasswordRequest,
  loginRequest,
  orcidRegisterRequest,
  profileUpdateRequest,
  registerRequest,
  resetPasswordRequest,
} from '../src/schemas/accounts';
import { LIMITS } from '../src/limits';
import { MAX_ID } from '../src/schemas/fields';

/**
 * The account schemas are the server's validation and the web forms' resolver at once (DESIGN §5): each rule of
 * spec 01 §5 and spec 03 §5 gives its message key under the spec's field name.
 */

/** The field errors a schema gives, keyed as the server sends them ({ Field: [messageKey] }); null when valid. */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = specFieldName(issue.path);
    const keys = (errors[field] ??= []);
    if (!keys.includes(issue.message)) keys.push(issue.message);
  }
  return errors;
}

const validRegistration = {
  fullName: 'Layla Mahmoud',
  email: 'layla@example.org',
  password: 'Strong-pass-1',
  passwordConfirmation: 'Strong-pass-1',
  phone: '+20 10 1234 5678',
  jobTitle: 'Lecturer',
  specializations: [1, 2],
  availableAsReviewer: true,
  captcha: 'payload',
};

describe('registerRequest (spec 01 §5)', () => {
  it('accepts a complete registration, trims and lower-cases the e-mail, defaults availableAsReviewer', () => {
    const parsed = registerRequest.parse({
      ...validRegistration,
      email: '  Layla@Example.ORG ',
      availableAsReviewer: undefined,
    });
    expect(parsed.email).toBe('layla@example.org');
    expect(parsed.availableAsReviewer).toBe(false);
  });

  it('treats the phone as optional: missing or blank gives undefined', () => {
    expect(registerRequest.parse({ ...validRegistration, phone: undefined }).phone).toBeUndefined();
    expect(registerRequest.parse({ ...validRegistration, phone: '   ' }).phone).toBeUndefined();
    expect(registerRequest.parse({ ...validRegistration, phone: ' 0101234567 ' }).phone).toBe('0101234567');
  });

  it('accepts every field at its limit', () => {
    const atLimits = {
      ...validRegistration,
      fullName: 'f'.repeat(75),
      jobTitle: 'j'.repeat(50),
      email: `${'e'.repeat(63)}@example.org`,
      phone: '+201012345678901',
      password: 'p1'.repeat(15),
      passwordConfirmation: 'p1'.repeat(15),
    };
    expect(atLimits.email).toHaveLength(75);
    expect(fieldErrors(registerRequest, atLimits)).toBeNull();
    expect(
      fieldErrors(registerRequest, { ...validRegistration, password: 'Abcd-123', passwordConfirmation: 'Abcd-123' }),
    ).toBeNull();
  });

  it('accepts passwords with letters or digits of any script', () => {
    for (const password of ['كلمة مرور قوية', '12345678', 'Passwörter']) {
      expect(
        fieldErrors(registerRequest, { ...validRegistration, password, passwordConfirmation: password }),
      ).toBeNull();
    }
  });

  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['full name missing', { fullName: undefined }, { FullName: ['validation.fullName_required'] }],
    ['full name blank', { fullName: ' \t ' }, { FullName: ['validation.fullName_required'] }],
    ['full name of 76', { fullName: 'f'.repeat(76) }, { FullName: ['validation.fullName_max'] }],
    ['job title missing', { jobTitle: undefined }, { JobTitle: ['validation.jobTitle_required'] }],
    ['job title of 51', { jobTitle: 'j'.repeat(51) }, { JobTitle: ['validation.jobTitle_max'] }],
    ['e-mail missing', { email: undefined }, { Email: ['validation.email_required'] }],
    ['e-mail empty', { email: '' }, { Email: ['validation.email_required'] }],
    ['e-mail without domain dot', { email: 'layla@example' }, { Email: ['validation.valid_email'] }],
    ['e-mail with two @', { email: 'a@b@example.org' }, { Email: ['validation.valid_email'] }],
    ['e-mail of 76', { email: `${'e'.repeat(64)}@example.org` }, { Email: ['validation.email_max'] }],
    [
      'password missing',
      { password: undefined, passwordConfirmation: 'x' },
      { Password: ['validation.password_required'] },
    ],
    ['password empty', { password: '', passwordConfirmation: 'x' }, { Password: ['validation.password_required'] }],
    [
      'password whitespace only',
      { password: '          ', passwordConfirmation: '          ' },
      { Password: ['validation.password_alpha'] },
    ],
    [
      'password symbols only',
      { password: '#$%^&*()!', passwordConfirmation: '#$%^&*()!' },
      { Password: ['validation.password_alpha'] },
    ],
    [
      'password of 7',
      { password: 'Abc-123', passwordConfirmation: 'Abc-123' },
      { Password: ['validation.password_min'] },
    ],
    [
      'password of 31',
      { password: 'p'.repeat(31), passwordConfirmation: 'p'.repeat(31) },
      { Password: ['validation.password_max'] },
    ],
    [
      'confirmation missing',
      { passwordConfirmation: undefined },
      { PasswordConfirmation: ['validation.password_confirmation_required'] },
    ],
    [
      'confirmation different',
      { passwordConfirmation: 'Strong-pass-2' },
      { PasswordConfirmation: ['validation.password_confirmation_match'] },
    ],
    ['phone with letters', { phone: '01O1234567' }, { PhoneNumber: ['validation.valid_phone'] }],
    ['phone too short', { phone: '123' }, { PhoneNumber: ['validation.valid_phone'] }],
    ['phone of 17', { phone: '+2010123456789012' }, { PhoneNumber: ['validation.valid_phone'] }],
    ['no specialization', { specializations: [] }, { Specializations: ['validation.specializations'] }],
    ['specializations missing', { specializations: undefined }, { Specializations: ['validation.specializations'] }],
    ['captcha missing', { captcha: undefined }, { Captcha: ['validation.recaptcha'] }],
    ['captcha empty', { captcha: '' }, { Captcha: ['validation.recaptcha'] }],
  ];

  it.each(cases)('%s', (_name, overrides, errors) => {
    expect(fieldErrors(registerRequest, { ...validRegistration, ...overrides })).toEqual(errors);
  });

  it('reports every invalid field at once', () => {
    const errors = fieldErrors(registerRequest, {});
    expect(Object.keys(errors!).sort()).toEqual([
      'Captcha',
      'Email',
      'FullName',
      'JobTitle',
      'Password',
      'PasswordConfirmation',
      'Specializations',
    ]);
  });

  it('refuses specialization ids that are not positive integers in the database range', () => {
    for (const ids of [[0], [-1], [1.5], [MAX_ID + 1], ['1']]) {
      expect(fieldErrors(registerRequest, { ...validRegistration, specializations: ids })).not.toBeNull();
    }
  });
});

describe('orcidRegisterRequest (spec 03 §5)', () => {
  const valid = {
    fullName: 'Hala Fathy',
    email: 'hala@example.org',
    password: 'Strong-pass-1',
    passwordConfirmation: 'Strong-pass-1',
    specializations: [3],
    captcha: 'payload',
    ticket: 'signed.ticket',
  };

  it('accepts a complete registration', () => {
    expect(fieldErrors(orcidRegisterRequest, valid)).toBeNull();
  });

  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['e-mail missing', { email: '' }, { Email: ['validation.email_required'] }],
    ['e-mail invalid', { email: 'hala' }, { Email: ['validation.valid_email'] }],
    ['e-mail of 76', { email: `${'e'.repeat(64)}@example.org` }, { Email: ['validation.email_max'] }],
    [
      'password of 7',
      { password: 'Abc-123', passwordConfirmation: 'Abc-123' },
      { Password: ['validation.password_min'] },
    ],
    [
      'password of 31',
      { password: 'p'.repeat(31), passwordConfirmation: 'p'.repeat(31) },
      { Password: ['validation.password_max'] },
    ],
    [
      'password without letter or digit',
      { password: '--------', passwordConfirmation: '--------' },
      { Password: ['validation.password_alpha'] },
    ],
    [
      'confirmation different',
      { passwordConfirmation: 'nope' },
      { PasswordConfirmation: ['validation.password_confirmation_match'] },
    ],
    ['full name missing', { fullName: '' }, { FullName: ['validation.fullName_required'] }],
    ['full name of 76', { fullName: 'f'.repeat(76) }, { FullName: ['validation.fullName_max'] }],
    ['no specialization', { specializations: [] }, { Specializations: ['validation.specializations'] }],
    ['captcha missing', { captcha: undefined }, { Captcha: ['validation.recaptcha'] }],
  ];

  it.each(cases)('%s', (_name, overrides, errors) => {
    expect(fieldErrors(orcidRegisterRequest, { ...valid, ...overrides })).toEqual(errors);
  });

  it('needs the ticket that proves the ORCID iD', () => {
    expect(Object.keys(fieldErrors(orcidRegisterRequest, { ...valid, ticket: undefined })!)).toEqual(['Ticket']);
    expect(Object.keys(fieldErrors(orcidRegisterRequest, { ...valid, ticket: '' })!)).toEqual(['Ticket']);
  });
});

describe('loginRequest and forgotPasswordRequest (loose rules, spec 01 §5)', () => {
  it('accepts a loose e-mail shape and lower-cases it', () => {
    expect(loginRequest.parse({ email: ' Someone@Host ', password: 'x' }).email).toBe('someone@host');
  });

  it('does not apply the new-password rules to the password of a login', () => {
    expect(fieldErrors(loginRequest, { email: 'a@b.org', password: '   ' })).toBeNull();
    expect(fieldErrors(loginRequest, { email: 'a@b.org', password: 'x' })).toBeNull();
  });

  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['e-mail empty', { email: '' }, { Email: ['validation.email_required'] }],
    ['e-mail missing', { email: undefined }, { Email: ['validation.email_required'] }],
    ['e-mail without @', { email: 'someone' }, { Email: ['validation.valid_email'] }],
    ['e-mail of 76', { email: `${'e'.repeat(64)}@example.org` }, { Email: ['validation.email_max'] }],
    ['password empty', { password: '' }, { Password: ['validation.password_required'] }],
    ['password missing', { password: undefined }, { Password: ['validation.password_required'] }],
    ['password of 31', { password: 'p'.repeat(31) }, { Password: ['validation.password_max'] }],
  ];

  it.each(cases)('login: %s', (_name, overrides, errors) => {
    expect(fieldErrors(loginRequest, { email: 'a@b.org', password: 'secret', ...overrides })).toEqual(errors);
  });

  it('forgot password needs the e-mail and the captcha', () => {
    expect(fieldErrors(forgotPasswordRequest, { email: 'a@b.org', captcha: 'payload' })).toBeNull();
    expect(fieldErrors(forgotPasswordRequest, { email: '', captcha: '' })).toEqual({
      Email: ['validation.email_required'],
      Captcha: ['validation.recaptcha'],
    });
  });
});

describe('resetPasswordRequest (spec 01 §5)', () => {
  const valid = { code: 'abc', email: 'a@b.org', password: 'Brand-new-1', passwordConfirmation: 'Brand-new-1' };

  it('accepts a valid reset', () => {
    expect(fieldErrors(resetPasswordRequest, valid)).toBeNull();
  });

  it('gives the confirmation-required message for a mismatched confirmation', () => {
    expect(fieldErrors(resetPasswordRequest, { ...valid, passwordConfirmation: 'Brand-new-2' })).toEqual({
      PasswordConfirmation: ['validation.password_confirmation_required'],
    });
    expect(fieldErrors(resetPasswordRequest, { ...valid, passwordConfirmation: '' })).toEqual({
      PasswordConfirmation: ['validation.password_confirmation_required'],
    });
  });

  it('applies the e-mail and password rules of registration', () => {
    expect(fieldErrors(resetPasswordRequest, { ...valid, email: 'nope' })).toEqual({
      Email: ['validation.valid_email'],
    });
    expect(fieldErrors(resetPasswordRequest, { ...valid, password: 'short', passwordConfirmation: 'short' })).toEqual({
      Password: ['validation.password_min'],
    });
    expect(
      fieldErrors(resetPasswordRequest, { ...valid, password: '        ', passwordConfirmation: '        ' }),
    ).toEqual({
      Password: ['validation.password_alpha'],
    });
  });

  it('needs the code', () => {
    expect(Object.keys(fieldErrors(resetPasswordRequest, { ...valid, code: '' })!)).toEqual(['Code']);
  });
});

describe('activateRequest', () => {
  it('coerces the userId from the query string and refuses ids outside the database range', () => {
    expect(activateRequest.parse({ userId: '12', code: 'x' })).toEqual({ userId: 12, code: 'x' });
    for (const userId of ['abc', '0', '-4', '2.5', String(MAX_ID + 1)]) {
      expect(Object.keys(fieldErrors(activateRequest, { userId, code: 'x' })!)).toEqual(['UserId']);
    }
  });
});

describe('profileUpdateRequest (spec 01 §5, profile)', () => {
  const valid = {
    fullName: 'Layla Mahmoud',
    nameOnPaper: 'L. Mahmoud',
    phone: '',
    jobTitle: 'Lecturer',
    workPlace: 'Nile University',
    specializations: [1],
    personalKeywords: ['water'],
    availableAsReviewer: true,
  };

  it('accepts a profile without e-mail or password changes; a blank phone becomes undefined', () => {
    const parsed = profileUpdateRequest.parse(valid);
    expect(parsed).toMatchObject({ changeEmail: false, changePassword: false, phone: undefined });
  });

  it('ignores the e-mail and password fields while their edit toggles are off', () => {
    expect(
      fieldErrors(profileUpdateRequest, { ...valid, email: 'nope', password: 'x', passwordConfirmation: 'y' }),
    ).toBeNull();
  });

  // Only the ORCID flow links an iD (docs/decisions/0012-orcid-linking.md): a typed one does not get through.
  it('drops a typed ORCID iD', () => {
    expect(profileUpdateRequest.parse({ ...valid, orcid: '0000-0002-1825-0097' })).not.toHaveProperty('orcid');
  });

  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['name on paper empty', { nameOnPaper: '' }, { NameOnPaper: ['validation.nameOnPaper_required'] }],
    ['name on paper of 51', { nameOnPaper: 'n'.repeat(51) }, { NameOnPaper: ['validation.nameOnPaper_max'] }],
    ['work place blank', { workPlace: '  ' }, { WorkPlace: ['validation.workPlace_required'] }],
    ['work place of 201', { workPlace: 'w'.repeat(201) }, { WorkPlace: ['validation.workPlace_max'] }],
    ['full name of 76', { fullName: 'f'.repeat(76) }, { FullName: ['validation.fullName_max'] }],
    ['job title missing', { jobTitle: '' }, { JobTitle: ['validation.jobTitle_required'] }],
    ['phone of 17', { phone: '+2010123456789012' }, { PhoneNumber: ['validation.valid_phone'] }],
    ['no specialization', { specializations: [] }, { Specializations: ['validation.specializations'] }],
    [
      'e-mail change: e-mail empty',
      { changeEmail: true, email: '', emailConfirmation: '', currentPassword: 'x' },
      { Email: ['validation.email_required'], EmailConfirmation: ['validation.email_confirmation_required'] },
    ],
    [
      'e-mail change: confirmation different',
      { changeEmail: true, email: 'new@example.org', emailConfirmation: 'old@example.org', currentPassword: 'x' },
      { EmailConfirmation: ['validation.email_confirmation_match'] },
    ],
    [
      'e-mail change: no current password',
      { changeEmail: true, email: 'new@example.org', emailConfirmation: 'NEW@example.org ' },
      { CurrentPassword: ['validation.currentPassword_required'] },
    ],
    [
      'password change: whitespace only',
      { changePassword: true, password: '         ', passwordConfirmation: '         ', currentPassword: 'x' },
      { Password: ['validation.password_alpha'] },
    ],
    [
      'password change: no confirmation',
      { changePassword: true, password: 'Brand-new-1', currentPassword: 'x' },
      { PasswordConfirmation: ['validation.password_confirmation_required'] },
    ],
    [
      'password change: confirmation different',
      { changePassword: true, password: 'Brand-new-1', passwordConfirmation: 'Brand-new-2', currentPassword: 'x' },
      { PasswordConfirmation: ['validation.password_confirmation_match'] },
    ],
    [
      'password change: no current password',
      { changePassword: true, password: 'Brand-new-1', passwordConfirmation: 'Brand-new-1' },
      { CurrentPassword: ['validation.currentPassword_required'] },
    ],
  ];

  it.each(cases)('%s', (_name, overrides, errors) => {
    expect(fieldErrors(profileUpdateRequest, { ...valid, ...overrides })).toEqual(errors);
  });

  it('accepts an e-mail change whose confirmation differs only in case and spaces', () => {
    expect(
      fieldErrors(profileUpdateRequest, {
        ...valid,
        changeEmail: true,
        email: 'new@example.org',
        emailConfirmation: ' NEW@example.org',
        currentPassword: 'x',
      }),
    ).toBeNull();
  });

  it('splits personal keywords on commas and semicolons (Latin or Arabic), trims, drops blanks and repeats', () => {
    const parse = (personalKeywords: string[]) =>
      profileUpdateRequest.parse({ ...valid, personalKeywords }).personalKeywords;
    expect(parse([' water '])).toEqual(['water']);
    expect(parse(['water, sensors; Water', '  ', 'تحلية، مياه؛ تحلية'])).toEqual(['water', 'sensors', 'تحلية', 'مياه']);
    expect(parse([])).toEqual([]);
    expect(profileUpdateRequest.parse({ ...valid, personalKeywords: undefined }).personalKeywords).toEqual([]);
  });

  it('refuses more than 50 personal keywords and a keyword over the length limit', () => {
    const many = Array.from({ length: 51 }, (_, i) => `k${i}`);
    expect(Object.keys(fieldErrors(profileUpdateRequest, { ...valid, personalKeywords: many })!)).toEqual([
      'PersonalKeywords',
    ]);
    expect(fieldErrors(profileUpdateRequest, { ...valid, personalKeywords: many.slice(0, 50) })).toBeNull();
    const long = fieldErrors(profileUpdateRequest, {
      ...valid,
      personalKeywords: ['k'.repeat(LIMITS.personalKeyword + 1)],
    });
    expect(Object.keys(long!)[0]).toMatch(/^PersonalKeywords/);
  });
});
