import type { MessageKey } from '@journals/core/i18n/index';
import { bareDoi } from '@journals/core/rules/issues';
import type { SheetColumnKey } from '@journals/core/schemas/import-sheet';

/**
 * A spreadsheet cell's value read as a column wants it (decision 0080). A CSV cell is text; an XLSX cell may also be
 * a number, a date (a number in a date format) or Excel's error (#N/A). What cannot be read throws `RowFault` with
 * the column at fault, and the row is refused with it.
 */
export type SheetCell = string | number | Date | { error: string } | null;

export class RowFault extends Error {
  constructor(
    readonly column: SheetColumnKey | null,
    readonly reason: MessageKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(reason);
  }
}

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as 0–9: a journal filling the Arabic template may type either. */
export const westernDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));

const isoDay = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The cell as text: trimmed, NFC, line breaks as \n, a number as written, a date as YYYY-MM-DD. */
export function cellText(column: SheetColumnKey, cell: SheetCell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  if (typeof cell === 'number') return String(cell);
  if (cell instanceof Date) return isoDay(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  throw new RowFault(column, 'importSheet.cell_error', { value: cell.error });
}

/** A whole number 1 or more (a number cell, or digits in either script), or null when the cell is empty. */
export function wholeNumber(column: SheetColumnKey, cell: SheetCell): number | null {
  if (typeof cell === 'number') {
    if (Number.isInteger(cell) && cell >= 1 && cell < 1e9) return cell;
    throw new RowFault(column, 'importSheet.not_whole_number', { value: String(cell) });
  }
  const text = westernDigits(cellText(column, cell));
  if (text === '') return null;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw new RowFault(column, 'importSheet.not_whole_number', { value: text });
  return Number(text);
}

export function year(column: SheetColumnKey, cell: SheetCell): number | null {
  if (cell instanceof Date) return cell.getUTCFullYear(); // A year typed as a date (Excel's guess, or 2020-01-01).
  const text = westernDigits(cellText(column, cell));
  if (text === '') return null;
  if (!/^[1-9]\d{3}$/.test(text)) throw new RowFault(column, 'importSheet.not_year', { value: text });
  return Number(text);
}

/** Month names as people type them: English, Egyptian-Gulf Arabic and Levantine-Iraqi Arabic. */
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'jan', 'يناير', 'كانون الثاني'],
  ['february', 'feb', 'فبراير', 'شباط'],
  ['march', 'mar', 'مارس', 'آذار'],
  ['april', 'apr', 'أبريل', 'ابريل', 'إبريل', 'نيسان'],
  ['may', 'مايو', 'أيار', 'ايار'],
  ['june', 'jun', 'يونيو', 'يونيه', 'حزيران'],
  ['july', 'jul', 'يوليو', 'يوليه', 'تموز'],
  ['august', 'aug', 'أغسطس', 'اغسطس', 'آب'],
  ['september', 'sep', 'sept', 'سبتمبر', 'أيلول', 'ايلول'],
  ['october', 'oct', 'أكتوبر', 'اكتوبر', 'تشرين الأول'],
  ['november', 'nov', 'نوفمبر', 'تشرين الثاني'],
  ['december', 'dec', 'ديسمبر', 'كانون الأول'],
];

export function month(column: SheetColumnKey, cell: SheetCell): number | null {
  if (cell instanceof Date) return cell.getUTCMonth() + 1;
  const text = westernDigits(cellText(column, cell)).toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return null;
  const number = /^\d{1,2}$/.test(text) ? Number(text) : MONTH_NAMES.findIndex((names) => names.includes(text)) + 1;
  if (number < 1 || number > 12) throw new RowFault(column, 'importSheet.not_month', { value: text });
  return number;
}

/** Excel's day 0 is 1899-12-30 (its serial counts the 1900 leap day that never was). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A date in the forms people type: 2020-05-01 (or 2020/05/01), or day first as the journals of the region write it,
 * 01/05/2020, 1-5-2020, 01.05.2020; a time after it is ignored. An XLSX date cell, or a number (Excel's serial day,
 * a date cell whose format was lost), is taken as it is. The day must exist (2021-02-29 is refused).
 */
export function sheetDate(column: SheetColumnKey, cell: SheetCell): string | null {
  if (cell instanceof Date) return cellText(column, cell);
  if (typeof cell === 'number') {
    if (cell >= 1 && cell < 2_958_466) return cellText(column, new Date(EXCEL_EPOCH + Math.floor(cell) * DAY_MS));
    throw new RowFault(column, 'importSheet.not_date', { value: String(cell) });
  }
  const text = westernDigits(cellText(column, cell));
  if (text === '') return null;
  const day = text.replace(/[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/, '');
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(day);
  const dayFirst = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(day);
  const parts = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dayFirst
      ? [Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1])]
      : null;
  if (parts) {
    const [y, m, d] = parts as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    if (y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d)
      return isoDay(y, m, d);
  }
  throw new RowFault(column, 'importSheet.not_date', { value: text });
}

export function doi(column: SheetColumnKey, cell: SheetCell): string | null {
  const text = cellText(column, cell);
  const bare = bareDoi(text);
  if (bare === null) throw new RowFault(column, 'importSheet.not_doi', { value: text });
  return bare === '' ? null : bare;
}
