import { parentPort } from 'node:worker_threads';
import { ImportFileError } from './model';
import type { SheetRow } from './sheet-csv';

/**
 * The worker's side of sheet-thread.ts: reads a file with the streaming readers (sheet-csv.ts, sheet-xlsx.ts) and
 * posts its rows to the import in batches, waiting for the import to ask for the next batch before reading on, so at
 * most two batches are ever out of the file (memory stays flat however long the sheet is). A thread reads one file
 * at a time and then waits for the next (a thread's start costs more than most sheets' reading).
 */

export type SheetKind = 'csv' | 'xlsx';
export interface SheetJob {
  kind: SheetKind;
  file: string;
  workDir: string;
}
/** What the import sends: a file to read, or "the next batch". */
export type SheetAsk = { job: SheetJob } | 'more';
export type SheetMessage =
  | { rows: SheetRow[] }
  | { end: true }
  | { refused: { reason: string; values: Record<string, string | number>; detail: string } }
  | { failed: string };

/** A batch ends at this many rows or this many characters of text, whichever comes first. */
const BATCH_ROWS = 200;
const BATCH_CHARS = 512 * 1024;

const charsOf = (row: SheetRow) =>
  row.cells.reduce<number>((sum, cell) => sum + (typeof cell === 'string' ? cell.length : 16), 16);

export async function readRowsInThisThread() {
  const port = parentPort;
  if (!port) throw new Error('sheet-rows runs in a worker thread');
  const jobs: SheetJob[] = [];
  let wake: (() => void) | null = null;
  let credit = 0;
  port.on('message', (ask: SheetAsk) => {
    if (ask === 'more') credit += 1;
    else jobs.push(ask.job);
    wake?.();
  });
  const until = async (ready: () => boolean) => {
    while (!ready()) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  };
  const send = async (message: SheetMessage) => {
    await until(() => credit > 0);
    credit -= 1;
    port.postMessage(message);
  };
  for (;;) {
    await until(() => jobs.length > 0);
    const job = jobs.shift()!;
    // The first batch goes unasked; an "ask" of the file before (sent as its last batch came) is not this one's.
    credit = 1;
    port.postMessage(await readOne(job, send));
  }
}

/** Reads one file, its rows sent as batches; answers its last message (the end, or why it stopped). */
async function readOne(job: SheetJob, send: (message: SheetMessage) => Promise<void>): Promise<SheetMessage> {
  try {
    // Each reader is loaded when first needed: a thread that reads only CSV files never loads exceljs.
    const rows =
      job.kind === 'csv'
        ? (await import('./sheet-csv')).csvRows(job.file)
        : (await import('./sheet-xlsx')).xlsxRows(job.file, job.workDir);
    let batch: SheetRow[] = [];
    let chars = 0;
    for await (const row of rows) {
      batch.push(row);
      chars += charsOf(row);
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
        await send({ rows: batch });
        batch = [];
        chars = 0;
      }
    }
    if (batch.length > 0) await send({ rows: batch });
    return { end: true };
  } catch (error) {
    return error instanceof ImportFileError
      ? { refused: { reason: error.reason, values: error.values, detail: error.message } }
      : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
