import type { EditorialCard } from '@journals/core/editorial';
import type { Language } from '@journals/core/enums';
import { day } from '@journals/core/schemas/fields';
import type { ReportRange } from './api';

/**
 * The report page's address (spec 01 §7): /{locale}/{slug}/Reports/Papers/{card}/{from}/{to}/ with the dates
 * optional. A missing "from" before a given "to" is written "-", so that one day alone always means "from".
 */
export function reportPath(language: Language, slug: string, card: EditorialCard, range: ReportRange): string {
  const days = range.to ? [range.from ?? '-', range.to] : range.from ? [range.from] : [];
  return `/${language}/${encodeURIComponent(slug)}/Reports/Papers/${card}/${days.map((d) => `${d}/`).join('')}`;
}

/** The range of the address's trailing segments, or null when they are not days (or more than two). */
export function rangeOfPath(rest: string): ReportRange | null {
  const segments = rest.split('/').filter(Boolean);
  if (segments.length > 2) return null;
  const [from, to] = segments.map((segment) => (segment === '-' ? undefined : segment));
  if ([from, to].some((value) => value !== undefined && !day.safeParse(value).success)) return null;
  if (segments[1] === '-') return null;
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
