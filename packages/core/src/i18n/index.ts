import type { Language } from '../enums';
import { ar } from './ar/index';
import { en } from './en/index';
import type { Catalogue } from './catalogue';
import { lookUp, type PluralBase } from './lookup';

/** The two catalogues, one module each so that the web app loads only the language it shows (catalogue.ts). */
export { ar, en };
export type { Catalogue };
export const catalogues: Record<Language, Catalogue> = { en, ar };

/** Every key as "area.key"; a counted text also by its base ("editorial.report_rows" with a count). */
export type MessageKey = {
  [A in keyof Catalogue]: `${A & string}.${(keyof Catalogue[A] | PluralBase<keyof Catalogue[A]>) & string}`;
}[keyof Catalogue];

/**
 * Translates "area.key" with {{placeholders}}, numbers in the language's digits; with a `count`, the plural form
 * that agrees with it (lookup.ts). An unknown key comes back as itself.
 */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const [area, ...rest] = key.split('.');
  const table = catalogues[language][area as keyof Catalogue] as Record<string, string> | undefined;
  return lookUp(table, rest.join('.'), language, params) ?? key;
}

/** Picks the interface language from an Accept-Language header (ar-EG or en-US, spec 01 §1). */
export function languageFromHeader(header: string | undefined): Language {
  return header?.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}
