import type { MessageKey } from '@journals/core/i18n/index';
import {
  headerForm,
  SHEET_COLUMNS,
  SHEET_HEADERS,
  SHEET_KEYWORD_SEPARATORS,
  type SheetColumnKey,
} from '@journals/core/schemas/import-sheet';
import { ImportFileError, type ImportedPaper, type Place, type RefusedRecord } from './model';
import { bothLanguages, readAuthors } from './sheet-authors';
import { cellText, doi, month, RowFault, sheetDate, wholeNumber, year, type SheetCell } from './sheet-values';

/** A row's paper is known in its source by its id column: `sheet:<id>`. */
export const SHEET_SOURCE = 'sheet:';

/** A paper read from its row, its PDF still only a name (the reader takes it out of the zip). */
export type SheetPaper = Omit<ImportedPaper, 'galley'> & { pdf: string | null };

/** The header row: which column of the sheet (0-based) holds which of ours, and how the sheet wrote its header. */
export interface SheetHeader {
  at: Map<SheetColumnKey, number>;
  written: Map<SheetColumnKey, string>;
}

export function readHeader(cells: readonly SheetCell[]): SheetHeader {
  const header: SheetHeader = { at: new Map(), written: new Map() };
  cells.forEach((cell, index) => {
    const written = typeof cell === 'string' ? cell.normalize('NFC').trim() : '';
    const key = SHEET_HEADERS.get(headerForm(written));
    if (!key) return; // A column of the journal's own (notes, a status) is left alone.
    if (header.at.has(key)) throw new ImportFileError('importSheet.duplicate_column', { column: written });
    header.at.set(key, index);
    header.written.set(key, written);
  });
  if (header.at.size === 0) throw new ImportFileError('importSheet.no_header');
  for (const column of SHEET_COLUMNS)
    if (column.headerRequired && !header.at.has(column.key))
      throw new ImportFileError('importSheet.missing_column', { en: column.header.en, ar: column.header.ar });
  return header;
}

const keywords = (text: string) => [
  ...new Set(
    text
      .split(SHEET_KEYWORD_SEPARATORS)
      .map((keyword) => keyword.trim().replace(/\s+/g, ' '))
      .filter((keyword) => keyword !== ''),
  ),
];

/** A row with nothing in it (Excel keeps rows that were only formatted): skipped without a word. */
export const isBlankRow = (cells: readonly SheetCell[]) =>
  cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));

function paperOf(header: SheetHeader, cells: readonly SheetCell[], place: Place): SheetPaper {
  const cell = (key: SheetColumnKey): SheetCell => {
    const index = header.at.get(key);
    return index === undefined ? null : (cells[index] ?? null);
  };
  const text = (key: SheetColumnKey) => cellText(key, cell(key));
  const required = <T>(key: SheetColumnKey, value: T | null, reason: MessageKey = 'importSheet.required'): T => {
    if (value === null || value === '') throw new RowFault(key, reason);
    return value;
  };

  const id = required('id', text('id'));
  const paperDoi = doi('doi', cell('doi'));
  const volume = required('volume', wholeNumber('volume', cell('volume')));
  const issueNumber = required('issue', text('issue'));
  const publishDate = sheetDate('publish_date', cell('publish_date'));
  const issueYear = required(
    'year',
    year('year', cell('year')) ?? (publishDate ? Number(publishDate.slice(0, 4)) : null),
    'importSheet.year_required',
  );
  const issueMonth = month('month', cell('month'));
  const title = { en: text('title_en'), ar: text('title_ar') };
  if (title.en === '' && title.ar === '')
    throw new RowFault(header.at.has('title_en') ? 'title_en' : 'title_ar', 'importSheet.title_required');
  const fromPage = wholeNumber('from_page', cell('from_page'));
  const toPage = wholeNumber('to_page', cell('to_page'));
  if (fromPage !== null && toPage !== null && toPage < fromPage)
    throw new RowFault('to_page', 'importSheet.pages_order', { from: fromPage, to: toPage });
  const authors = readAuthors(required('authors', text('authors')), text('corresponding_author'));
  const subtitle = text('subtitle');
  return {
    kind: 'paper',
    place,
    sourceId: SHEET_SOURCE + id,
    doi: paperDoi,
    issue: {
      volume,
      number: issueNumber,
      year: issueYear,
      month: issueMonth,
      publishDate,
      title: { en: '', ar: '' },
      sourceId: null,
    },
    section: bothLanguages(text('section')),
    title,
    subtitle: bothLanguages(subtitle),
    abstract: { en: text('abstract_en'), ar: text('abstract_ar') },
    keywords: { en: keywords(text('keywords_en')), ar: keywords(text('keywords_ar')) },
    authors,
    fromPage,
    toPage,
    orderInIssue: wholeNumber('order', cell('order')),
    publishDate,
    pdf: text('pdf') || null,
  };
}

/**
 * One row as a paper, or its refusal at the first column at fault: "row 14, column volume" with the column as the
 * sheet's own header wrote it (Arabic in an Arabic sheet), and why.
 */
export function readRow(header: SheetHeader, cells: readonly SheetCell[], row: number): SheetPaper | RefusedRecord {
  const place: Place = [{ at: 'row', n: row }];
  try {
    return paperOf(header, cells, place);
  } catch (error) {
    if (!(error instanceof RowFault)) throw error;
    return refusal(header, row, error);
  }
}

export function refusal(header: SheetHeader, row: number, fault: RowFault): RefusedRecord {
  const column = fault.column && (header.written.get(fault.column) ?? fault.column);
  return {
    kind: 'refused',
    place: [column ? { at: 'row', n: row, column } : { at: 'row', n: row }],
    reason: fault.reason,
    values: fault.values,
  };
}
