import type { Localized } from './model';
import type { XmlElement } from './ojs-xml-stream';

/** The bare ORCID iD of "https://orcid.org/0000-…" or "0000-…" when its check digit is right: core's one rule. */
export { bareOrcid } from '@journals/core/rules/orcid';

/**
 * Reading the fields of an OJS export's elements (decision 0077): its locales folded into our two languages (any
 * en_US, en_GB, en → en; any ar, ar_IQ, ar_EG → ar; the others left out), its identifiers, its ORCID iDs and dates.
 */

export type Language = 'en' | 'ar';

/** Our language of an OJS locale ("en_US", "ar_IQ", "en"), or null for any other. */
export function languageOf(locale: string | undefined): Language | null {
  if (!locale) return null;
  if (/^en(?:[_-]|$)/i.test(locale)) return 'en';
  if (/^ar(?:[_-]|$)/i.test(locale)) return 'ar';
  return null;
}

export const children = (element: XmlElement | undefined, name: string) =>
  element?.children.filter((child) => child.name === name) ?? [];

export const child = (element: XmlElement | undefined, name: string) =>
  element?.children.find((candidate) => candidate.name === name);

/** The element's own text, its runs of white space made one space. */
export const textOf = (element: XmlElement | undefined) => element?.text.replace(/\s+/g, ' ').trim() ?? '';

/** An element's text as given (an abstract's HTML keeps its lines), without the white space around it. */
export const rawTextOf = (element: XmlElement | undefined) => element?.text.trim() ?? '';

/**
 * A localized field: each `name` child by its `locale` (an element without one is in `defaultLocale`), the first of
 * each language kept. With `anyLocale`, a field given only in other languages (a French-only name) goes to `en`.
 */
export function localized(
  element: XmlElement | undefined,
  name: string,
  defaultLocale: string,
  options: { raw?: boolean; anyLocale?: boolean } = {},
): Localized {
  const result: Localized = { en: '', ar: '' };
  let other = '';
  for (const node of children(element, name)) {
    const value = options.raw ? rawTextOf(node) : textOf(node);
    if (!value) continue;
    const language = languageOf(node.attrs.locale ?? defaultLocale);
    if (language && !result[language]) result[language] = value;
    else if (!language && !other) other = value;
  }
  if (options.anyLocale && !result.en && !result.ar) result.en = other;
  return result;
}

/** The element's identifier of a type (`<id type="internal">12</id>`; "internal" also takes an untyped `<id>`). */
export function idOf(element: XmlElement | undefined, type: string): string {
  const ids = children(element, 'id');
  const typed = ids.find((id) => id.attrs.type === type);
  if (typed) return textOf(typed);
  return type === 'internal' ? textOf(ids.find((id) => !id.attrs.type)) : '';
}

/** A bare DOI ("10.1234/abc") from what OJS writes ("10.1234/abc", "https://doi.org/10.1234/abc", "doi:…"). */
export function bareDoi(value: string): string | null {
  const doi = value.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : null;
}

/** YYYY-MM-DD of "2021-03-01" or "2021-03-01 10:00:00" when it is a real day, undefined when it is not a date. */
export function dayOf(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[ T])/.exec(value.trim());
  if (!match) return undefined;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? day : undefined;
}

/** An e-mail address as given, lower-cased, when it has the shape of one. */
export function emailOf(value: string): string | null {
  const email = value.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

/** A localized name from given and family names: "Given Family" in each language given. */
export function fullName(given: Localized, family: Localized): Localized {
  const join = (language: Language) => [given[language], family[language]].filter(Boolean).join(' ');
  return { en: join('en'), ar: join('ar') };
}

/** A person's affiliation: OJS 3.5's `<affiliation><name locale>`, or before it `<affiliation locale>` text. */
export function affiliationOf(author: XmlElement, locale: string): Localized {
  const result: Localized = { en: '', ar: '' };
  for (const affiliation of [...children(author, 'affiliation'), ...children(author, 'rorAffiliation')]) {
    // OJS 3.5 writes <affiliation><name locale>…</name></affiliation>; before, <affiliation locale>…</affiliation>.
    const named = localized(affiliation, 'name', affiliation.attrs.locale ?? locale);
    const own = languageOf(affiliation.attrs.locale ?? locale);
    if (own && !named.en && !named.ar) named[own] = textOf(affiliation);
    result.en ||= named.en;
    result.ar ||= named.ar;
  }
  return result;
}
