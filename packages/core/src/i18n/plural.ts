import type { Language } from '../enums';

const RULES: Record<Language, Intl.PluralRules> = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };

/**
 * The catalogue key of a count's plural form, as i18next names them: `key_zero` for none, else the language's
 * CLDR category (`_one`, `_other`; Arabic also `_two`, `_few`, `_many`). Both catalogues carry every form.
 */
export const pluralKey = (language: Language, key: string, count: number) =>
  `${key}_${count === 0 ? 'zero' : RULES[language].select(count)}`;
