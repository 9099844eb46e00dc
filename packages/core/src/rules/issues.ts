import { ISSUE_STATUS } from '../enums';
import { type FileRule, MB } from '../files';

/**
 * A journal's issues (spec 03 §3–§5, issue 21 §1): the issue's name, the order of its papers, the DOI a form may
 * carry, the final PDF, and what a published issue locks. The server enforces these; the web offers the same.
 */

/** An issue's name is a whole number from 1 to 30 (spec 03 §5, §9 "issue name 30"). */
export const ISSUE_NAME_MAX = 30;
/** Volumes: a whole number, 1 to 9999. */
export const VOLUME_MAX = 9999;

/** The issue's name as typed ("5", " 05 "), as the canonical text it is stored as ("5"), or null when not 1–30. */
export function issueName(input: string): string | null {
  const text = input.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= ISSUE_NAME_MAX ? String(value) : null;
}

/** The chronology as stored: "MM YYYY" (spec 03 §3, "03 2024"). */
export const PUBLISH_MONTH = /^(0[1-9]|1[0-2]) (\d{4})$/;
export const publishMonthOf = (month: number, year: number) => `${String(month).padStart(2, '0')} ${year}`;
export function monthAndYear(publishMonth: string): { month: number; year: number } | null {
  const match = PUBLISH_MONTH.exec(publishMonth);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
}

/** A published issue locks its name, month, date and its list of papers (spec 03 §4). */
export const isPublished = (issue: { status: number }) => issue.status === ISSUE_STATUS.published;

/** Publish is offered once the issue has papers and is not published yet (spec 03 §4). */
export const canPublishIssue = (issue: { status: number }, paperCount: number) => !isPublished(issue) && paperCount > 0;

/**
 * The order choices of the issue paper form (spec 03 §5): 1..n where n is the paper count, plus one when
 * assigning a new paper.
 */
export function orderChoices(paperCount: number, assigning: boolean): number[] {
  const n = paperCount + (assigning ? 1 : 0);
  return Array.from({ length: n }, (_, index) => index + 1);
}

/** Pages: from at most to (spec 03 §5). */
export const pagesInOrder = (fromPage: number | null | undefined, toPage: number | null | undefined) =>
  fromPage == null || toPage == null || fromPage <= toPage;

/** A bare DOI: "10." then a registrant code, a slash, and a suffix without spaces (DOI Handbook §2.2). */
const BARE_DOI = /^10\.\d{4,9}(\.\d+)*\/\S+$/;
const DOI_PREFIXES = [/^doi:\s*/i, /^https?:\/\/(dx\.)?doi\.org\//i];

/**
 * The DOI in what someone typed: `10.x/y`, `doi:10.x/y`, or a resolver URL (`https://doi.org/…`,
 * `http://dx.doi.org/…`). Returns the bare DOI to store, '' for nothing typed, or null for anything else ("Not
 * Valid DOI").
 */
export function bareDoi(input: string): string | null {
  let text = input.trim();
  if (text === '') return '';
  for (const prefix of DOI_PREFIXES) text = text.replace(prefix, '');
  if (/^https?:/i.test(text)) return null;
  try {
    if (text.includes('%')) text = decodeURIComponent(text);
  } catch {
    return null;
  }
  return BARE_DOI.test(text) ? text : null;
}

/** The resolver link of a stored DOI. */
export const doiLink = (doi: string) => `https://doi.org/${doi}`;

/** Whether a title or abstract is written in Arabic letters (the prefill puts it in the field of its script). */
export const isArabicText = (text: string) => /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/.test(text);

/** The final PDF of an archived paper: a PDF up to 25 MB, checked by content (spec 03 §5, §9). */
export const FINAL_VERSION_RULE = {
  extensions: ['pdf'],
  mimeTypes: ['application/pdf'],
  maxBytes: 25 * MB,
} as const satisfies FileRule;

/**
 * The at-publish fee (spec 03 §3, issue 21 §1): due for an accepted paper while the journal charges at publish and
 * its author has not paid it. An unpaid paper cannot be assigned to an issue nor published.
 */
export const publishPaymentDue = (
  paper: { publishPaid: boolean },
  settings: { atPublish: boolean } | null | undefined,
) => Boolean(settings?.atPublish) && !paper.publishPaid;
