import type { Language } from '../enums';
import { formatNumber } from '../format';
import { interpolate } from './interpolate';

/** The suffixes of a counted text's forms, as i18next names them: CLDR's categories, and `_zero` for none. */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

const RULES: Record<Language, Intl.PluralRules> = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };

/**
 * The text `name` of a catalogue area, its placeholders filled, or undefined when the area has none. Given a
 * number `count`, a text without a form of its own is chosen as i18next chooses it: `name_zero` for 0 when there
 * is one, else the form of the language's plural category (English `_one`, `_other`; Arabic also `_zero`, `_two`,
 * `_few`, `_many`), else `name_other`. Every number is written in the page's digits (decision 0027).
 */
export function lookUp(
  table: Record<string, string> | undefined,
  name: string,
  language: Language,
  params: Record<string, string | number> = {},
): string | undefined {
  if (!table) return undefined;
  const { count } = params;
  const text =
    table[name] ??
    (typeof count === 'number'
      ? ((count === 0 ? table[`${name}_zero`] : undefined) ??
        table[`${name}_${RULES[language].select(count)}`] ??
        table[`${name}_other`])
      : undefined);
  if (text === undefined) return undefined;
  const shown = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'number' ? formatNumber(value, language) : value,
    ]),
  );
  return interpolate(text, shown);
}

type PluralForm = (typeof PLURAL_FORMS)[number];
/** "report_rows" for a counted text "report_rows_one": the key a caller asks for with a count. */
export type PluralBase<Key> = Key extends `${infer Base}_one` ? Base : never;

/**
 * An Arabic catalogue area: the English area's keys, and every form Arabic needs of each counted text (English
 * writes `_one` and `_other`, Arabic `_zero`, `_one`, `_two`, `_few`, `_many` and `_other`).
 */
export type ArabicArea<English> = Record<keyof English | `${PluralBase<keyof English & string>}_${PluralForm}`, string>;
