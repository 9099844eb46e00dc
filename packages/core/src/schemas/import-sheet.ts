import { importSheet as arabic } from '../i18n/ar/import-sheet';
import { importSheet as english } from '../i18n/en/import-sheet';

/**
 * The spreadsheet a journal fills to bring its archive (issue 45 §3, decision 0080): one row a paper, the first row
 * the column headers, in English or in Arabic (a journal may fill the Arabic template), in any order. The headers and
 * each column's meaning are core's catalogue texts (`importSheet.col_<key>`, `importSheet.about_<key>`), so the
 * template, the reader and the import screen say the same.
 */

export const SHEET_COLUMN_KEYS = [
  'id',
  'doi',
  'volume',
  'issue',
  'year',
  'month',
  'publish_date',
  'section',
  'title_en',
  'title_ar',
  'subtitle',
  'abstract_en',
  'abstract_ar',
  'keywords_en',
  'keywords_ar',
  'authors',
  'corresponding_author',
  'from_page',
  'to_page',
  'order',
  'pdf',
] as const;
export type SheetColumnKey = (typeof SHEET_COLUMN_KEYS)[number];

/**
 * Whether a row must fill the column: `yes`; `no`; `title` (title_en or title_ar, one at least); `year` (the year,
 * or a publication date to take it from).
 */
export type SheetColumnRequired = 'yes' | 'no' | 'title' | 'year';

export interface SheetColumn {
  key: SheetColumnKey;
  header: { en: string; ar: string };
  required: SheetColumnRequired;
  /** Whether the header row must have the column (a sheet may leave out any optional one). */
  headerRequired: boolean;
  /** The catalogue key of its meaning (shown under the template and on the import screen). */
  about: `importSheet.about_${SheetColumnKey}`;
}

const REQUIRED: Partial<Record<SheetColumnKey, SheetColumnRequired>> = {
  id: 'yes',
  volume: 'yes',
  issue: 'yes',
  year: 'year',
  title_en: 'title',
  title_ar: 'title',
  authors: 'yes',
};

export const SHEET_COLUMNS: readonly SheetColumn[] = SHEET_COLUMN_KEYS.map((key) => ({
  key,
  header: { en: english[`col_${key}`], ar: arabic[`col_${key}`] },
  required: REQUIRED[key] ?? 'no',
  headerRequired: ['id', 'volume', 'issue', 'authors'].includes(key),
  about: `importSheet.about_${key}` as const,
}));

/** Keywords in one cell: separated by ; or , in either script (، ؛). */
export const SHEET_KEYWORD_SEPARATORS = /[;,،؛]/;

/** Authors in one cell: one a line, or separated by ; (an author's own text never holds one). */
export const SHEET_AUTHOR_SEPARATORS = /[\n;؛]/;

/**
 * A header as the reader compares it: case, spaces, underscores and hyphens, Arabic short vowels, tatweel and the
 * forms of alef, yeh and teh marbuta do not matter ("Title EN", "title-en"; "الانجليزية", "الإنجليزية").
 */
export function headerForm(header: string): string {
  return header
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[\u0623\u0625\u0622\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0629/g, '\u0647')
    .replace(/[\s_\-‐-―]+/g, ' ')
    .trim();
}

/** Every form a column's header may take (its key, its English and its Arabic header) → the column. */
export const SHEET_HEADERS: ReadonlyMap<string, SheetColumnKey> = new Map(
  SHEET_COLUMNS.flatMap((column) =>
    [column.key, column.header.en, column.header.ar].map((header) => [headerForm(header), column.key] as const),
  ),
);
