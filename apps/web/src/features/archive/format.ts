import type { Language } from '@journals/core/enums';
import { NUMBERING_SYSTEM } from '@journals/core/format';

const LOCALE: Record<Language, string> = { en: 'en-GB', ar: 'ar-EG' };

/**
 * An issue's chronology ("MM YYYY") as the month's name and the year in the page's language and digits ("March
 * 2026", "مارس ٢٠٢٦"); a value of another shape comes back as it is.
 */
export function chronologyLabel(chronology: string, language: Language): string {
  const match = /^(\d{1,2})\s+(\d{4})$/.exec(chronology.trim());
  if (!match) return chronology;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return chronology;
  return new Intl.DateTimeFormat(LOCALE[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: NUMBERING_SYSTEM[language],
  }).format(new Date(Date.UTC(Number(match[2]), month - 1, 1)));
}

/** A publish date (YYYY-MM-DD) as "15 March 2026" / "١٥ مارس ٢٠٢٦". */
export function longDate(value: string | null, language: Language): string {
  if (!value) return '';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: NUMBERING_SYSTEM[language],
  }).format(date);
}

/** The path of an issue's page: /{slug}/archive/vol-{v}-i-{i}. */
export const issuePath = (slug: string, volume: number, issue: string) => `/${slug}/archive/vol-${volume}-i-${issue}`;
export const paperPath = (slug: string, id: number) => `/${slug}/archive/papers/${id}`;

/** Reads "vol-{v}-i-{i}" (the issue page's path segment); null for anything else. */
export function readIssueSegment(segment: string | undefined): { volume: number; issue: string } | null {
  const match = /^vol-([1-9]\d{0,4})-i-(\d{1,3})$/.exec(segment ?? '');
  return match ? { volume: Number(match[1]), issue: String(Number(match[2])) } : null;
}
