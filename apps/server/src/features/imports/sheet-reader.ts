import { join } from 'node:path';
import { type ImportedFile, ImportFileError, type ImportedRecord, type ImportReader } from './model';
import type { SheetRow } from './sheet-csv';
import { noPdfs, type SheetPdfs, zipPdfs } from './sheet-pdfs';
import { isBlankRow, readHeader, readRow, refusal, SHEET_SOURCE, type SheetHeader } from './sheet-row';
import { RowFault } from './sheet-values';
import { rowsOffTheLoop } from './sheet-thread';
import { openZipFolder } from './zip-folder';

/**
 * A journal's archive as a spreadsheet, one row a paper (issue 45 §3, decision 0080): a CSV or XLSX file alone
 * (metadata only), or a zip holding one such file and the papers' PDFs. The rows are read as a stream; a row that
 * cannot be read is refused with its row and column and the next one is read; a file that cannot be read at all
 * (not a spreadsheet, a wrong encoding, no header row, an unsafe zip) throws ImportFileError.
 */

type SheetKind = 'csv' | 'xlsx';

const kindOf = (name: string): SheetKind | 'zip' | null => {
  const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'xlsx' || extension === 'zip' ? extension : null;
};

/** The sheet's rows, read in a worker thread (sheet-thread.ts): the parsing never holds the request loop. */
const rowsOf = (kind: SheetKind, file: string, workDir: string, signal?: AbortSignal): AsyncIterable<SheetRow> =>
  rowsOffTheLoop(kind, file, workDir, signal);

/** What a zip carries beside the files: macOS's resource forks, Finder's and Excel's own files (~$ while open). */
const isClutter = (path: string) =>
  path.startsWith('__MACOSX/') || /(^|\/)(\.|~\$)[^/]*$/.test(path) || /(^|\/)Thumbs\.db$/i.test(path);

/** The row's PDF out of the zip, or why its row is refused. */
async function galleyOf(pdfs: SheetPdfs, pdf: string | null): Promise<ImportedFile | null | RowFault> {
  if (pdf === null) return null;
  try {
    return await pdfs.take(pdf);
  } catch (error) {
    if (error instanceof RowFault) return error;
    throw error;
  }
}

async function* papersOf(rows: AsyncIterable<SheetRow>, pdfs: SheetPdfs): AsyncGenerator<ImportedRecord> {
  let header: SheetHeader | null = null;
  let anyRow = false;
  const rowOfId = new Map<string, number>();
  for await (const { row, cells } of rows) {
    if (isBlankRow(cells)) continue;
    anyRow = true;
    if (!header) {
      header = readHeader(cells);
      continue;
    }
    const read = readRow(header, cells, row);
    if (read.kind === 'refused') {
      yield read;
      continue;
    }
    const { pdf, ...paper } = read;
    const earlier = rowOfId.get(paper.sourceId);
    if (earlier !== undefined) {
      yield refusal(
        header,
        row,
        new RowFault('id', 'importSheet.duplicate_id', {
          value: paper.sourceId.slice(SHEET_SOURCE.length),
          row: earlier,
        }),
      );
      continue;
    }
    rowOfId.set(paper.sourceId, row);
    const galley = await galleyOf(pdfs, pdf);
    yield galley instanceof RowFault ? refusal(header, row, galley) : { ...paper, galley };
  }
  if (!anyRow) throw new ImportFileError('importSheet.empty');
}

async function* fromZip(file: string, workDir: string, signal?: AbortSignal): AsyncGenerator<ImportedRecord> {
  const folder = await openZipFolder(file);
  try {
    const names = folder.names().filter((name) => !isClutter(name));
    const sheets = names.filter((name) => kindOf(name) === 'csv' || kindOf(name) === 'xlsx');
    const [sheet, second] = sheets;
    if (sheet === undefined) throw new ImportFileError('importSheet.zip_no_sheet');
    if (second !== undefined) throw new ImportFileError('importSheet.zip_many_sheets', { first: sheet, second });
    const kind = kindOf(sheet) as SheetKind;
    const sheetPath = join(workDir, `sheet.${kind}`);
    await folder.extract(sheet, sheetPath);
    yield* papersOf(rowsOf(kind, sheetPath, workDir, signal), zipPdfs(folder, names, sheet, workDir));
  } finally {
    folder.close();
  }
}

export const readSpreadsheet: ImportReader = async function* ({ file, fileName, workDir, signal }) {
  const kind = kindOf(fileName);
  if (file === null || kind === null) throw new ImportFileError('importSheet.file_kind');
  if (kind === 'zip') yield* fromZip(file, workDir, signal);
  else yield* papersOf(rowsOf(kind, file, workDir, signal), noPdfs);
};
