import { join } from 'node:path';
import { MB } from '@journals/core/files';
import { FINAL_VERSION_RULE } from '@journals/core/rules/issues';
import type { ImportedFile } from './model';
import { RowFault } from './sheet-values';
import type { ZipFolder } from './zip-folder';

/**
 * The PDFs of a spreadsheet's zip, found by the name its row's `pdf` cell gives (decision 0080): a path from the
 * spreadsheet's folder or from the zip's top, else the file's name alone when one file of the zip has it (a journal
 * zips a folder, and the folder's name is then in front of every path). Case does not matter (Windows keeps none). A PDF is unpacked into the
 * import's work folder only when its row is read, one at a time.
 */
export interface SheetPdfs {
  take(cell: string): Promise<ImportedFile>;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const key = (path: string) => path.normalize('NFC').toLowerCase();

function add(index: Map<string, string[]>, at: string, name: string) {
  const names = index.get(at);
  if (names) names.push(name);
  else index.set(at, [name]);
}

export function zipPdfs(folder: ZipFolder, names: readonly string[], sheetPath: string, workDir: string): SheetPdfs {
  const sheetFolder = sheetPath.slice(0, sheetPath.lastIndexOf('/') + 1);
  const byPath = new Map<string, string[]>();
  const byName = new Map<string, string[]>();
  for (const name of names) {
    add(byPath, key(name), name);
    add(byName, key(baseName(name)), name);
  }
  const find = (wanted: string) =>
    byPath.get(key(sheetFolder + wanted)) ?? byPath.get(key(wanted)) ?? byName.get(key(baseName(wanted))) ?? [];
  let taken = 0;
  return {
    async take(cell) {
      const wanted = cell
        .normalize('NFC')
        .replace(/\\/g, '/')
        .replace(/^(\.?\/)+/, '');
      const found = find(wanted);
      if (found.length > 1) throw new RowFault('pdf', 'importSheet.pdf_ambiguous', { value: cell });
      const name = found[0];
      if (name === undefined) throw new RowFault('pdf', 'importSheet.pdf_not_found', { value: cell });
      if (!name.toLowerCase().endsWith('.pdf')) throw new RowFault('pdf', 'importSheet.pdf_not_pdf', { value: cell });
      const maxBytes = FINAL_VERSION_RULE.maxBytes;
      if ((folder.bytes(name) ?? 0) > maxBytes)
        throw new RowFault('pdf', 'importSheet.pdf_too_large', { value: cell, max: maxBytes / MB });
      const path = join(workDir, `sheet-pdf-${++taken}.pdf`);
      const bytes = await folder.extract(name, path, maxBytes);
      return { name: baseName(name), mimeType: 'application/pdf', path, bytes };
    },
  };
}

/** A spreadsheet uploaded alone: a row that names a PDF cannot have it. */
export const noPdfs: SheetPdfs = {
  take() {
    return Promise.reject(new RowFault('pdf', 'importSheet.pdf_without_zip'));
  },
};
