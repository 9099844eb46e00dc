import type { MessageKey } from '@journals/core/i18n/index';
import type { ImportedIssue, Localized } from './model';
import { child, children, dayOf, idOf, localized, textOf } from './ojs-fields';
import type { XmlElement } from './ojs-xml-stream';

/**
 * An OJS issue as our model names it (decision 0077): its `<issue_identification>` (volume, number, year, title),
 * its publication date and its sections. An article of an `<issues>` export takes its issue from the `<issue>` it
 * is in; one of an `<articles>` export from its own `<issue_identification>` (in its `<publication>` since OJS 3.2).
 */
export type IssueReading =
  { ok: true; issue: ImportedIssue } | { ok: false; reason: MessageKey; values?: Record<string, string> };

export function readIssueIdentification(
  identification: XmlElement | undefined,
  datePublished: string,
  sourceId: string | null,
  defaultLocale: string,
): IssueReading {
  if (!identification) return { ok: false, reason: 'importOjs.notInIssue' };
  const volumeText = textOf(child(identification, 'volume'));
  const number = textOf(child(identification, 'number'));
  const yearText = textOf(child(identification, 'year'));
  const publishDate = dayOf(datePublished) ?? null;
  if (datePublished.trim() && !publishDate)
    return { ok: false, reason: 'importOjs.badDate', values: { value: datePublished } };
  if (!/^\d{1,6}$/.test(volumeText)) return { ok: false, reason: 'importOjs.badVolume', values: { value: volumeText } };
  const year = yearText ? Number(yearText) : Number(publishDate?.slice(0, 4));
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    return { ok: false, reason: 'importOjs.badYear', values: { value: yearText } };
  }
  const volume = Number(volumeText);
  const issue: ImportedIssue = {
    volume,
    number,
    year,
    month: null,
    publishDate,
    title: localized(identification, 'title', defaultLocale),
    sourceId,
  };
  return { ok: true, issue };
}

/** An `<issue>` element of an issues export: its identification, and its sections by their `ref`. */
export function readIssueElement(issue: XmlElement, defaultLocale: string): IssueReading {
  return readIssueIdentification(
    child(issue, 'issue_identification'),
    textOf(child(issue, 'date_published')),
    idOf(issue, 'internal') || null,
    defaultLocale,
  );
}

/** The title of the issue's section that `ref` names (its `ref` attribute, or its abbreviation in any locale). */
export function sectionTitle(issue: XmlElement | undefined, ref: string, defaultLocale: string): Localized | null {
  for (const section of children(child(issue, 'sections'), 'section')) {
    const abbreviations = children(section, 'abbrev').map(textOf);
    if (section.attrs.ref === ref || abbreviations.includes(ref)) {
      return localized(section, 'title', section.attrs.locale ?? defaultLocale);
    }
  }
  return null;
}
