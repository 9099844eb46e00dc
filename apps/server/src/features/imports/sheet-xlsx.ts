import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { ImportFileError } from './model';
import { openZipFolder } from './zip-folder';
import type { SheetRow } from './sheet-csv';
import type { SheetCell } from './sheet-values';

/**
 * The rows of an XLSX workbook's first sheet, read with exceljs's streaming reader (decision 0080): the zip's parts
 * are parsed as they come and a row is given as soon as it is read, so the sheet is never in memory whole (its
 * shared strings are: Excel keeps every distinct text of the workbook in one part, which every row refers to).
 * Styles are read so that a number in a date format comes as a date; a formula gives its cached result.
 */

type ExcelValue = ExcelJS.CellValue | undefined;

function cellOf(value: ExcelValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('error' in value) return { error: String(value.error) };
  if ('result' in value || 'formula' in value || 'sharedFormula' in value)
    return cellOf((value as { result?: ExcelValue }).result);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellOf(value.text as ExcelValue);
  return null;
}

/**
 * An XLSX file is a zip: its directory is checked as an uploaded zip's is (zip-folder.ts: paths, sizes, the
 * expansion ratio) before exceljs inflates its parts, so a workbook that unpacks to gigabytes is refused unread.
 */
async function checkWorkbookZip(file: string) {
  try {
    (await openZipFolder(file)).close();
  } catch (error) {
    if (error instanceof ImportFileError && error.reason === 'importJats.zipUnreadable')
      throw new ImportFileError('importSheet.xlsx_broken', {}, error.message);
    throw error;
  }
}

export async function* xlsxRows(file: string, signal?: AbortSignal): AsyncGenerator<SheetRow> {
  await checkWorkbookZip(file);
  const bytes = createReadStream(file, { signal });
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(bytes, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const worksheet of workbook) {
      sheets++;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const cells: SheetCell[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          cells[column - 1] = cellOf(cell.value);
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
  }
  if (sheets === 0) throw new ImportFileError('importSheet.xlsx_broken');
}
