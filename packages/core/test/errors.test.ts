import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, formFieldName, specFieldName } from '../src/errors';

describe('specFieldName: request paths as the spec error catalogues name them (spec 01 §8)', () => {
  it.each([
    [[], 'General'],
    [['fullName'], 'FullName'],
    [['email'], 'Email'],
    [['password'], 'Password'],
    [['passwordConfirmation'], 'PasswordConfirmation'],
    [['jobTitle'], 'JobTitle'],
    [['specializations'], 'Specializations'],
    [['availableAsReviewer'], 'AvailableAsReviewer'],
    [['nameOnPaper'], 'NameOnPaper'],
    [['workPlace'], 'WorkPlace'],
    [['personalKeywords'], 'PersonalKeywords'],
    [['phone'], 'PhoneNumber'],
    [['phoneNumber'], 'PhoneNumber'],
    [['orcid'], 'ORCID'],
    [['captcha'], 'Captcha'],
    [['title_of_the_work'], 'Title_of_the_work'],
    [['authors', 0, 'email'], 'Authors[0].email'],
    [['authors', '2', 'name'], 'Authors[2].name'],
    [['specializations', 1], 'Specializations[1]'],
  ] as [PropertyKey[], string][])('%j → %s', (path, name) => {
    expect(specFieldName(path)).toBe(name);
  });
});

describe('formFieldName: the reverse, for a flat form', () => {
  const fields = ['fullName', 'email', 'phone', 'orcid', 'captcha', 'passwordConfirmation'] as const;

  it.each([
    ['FullName', 'fullName'],
    ['Email', 'email'],
    ['PhoneNumber', 'phone'],
    ['ORCID', 'orcid'],
    ['Captcha', 'captcha'],
    ['PasswordConfirmation', 'passwordConfirmation'],
  ])('%s → %s', (spec, form) => {
    expect(formFieldName(spec, fields)).toBe(form);
  });

  it('answers undefined for a field the form does not have', () => {
    expect(formFieldName('WorkPlace', fields)).toBeUndefined();
    expect(formFieldName('General', fields)).toBeUndefined();
  });

  it('round-trips every form field', () => {
    for (const field of fields) expect(formFieldName(specFieldName([field]), fields)).toBe(field);
  });
});

describe('ERROR_STATUS: one HTTP status per error code (DESIGN §5)', () => {
  it('maps the codes to the statuses of the design', () => {
    expect(ERROR_STATUS).toEqual({
      validation: 400,
      unauthenticated: 401,
      forbidden: 403,
      notFound: 404,
      conflict: 409,
      fileTooLarge: 413,
      // A file within the size limit whose content expands past its budget (decision 0070).
      fileTooComplex: 413,
      unsupportedFileType: 415,
      unsupportedMediaType: 415,
      tooManyRequests: 429,
      internal: 500,
      unavailable: 503,
    });
  });
});
