import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportFileError, type ImportedRecord } from '../src/features/imports/model';
import { readSpreadsheet } from '../src/features/imports/sheet-reader';
import { csv, folder, HEADERS, readUpload, row, xlsx } from './import-sheet-setup';

/** The spreadsheet reader reads as a stream (decision 0080): rows come as they are read, and a bomb is not read. */

async function* readFrom(fileName: string, content: Buffer): AsyncGenerator<ImportedRecord> {
  const at = await folder();
  await mkdir(join(at, 'work'));
  await writeFile(join(at, fileName), content);
  yield* readSpreadsheet({ file: join(at, fileName), fileName, url: null, workDir: join(at, 'work') });
}

const manyRows = (count: number) => [HEADERS, ...Array.from({ length: count }, (_, index) => row(String(index + 1)))];

describe('the spreadsheet reader streams', () => {
  it('gives the papers of a large CSV before it meets a bad byte 2 MB in', async () => {
    const content = Buffer.concat([csv(manyRows(60_000)), Buffer.from([0xc7, 0xe1, 0x0a])]);
    expect(content.length).toBeGreaterThan(2 * 1024 * 1024);
    const seen: ImportedRecord[] = [];
    const error = await (async () => {
      for await (const record of readFrom('big.csv', content)) seen.push(record);
    })().catch((thrown: unknown) => thrown);
    // The rows of the chunk that holds the bad byte are not given: the file is refused as soon as it is met.
    expect(seen.length).toBeGreaterThan(50_000);
    expect(seen[0]).toMatchObject({ kind: 'paper', place: [{ at: 'row', n: 2 }], sourceId: 'sheet:1' });
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({ reason: 'importSheet.encoding_not_utf8', values: { line: 60_002 } });
  });

  it('stops reading an XLSX when its reader is stopped after the first paper', async () => {
    const content = await xlsx((sheet) => manyRows(5_000).forEach((cells) => sheet.addRow(cells)));
    const first: ImportedRecord[] = [];
    for await (const record of readFrom('big.xlsx', content)) {
      first.push(record);
      break;
    }
    expect(first).toEqual([expect.objectContaining({ place: [{ at: 'row', n: 2 }], sourceId: 'sheet:1' })]);
  });

  it('refuses unread an XLSX whose sheet inflates past the expansion ratio', async () => {
    const bomb = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(20 * 1024 * 1024).fill(32) }));
    const error = await readUpload('bomb.xlsx', bomb).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ reason: 'importJats.zipTooCompressed' });
  });
});
