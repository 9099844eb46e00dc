import type { ImportedAuthor, ImportedPaper, Localized, Place, RefusedRecord } from './model';
import type { DcRecord, DcValue } from './oai-page';

/**
 * One harvested Dublin Core record as a paper (decision 0079). Dublin Core has no fields for a volume, an issue or
 * pages: OJS writes them into dc:source as "<journal>; Vol. 3 No. 1 (2020); 5-9" (OJS 3) or "<journal>; Vol 3, No 1
 * (2020)" (OJS 2), and other repositories write a citation like "Journal, Vol 3, No 1 (2020), pp. 5-9" into dc:source
 * or dc:relation; they are read from there. A record that names no volume and issue cannot be placed in an issue
 * and is refused (no issue is invented for it).
 */

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/g;
const LETTERS = /\p{L}/gu;

/** Whether a text is Arabic: most of its letters are of the Arabic script. */
export function isArabicText(text: string): boolean {
  const arabic = text.match(ARABIC_SCRIPT)?.length ?? 0;
  const letters = text.match(LETTERS)?.length ?? 0;
  return arabic > 0 && arabic * 2 >= letters;
}

/** "en", "ar" or null for a value: by its xml:lang ("en_US", "ar-IQ", "ara", "eng"), else by its script. */
function languageOf({ value, lang }: DcValue): 'en' | 'ar' | null {
  const code = lang?.toLowerCase() ?? '';
  if (/^(ar|ara)([-_]|$)/.test(code)) return 'ar';
  if (/^(en|eng)([-_]|$)/.test(code)) return 'en';
  // No language, or another one: by script, so an untagged title still lands on its side.
  return isArabicText(value) ? 'ar' : code === '' || !/^[a-z]{2,3}([-_]|$)/.test(code) ? 'en' : null;
}

/** The first value of each language; a value tagged en/ar wins over one placed by its script. */
function localized(values: DcValue[] = []): Localized {
  const result: Localized = { en: '', ar: '' };
  const tagged = (value: DcValue) => /^(ar|ara|en|eng)([-_]|$)/i.test(value.lang ?? '');
  for (const value of [...values.filter(tagged), ...values.filter((v) => !tagged(v))]) {
    const language = languageOf(value);
    if (language && !result[language]) result[language] = value.value;
  }
  return result;
}

/** Western digits for Arabic-Indic and Persian ones, so "المجلد ٣" reads as volume 3. */
function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

interface Citation {
  volume: number;
  number: string;
  year: number | null;
  fromPage: number | null;
  toPage: number | null;
}

const VOLUME = /(?:^|[^\p{L}])(?:vol(?:ume)?\.?|v\.|المجلد|مجلد|مج\.?)\s*(\d{1,4})/iu;
const NUMBER =
  /(?:^|[^\p{L}])(?:no\.?|num(?:ber|\.)?|issue|iss\.|n°|العدد|عدد|ع\.)\s*(\d{1,3}(?:\s*[-–/]\s*\d{1,3})?)/iu;
const YEAR = /\(\s*((?:1[89]|20)\d\d)\s*\)/;
const PAGES = /(?:^|[^\p{L}])(?:pp?\.|pages?|ص\.?|الصفحات)\s*(\d{1,5})(?:\s*[-–]\s*(\d{1,5}))?/iu;
/** OJS's last part: "; 71-98" (or one page). */
const OJS_PAGES = /;\s*(\d{1,5})(?:\s*[-–]\s*(\d{1,5}))?\s*$/;

/** The volume, issue, year and pages of a citation, or null when it names no volume and issue. */
export function parseCitation(raw: string): Citation | null {
  const text = westernDigits(raw);
  const volume = VOLUME.exec(text);
  const number = NUMBER.exec(text);
  if (!volume || !number) return null;
  const pages = PAGES.exec(text) ?? OJS_PAGES.exec(text);
  const fromPage = pages ? Number(pages[1]) : null;
  const toPage = pages?.[2] ? Number(pages[2]) : fromPage;
  return {
    volume: Number(volume[1]),
    number: number[1]!.replace(/\s+/g, '').replace('–', '-'),
    year: YEAR.exec(text) ? Number(YEAR.exec(text)![1]) : null,
    fromPage: fromPage !== null && toPage !== null && toPage >= fromPage ? fromPage : null,
    toPage: fromPage !== null && toPage !== null && toPage >= fromPage ? toPage : null,
  };
}

const DOI = /^(?:doi:\s*|info:doi\/|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/\S+)$/i;

/** The bare DOI among a record's identifiers ("doi:10…", "https://doi.org/10…", "10…"), or null. */
export function doiOf(values: DcValue[] = []): string | null {
  for (const { value } of values) {
    const match = DOI.exec(value.trim());
    if (match) {
      try {
        return decodeURIComponent(match[1]!);
      } catch {
        return match[1]!;
      }
    }
  }
  return null;
}

