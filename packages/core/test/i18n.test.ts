import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORCID_MESSAGES } from '../src/enums';
import { ar, catalogues, en, languageFromHeader, translate } from '../src/i18n/index';
import { PLURAL_FORMS } from '../src/i18n/lookup';

/** The two catalogues (DESIGN §8) and the translate function the server and the web share. */

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();
const textsOf = (area: object) => area as Record<string, string>;

/** The counted texts of an English area: "report_rows" for "report_rows_one" (i18next's plural keys). */
const pluralBases = (english: Record<string, string>) =>
  Object.keys(english)
    .filter((key) => key.endsWith('_one'))
    .map((key) => key.slice(0, -'_one'.length));

const isForm = (key: string, bases: string[]) =>
  bases.some((base) => PLURAL_FORMS.some((form) => key === `${base}_${form}`));

/** The keys a language's area must have: English's own, each counted text in the forms the language needs. */
function keysOf(english: Record<string, string>, language: 'en' | 'ar') {
  const counted = pluralBases(english);
  const forms = language === 'en' ? ['one', 'other'] : PLURAL_FORMS;
  const plain = Object.keys(english).filter((key) => !isForm(key, counted));
  return [...plain, ...counted.flatMap((base) => forms.map((form) => `${base}_${form}`))];
}

const missingIn = (texts: Record<string, string>, keys: string[]) =>
  keys.filter((key) => typeof texts[key] !== 'string' || texts[key].trim() === '');

