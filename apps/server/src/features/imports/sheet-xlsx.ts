import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { MB } from '@journals/core/files';
import ExcelJS from 'exceljs';
import { ImportFileError } from './model';
import type { SheetRow } from './sheet-csv';
import { SharedStrings } from './sheet-strings';
import type { SheetCell } from './sheet-values';
import { openZipFolder } from './zip-folder';

/**
 * The rows of an XLSX workbook's first sheet, read with exceljs's streaming reader (decision 0080): the zip's parts
 * are parsed as they come and a row is given as soon as it is read, so the sheet is never in memory whole, nor are
 * its shared strings (sheet-strings.ts keeps them on disk). Styles are read so that a number in a date format comes
 * as a date; a formula gives its cached result.
 */

type ExcelValue = ExcelJS.CellValue | { sharedString: number } | undefined;
type RichText = { richText: { text: string }[] };
/** What exceljs's `parse()` gives: a part's event, or (strings emitted) one shared string. */
type WorkbookEvent = { eventType: string; value: unknown } | { index: number; text: string | RichText | null };

const plain = (text: string | RichText | null) =>
  text === null ? '' : typeof text === 'string' ? text : text.richText.map((part) => part.text).join('');

function cellOf(value: ExcelValue, strings: SharedStrings): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('sharedString' in value) return strings.get(value.sharedString);
  if ('error' in value) return { error: String(value.error) };
  if ('result' in value || 'formula' in value || 'sharedFormula' in value)
    return cellOf((value as { result?: ExcelValue }).result, strings);
  if ('richText' in value) return plain(value);
  if ('text' in value) return cellOf(value.text as ExcelValue, strings);
  return null;
}

/**
 * The workbook's styles, which exceljs reads whole into memory (about three times their size): a real workbook's are
 * well under a megabyte, even one with Excel's 64,000 formats about 10 MB. Past this, refused unread.
 */
const STYLES_PART = 'xl/styles.xml';
const STYLES_BYTES = 32 * MB;

/**
 * An XLSX file is a zip: its directory is checked as an uploaded zip's is (zip-folder.ts: paths, sizes, the
 * expansion ratio) before exceljs inflates its parts, so a workbook that unpacks to gigabytes is refused unread, and
 * so is one whose styles are past STYLES_BYTES.
 */
async function checkWorkbookZip(file: string) {
  try {
    const folder = await openZipFolder(file);
    const styles = folder.bytes(STYLES_PART);
    folder.close();
    if (styles !== undefined && styles > STYLES_BYTES)
      throw new ImportFileError('importJats.zipEntryTooLarge', { name: STYLES_PART, megabytes: STYLES_BYTES / MB });
  } catch (error) {
    if (error instanceof ImportFileError && error.reason === 'importJats.zipUnreadable')
      throw new ImportFileError('importSheet.xlsx_broken', {}, error.message);
    throw error;
  }
}

export async function* xlsxRows(file: string, workDir: string, signal?: AbortSignal): AsyncGenerator<SheetRow> {
  await checkWorkbookZip(file);
  const bytes = createReadStream(file, { signal });
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(bytes, {
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const events = (workbook as unknown as { parse(): AsyncIterable<WorkbookEvent> }).parse();
  const strings = new SharedStrings(join(workDir, `shared-strings-${Date.now()}.txt`));
  let sheets = 0;
  try {
    for await (const event of events) {
      if ('index' in event) {
        strings.add(event.index, plain(event.text));
        continue;
      }
      if (event.eventType !== 'worksheet') continue;
      sheets++;
      for await (const row of event.value as AsyncIterable<ExcelJS.Row>) {
        const cells: SheetCell[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          cells[column - 1] = cellOf(cell.value as ExcelValue, strings);
        });
        yield { row: row.number, cells: Array.from(cells, (cell) => cell ?? null) };
      }
      break; // The first sheet is the papers; a second one (the template's notes) is not read.
    }
  } catch (error) {
    if (error instanceof ImportFileError || signal?.aborted) throw error;
    throw new ImportFileError('importSheet.xlsx_broken', {}, String(error));
  } finally {
    bytes.destroy();
    strings.close();
  }
  if (sheets === 0) throw new ImportFileError('importSheet.xlsx_broken');
}
