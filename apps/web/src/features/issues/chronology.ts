import type { Language } from '@journals/core/enums';
import { monthAndYear } from '@journals/core/rules/issues';

/** The chronology "MM YYYY" as a month name and year in the page's language ("March 2026", "مارس ٢٠٢٦"). */
export function chronologyLabel(publishMonth: string, language: Language): string {
  const parts = monthAndYear(publishMonth);
  if (!parts) return publishMonth;
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(parts.year, parts.month - 1, 1));
}

/** The twelve month names in the page's language, for the chronology's month choice. */
export function monthNames(language: Language): { value: string; label: string }[] {
  const format = new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => ({
    value: String(index + 1).padStart(2, '0'),
    label: format.format(Date.UTC(2000, index, 1)),
  }));
}
