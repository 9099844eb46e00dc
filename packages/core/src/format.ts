import type { Language } from './enums';

/** Display helpers shared by every screen. */

/**
 * The digits of each language's pages (decision 0027): every number an Arabic page writes (counts, statistics,
 * page numbers, dates, times) in Arabic-Indic digits, as the Egyptian Arabic of its dates always did; English
 * pages in Western digits. Codes, e-mails, phone numbers and addresses are text and keep the digits they were
 * written with.
 */
export const NUMBERING_SYSTEM = { en: 'latn', ar: 'arab' } as const satisfies Record<Language, string>;
const LOCALE: Record<Language, string> = { en: 'en-GB', ar: 'ar-EG' };
const NUMBERS: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(LOCALE.en, { numberingSystem: NUMBERING_SYSTEM.en }),
  ar: new Intl.NumberFormat(LOCALE.ar, { numberingSystem: NUMBERING_SYSTEM.ar }),
};

/** A number in the page's digits, grouped by thousands unless `options` say otherwise (1,234 · ١٬٢٣٤). */
export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  if (!options) return NUMBERS[language].format(value);
  return new Intl.NumberFormat(LOCALE[language], { ...options, numberingSystem: NUMBERING_SYSTEM[language] }).format(
    value,
  );
}

/**
 * 1234 → "1.2K", 2500000 → "2.5M" (spec 01 §1: statistics abbreviated with K, M and B), in the page's digits
 * ("١٫٢K" in Arabic).
 */
export function abbreviateNumber(value: number, language: Language = 'en'): string {
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) {
      const scaled = value / size;
      const shown = scaled >= 100 ? Math.floor(scaled) : Math.floor(scaled * 10) / 10;
      return `${formatNumber(shown, language, { useGrouping: false, maximumFractionDigits: 1 })}${suffix}`;
    }
  }
  return formatNumber(value, language, { useGrouping: false, maximumFractionDigits: 1 });
}

/** Cuts a text at `max` characters and adds an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** A date as day/month/year (spec 03 §9) in the page's digits; an unreadable value comes back as is. */
export function formatDay(value: string | null | undefined, language: Language): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE[language], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    numberingSystem: NUMBERING_SYSTEM[language],
  }).format(date);
}

/** A time of day, hours and minutes unless `options` say more, in the page's digits (14:05 · ٠٢:٠٥ م). */
export function formatTime(
  value: Date,
  language: Language,
  options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' },
): string {
  return new Intl.DateTimeFormat(LOCALE[language], { ...options, numberingSystem: NUMBERING_SYSTEM[language] }).format(
    value,
  );
}

/** Names joined as the language lists them ("a, b and c"; «أ وب وج»), by Intl.ListFormat. */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
}
