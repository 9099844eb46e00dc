import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { afterEach } from 'vitest';
import type { ImportedPaper, ImportedRecord, RefusedRecord } from '../src/features/imports/model';
import { readSpreadsheet } from '../src/features/imports/sheet-reader';

/** The spreadsheet reader's test scene: files built in the test, read as an upload would be, in a folder of their own. */

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

export async function folder() {
  const made = await mkdtemp(join(tmpdir(), 'import-sheet-'));
  folders.push(made);
  return made;
}

/** Writes `content` as the upload `fileName` and reads it: every record, in order. */
export async function readUpload(fileName: string, content: Buffer | string): Promise<ImportedRecord[]> {
  const at = await folder();
  const file = join(at, 'upload');
  await writeFile(file, content);
  const workDir = join(at, 'work');
  await mkdir(workDir);
  const records: ImportedRecord[] = [];
  for await (const record of readSpreadsheet({ file, fileName, url: null, workDir })) records.push(record);
  return records;
}

export const csv = (rows: readonly (readonly (string | number)[])[], bom = false) =>
  Buffer.from((bom ? '\uFEFF' : '') + stringify(rows as (string | number)[][]), 'utf8');

export async function xlsx(build: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Papers'));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const zip = (files: Record<string, Buffer | string>) => {
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, content]) => [name, new Uint8Array(Buffer.from(content))]),
  );
  return Buffer.from(zipSync(entries));
};

/** A small PDF (the engine checks content; the reader only carries it). */
export const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`);

export const papers = (records: readonly ImportedRecord[]) =>
  records.filter((record): record is ImportedPaper => record.kind === 'paper');
export const refusals = (records: readonly ImportedRecord[]) =>
  records.filter((record): record is RefusedRecord => record.kind === 'refused');

/** The smallest complete row: the required columns. */
export const HEADERS = ['id', 'volume', 'issue', 'year', 'title_en', 'authors'];
export const row = (id: string, title = `Paper ${id}`) => [id, 2, '1', 2021, title, 'Ali Omar'];
