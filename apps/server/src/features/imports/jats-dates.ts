import { childNamed, childrenNamed, textOf, type XmlNode } from './jats-node';

/**
 * An article's dates from its <pub-date> elements, in the forms JATS 1.1–1.3 and the NLM DTDs before them write:
 * `pub-type` (epub, ppub, epub-ppub, collection) or `date-type` (pub, collection) with `publication-format`
 * (electronic, print); <day>, <month>, <year>, <season>, <string-date>, or the `iso-8601-date` attribute.
 * The paper's date is its electronic publication, else print, else any; the issue's is its collection date, else
 * the paper's.
 */

export interface PartialDate {
  year: number;
  month: number | null;
  day: number | null;
}

export interface ArticleDates {
  /** YYYY-MM-DD of the paper's publication, or null. */
  publishDate: string | null;
  issue: { year: number; month: number | null; publishDate: string | null } | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthOf(text: string): number | null {
  if (/^\d{1,2}$/.test(text)) {
    const month = Number(text);
    return month >= 1 && month <= 12 ? month : null;
  }
  const index = MONTHS.indexOf(text.slice(0, 3).toLowerCase());
  return index === -1 ? null : index + 1;
}

function isRealDay(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** One <pub-date> as far as it goes (a season gives its year only); null without a year. */
export function dateOf(element: XmlNode): PartialDate | null {
  const iso = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(element.attributes['iso-8601-date'] ?? '');
  const yearText =
    textOf(childNamed(element, 'year')) ||
    iso?.[1] ||
    /\b\d{4}\b/.exec(textOf(childNamed(element, 'string-date')))?.[0];
  if (!yearText || !/^\d{4}$/.test(yearText)) return null;
  const year = Number(yearText);
  const month = monthOf(textOf(childNamed(element, 'month')) || iso?.[2] || '');
  const dayText = textOf(childNamed(element, 'day')) || iso?.[3] || '';
  const day =
    month !== null && /^\d{1,2}$/.test(dayText) && isRealDay(year, month, Number(dayText)) ? Number(dayText) : null;
  return { year, month, day };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD of a whole date, or null. */
export const isoOf = (date: PartialDate | null) =>
  date && date.month !== null && date.day !== null ? `${date.year}-${pad(date.month)}-${pad(date.day)}` : null;

type Kind = 'collection' | 'electronic' | 'both' | 'print' | 'other';

function kindOf(element: XmlNode): Kind {
  const pubType = (element.attributes['pub-type'] ?? '').toLowerCase();
  const dateType = (element.attributes['date-type'] ?? '').toLowerCase();
  const format = (element.attributes['publication-format'] ?? '').toLowerCase();
  if (pubType === 'collection' || dateType === 'collection') return 'collection';
  if (pubType === 'epub-ppub') return 'both';
  if (pubType === 'epub' || format === 'electronic') return 'electronic';
  if (pubType === 'ppub' || format === 'print') return 'print';
  return 'other';
}

const PAPER_ORDER: Kind[] = ['electronic', 'both', 'print', 'other'];

/** Reads the <pub-date> elements of an <article-meta>. */
export function articleDates(meta: XmlNode): ArticleDates {
  const dated = childrenNamed(meta, 'pub-date')
    .filter((element) => !['retracted', 'corrected'].includes(element.attributes['date-type'] ?? ''))
    .map((element) => ({ kind: kindOf(element), date: dateOf(element) }))
    .filter((entry): entry is { kind: Kind; date: PartialDate } => entry.date !== null);
  const best = (kinds: Kind[]) => {
    for (const kind of kinds) {
      const found = dated.filter((entry) => entry.kind === kind).map((entry) => entry.date);
      // The most precise of a kind (an epub with its day over one with its month only).
      const whole = found.find((date) => date.day !== null) ?? found.find((date) => date.month !== null) ?? found[0];
      if (whole) return whole;
    }
    return null;
  };
  const paper = best(PAPER_ORDER);
  const collection = best(['collection']);
  const issueDate = collection ?? paper;
  return {
    publishDate: isoOf(paper),
    issue: issueDate
      ? { year: issueDate.year, month: issueDate.month, publishDate: collection ? isoOf(collection) : null }
      : null,
  };
}