/** "Family, Given" (how OJS writes dc:creator) as "Given Family"; an e-mail address or a <…> part left out. */
function authorName(raw: string): string {
  const name = raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/\(?\S+@\S+\)?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[,;]$/, '');
  const parts = name.split(/\s*[,،]\s*/);
  return parts.length === 2 && parts[0] && parts[1] ? `${parts[1]} ${parts[0]}` : name;
}

function authorsOf(values: DcValue[] = []): ImportedAuthor[] {
  return values
    .map(({ value }) => authorName(value))
    .filter((name) => name !== '')
    .map((name, index) => ({
      name: isArabicText(name) ? { en: '', ar: name } : { en: name, ar: '' },
      email: null,
      affiliation: { en: '', ar: '' },
      orcid: null,
      corresponding: index === 0,
    }));
}

function keywordsOf(values: DcValue[] = []): { en: string[]; ar: string[] } {
  const keywords = { en: [] as string[], ar: [] as string[] };
  for (const value of values)
    for (const word of value.value.split(/\s*[;؛]\s*/)) {
      const language = languageOf({ value: word, lang: value.lang });
      if (word && language && !keywords[language].includes(word)) keywords[language].push(word);
    }
  return keywords;
}

/** The first full date (YYYY-MM-DD) among the values, and the first year. */
function datesOf(values: DcValue[] = []): { date: string | null; year: number | null } {
  let date: string | null = null;
  let year: number | null = null;
  for (const { value } of values) {
    const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value.trim());
    if (!match) continue;
    year ??= Number(match[1]);
    if (!date && match[3] && !Number.isNaN(Date.parse(`${match[0]}T00:00:00Z`))) date = match[0];
  }
  return { date, year };
}

/** The section: OJS writes its "identify type" into dc:type beside the eu-repo URIs. */
function sectionOf(values: DcValue[] = []): Localized {
  return localized(values.filter(({ value }) => !/^(info:|https?:)/i.test(value) && !/^(text|article)$/i.test(value)));
}

/** The record as a paper (its galley left for the reader to fetch), or why it cannot be one. */
export function paperOf(record: DcRecord): Omit<ImportedPaper, 'galley'> | RefusedRecord {
  const place: Place = [{ at: 'record', id: record.identifier }];
  const title = localized(record.dc.get('title'));
  if (!title.en && !title.ar) return { kind: 'refused', place, reason: 'importOai.noTitle' };
  const citation = [...(record.dc.get('source') ?? []), ...(record.dc.get('relation') ?? [])]
    .map(({ value }) => parseCitation(value))
    .find((found) => found !== null);
  if (!citation) return { kind: 'refused', place, reason: 'importOai.noIssue' };
  const { date, year } = datesOf(record.dc.get('date'));
  const issueYear = citation.year ?? year;
  if (!issueYear) return { kind: 'refused', place, reason: 'importOai.noYear' };
  const month = date && Number(date.slice(0, 4)) === issueYear ? Number(date.slice(5, 7)) : null;
  return {
    kind: 'paper',
    place,
    sourceId: `oai:${record.identifier}`,
    doi: doiOf([...(record.dc.get('identifier') ?? []), ...(record.dc.get('relation') ?? [])]),
    issue: {
      volume: citation.volume,
      number: citation.number,
      year: issueYear,
      month,
      publishDate: null,
      title: { en: '', ar: '' },
      sourceId: null,
    },
    section: sectionOf(record.dc.get('type')),
    title,
    subtitle: { en: '', ar: '' },
    abstract: localized(record.dc.get('description')),
    keywords: keywordsOf(record.dc.get('subject')),
    authors: authorsOf(record.dc.get('creator')),
    fromPage: citation.fromPage,
    toPage: citation.toPage,
    orderInIssue: null,
    publishDate: date,
  };
}

/**
 * The addresses that may be the record's PDF, likeliest first: a path ending in .pdf, an OJS download link, an OJS
 * galley page (/article/view/<paper>/<galley>) as its download link. Landing pages are not tried.
 */
export function pdfCandidates(record: DcRecord): string[] {
  const candidates: string[] = [];
  for (const { value } of [...(record.dc.get('identifier') ?? []), ...(record.dc.get('relation') ?? [])]) {
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (/doi\.org$/i.test(url.hostname)) continue;
    const galleyPage = /\/article\/view\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    if (/\.pdf$/i.test(url.pathname) || /\/article\/download\//.test(url.pathname)) candidates.push(url.toString());
    else if (galleyPage) {
      url.pathname = url.pathname.replace(/\/article\/view\//, '/article/download/');
      candidates.push(url.toString());
    }
  }
  return [...new Set(candidates)].slice(0, 2);
}
