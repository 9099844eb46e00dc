import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { ImportFileError } from './model';
import type { SheetCell } from './sheet-values';

/**
 * The rows of a CSV file, read as a stream (decision 0080). UTF-8 only, with or without its BOM: Excel's "CSV UTF-8"
 * and every other tool's default. A file saved as UTF-16 ("Unicode text") or in a code page (Excel's plain "CSV" on
 * an Arabic Windows writes Windows-1256) is refused whole with how to save it, rather than read as nonsense: in UTF-8
 * a code page's Arabic letters are invalid byte sequences, so a strict decoder finds them. The delimiter is the
 * header row's: a comma, or the semicolon or tab some locales' Excel writes.
 */

export interface SheetRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  cells: SheetCell[];
}

const SNIFF_BYTES = 64 * 1024;
/**
 * The characters one row may hold (a paper's two abstracts are a few thousand): csv-parse gathers a row whole
 * before giving it, so a quote never closed would gather the rest of a 1 GB file into memory. Past it, the row is
 * refused as broken, with its number.
 */
const ROW_CHARS = 1024 * 1024;

async function sniff(file: string): Promise<{ delimiter: string }> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const utf16Bom =
    head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
  // Text in UTF-16 without its BOM: every other byte of Latin text is NUL, which no text CSV holds.
  if (utf16Bom || head.includes(0)) throw new ImportFileError('importSheet.encoding_utf16');
  const text = new TextDecoder('utf-8').decode(head);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (delimiter: string) => firstLine.split(delimiter).length - 1;
  const delimiter = [',', ';', '\t'].reduce((best, next) => (count(next) > count(best) ? next : best));
  return { delimiter };
}

/**
 * Bytes to text, refusing the first byte that is not UTF-8 with the line it is on. The text before that line is
 * given, then the stream ends and `failure` holds the refusal, which the rows' reader throws once it has given the
 * rows before it: the refusal comes after them, in order, however far ahead of the rows the stream has read.
 */
function strictUtf8() {
  const strict = new TextDecoder('utf-8', { fatal: true });
  const lenient = new TextDecoder('utf-8');
  let lines = 1;
  let failure: ImportFileError | null = null;
  const stream = new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      if (failure) return done();
      const shown = lenient.decode(chunk, { stream: true });
      try {
        const text = strict.decode(chunk, { stream: true });
        for (const char of text) if (char === '\n') lines++;
        done(null, text);
      } catch {
        const good = shown.slice(0, Math.max(shown.indexOf('\uFFFD'), 0));
        const whole = good.slice(0, good.lastIndexOf('\n') + 1);
        for (const char of good) if (char === '\n') lines++;
        failure = new ImportFileError('importSheet.encoding_not_utf8', { line: lines });
        if (whole) this.push(whole);
        this.push(null);
        done();
      }
    },
    flush(done) {
      if (failure) return done();
      try {
        const rest = strict.decode();
        done(null, rest === '' ? undefined : rest);
      } catch {
        failure = new ImportFileError('importSheet.encoding_not_utf8', { line: lines });
        done();
      }
    },
  });
  return Object.assign(stream, { failure: () => failure });
}

export async function* csvRows(file: string, signal?: AbortSignal): AsyncGenerator<SheetRow> {
  const { delimiter } = await sniff(file);
  const bytes = createReadStream(file, { signal });
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: ROW_CHARS,
  });
  const text = strictUtf8();
  const records = bytes.pipe(text).pipe(parser);
  // pipe() does not carry errors along: the encoding's refusal (or a read error) ends the parser with it.
  for (const stage of [bytes, text]) stage.on('error', (error: Error) => parser.destroy(error));
  let row = 0;
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      row++;
      yield { row, cells: record };
    }
    // The text ended at the line before a bad byte: its refusal comes after the rows before it.
    const failure = text.failure();
    if (failure) throw failure;
  } catch (error) {
    const failure = text.failure();
    if (failure) throw failure;
    if (error instanceof ImportFileError) throw error;
    if (error instanceof CsvError) throw new ImportFileError('importSheet.csv_broken', { row: row + 1 }, error.message);
    throw error;
  } finally {
    for (const stage of [bytes, text, parser]) stage.destroy();
  }
}