describe('translate', () => {
  it('looks up "area.key" in the language', () => {
    expect(translate('en', 'validation.fullName_required')).toBe(en.validation.fullName_required);
    expect(translate('ar', 'validation.fullName_required')).toBe(ar.validation.fullName_required);
    expect(translate('ar', 'validation.fullName_required')).not.toBe(translate('en', 'validation.fullName_required'));
  });

  it('fills {{placeholders}} with the params, every occurrence', () => {
    expect(translate('en', 'common.all_rights', { year: '2026', name: 'Journal of Applied Sciences' })).toBe(
      '© 2026 Journal of Applied Sciences. All rights reserved.',
    );
    const arabic = translate('ar', 'common.all_rights', { year: '2026', name: 'مجلة العلوم' });
    expect(arabic).toContain('مجلة العلوم');
    expect(arabic).not.toMatch(/\{\{/);
    expect(translate('ar', 'mail.hours', { count: 2 })).toBe('ساعتين');
  });

  it('leaves a placeholder without a param visible, and ignores extra params', () => {
    expect(translate('en', 'archive.issue_of_volume', { volume: 3 })).toBe('Volume 3, issue {{issue}}');
    expect(translate('en', 'validation.required', { unused: 'x' })).toBe(en.validation.required);
  });

  it('agrees a count with its noun in English: one paper, 0 and 2 papers', () => {
    expect([0, 1, 2, 20_000].map((count) => translate('en', 'editorial.report_rows', { count }))).toEqual([
      '0 papers',
      '1 paper',
      '2 papers',
      '20,000 papers',
    ]);
  });

  it('agrees a count with its noun in Arabic, in its six forms and Arabic-Indic digits', () => {
    const rows = (count: number) => translate('ar', 'editorial.report_rows', { count });
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(rows)).toEqual([
      'لا أبحاث',
      'بحث واحد',
      'بحثان',
      '٣ أبحاث',
      '١٠ أبحاث',
      '١١ بحثًا',
      '٩٩ بحثًا',
      '١٠٠ بحث',
      '١٠٢ بحث',
      '١٠٣ أبحاث',
      '١١١ بحثًا',
    ]);
    expect(translate('ar', 'mail.hours', { count: 48 })).toBe('٤٨ ساعة');
    expect(translate('ar', 'statistics.stat_days', { count: 2.5 })).toBe('٢٫٥ يوم');
  });

  it('takes a form of its own for 0 when the catalogue has one, and writes every number in the page digits', () => {
    expect(translate('ar', 'submissions.abstract_counter', { count: 0, min: 100, max: 250 })).toBe(
      'لا كلمات (بين ١٠٠ و٢٥٠)',
    );
    expect(translate('en', 'submissions.abstract_counter', { count: 1, min: 100, max: 250 })).toBe(
      '1 word (between 100 and 250)',
    );
    expect(translate('ar', 'common.page_number', { page: 12 })).toContain('١٢');
    // A text given as a string is written as it is: codes and identifiers keep their digits.
    expect(translate('ar', 'common.page_number', { page: '12' })).toContain('12');
  });

  it('answers an unknown key (or area) as itself', () => {
    expect(translate('en', 'validation.no_such_key')).toBe('validation.no_such_key');
    expect(translate('ar', 'nowhere.at_all')).toBe('nowhere.at_all');
    expect(translate('en', 'plain')).toBe('plain');
  });
});

describe('languageFromHeader (spec 01 §1: ar-EG or en-US)', () => {
  it.each([
    ['ar-EG', 'ar'],
    ['ar', 'ar'],
    [' AR-eg,en;q=0.8', 'ar'],
    ['en-US', 'en'],
    ['en-US,ar;q=0.9', 'en'],
    ['fr-FR', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%j → %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});

describe('the Arabic catalogue', () => {
  const areas = Object.keys(en) as (keyof typeof en)[];

  it('has the same areas as the English one', () => {
    expect(Object.keys(ar).sort()).toEqual([...areas].sort());
    expect(Object.keys(catalogues).sort()).toEqual(['ar', 'en']);
  });

  it.each(areas)('has every key of the English area "%s", each a non-empty text, and no other key', (area) => {
    const english = textsOf(en[area]);
    const arabic = textsOf(ar[area]);
    expect(missingIn(arabic, keysOf(english, 'ar')), `keys of ${area} missing in Arabic`).toEqual([]);
    expect(missingIn(english, keysOf(english, 'en')), `forms of ${area} missing in English`).toEqual([]);
    expect(
      Object.keys(arabic).filter((key) => !keysOf(english, 'ar').includes(key)),
      `keys of ${area} only in Arabic`,
    ).toEqual([]);
  });

  it.each(areas)('keeps the placeholders of every text of "%s"; a counted form may leave the number out', (area) => {
    const english = textsOf(en[area]);
    const arabic = textsOf(ar[area]);
    const counted = pluralBases(english);
    for (const key of Object.keys(english).filter((name) => !isForm(name, counted))) {
      expect({ key: `${area}.${key}`, placeholders: placeholders(arabic[key] ?? '') }).toEqual({
        key: `${area}.${key}`,
        placeholders: placeholders(english[key]!),
      });
    }
    for (const base of counted) {
      const allowed = placeholders(english[`${base}_other`]!);
      for (const form of PLURAL_FORMS) {
        const used = placeholders(arabic[`${base}_${form}`] ?? '');
        expect({ key: `${area}.${base}_${form}`, extra: used.filter((name) => !allowed.includes(name)) }).toEqual({
          key: `${area}.${base}_${form}`,
          extra: [],
        });
        // From three on, Arabic writes the number before its noun (٣ أبحاث، ١١ بحثًا، ١٠٠ بحث).
        if (['few', 'many', 'other'].includes(form) && allowed.includes('count'))
          expect(used, `${area}.${base}_${form}`).toContain('count');
      }
    }
  });

  // Texts that are rightly the same in both languages (the language switch names English in English); a URL or a
  // placeholder-only text would belong here too.
  const notArabic: Record<string, string> = {
    'common.language_en': 'English',
    'journalData.rte_linkPlaceholder': 'https://example.org',
  };

  it.each(areas)('writes every text of "%s" in Arabic script', (area) => {
    const english = Object.entries(ar[area] as Record<string, string>).filter(
      ([key, text]) => !/[\u0600-\u06FF]/.test(text) && notArabic[`${area}.${key}`] !== text,
    );
    expect(english, `texts of ${area} without Arabic script`).toEqual([]);
  });

  it('keeps the texts that are not Arabic to the short list above', () => {
    expect(Object.keys(notArabic).map((key) => [key, translate('ar', key)])).toEqual(Object.entries(notArabic));
  });
});

describe('message keys', () => {
  it('has a text for every validation key of spec 01 §5', () => {
    const specKeys = [
      'fullName_required',
      'fullName_max',
      'jobTitle_required',
      'jobTitle_max',
      'email_required',
      'valid_email',
      'email_max',
      'password_required',
      'password_alpha',
      'password_min',
      'password_max',
      'password_confirmation_required',
      'password_confirmation_match',
      'valid_phone',
      'specializations',
      'recaptcha',
      'nameOnPaper_required',
      'nameOnPaper_max',
      'workPlace_required',
      'workPlace_max',
      'valid_orcid',
      'email_confirmation_required',
      'required',
    ];
    expect(specKeys.filter((key) => !(key in en.validation))).toEqual([]);
  });

  it('has a text for every ORCID outcome of spec 03 §4', () => {
    expect(ORCID_MESSAGES.filter((message) => !(message in en.orcid))).toEqual([]);
  });

  it('has a text for every message key written in the core schemas', () => {
    const dir = path.resolve(import.meta.dirname, '../src/schemas');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(
        /'((?:validation|errors|messages|orcid)\.\w+)'/g,
      ))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => translate('en', key) === key)).toEqual([]);
  });
});
