import { parentPort, workerData } from 'node:worker_threads';
import { ImportFileError } from './model';
import { csvRows, type SheetRow } from './sheet-csv';
import { xlsxRows } from './sheet-xlsx';

/**
 * The worker's side of sheet-thread.ts: reads the file with the streaming readers (sheet-csv.ts, sheet-xlsx.ts) and
 * posts its rows to the import in batches, waiting for the import to ask for the next batch before reading on, so at
 * most two batches are ever out of the file (memory stays flat however long the sheet is).
 */

export type SheetKind = 'csv' | 'xlsx';
export interface SheetJob {
  kind: SheetKind;
  file: string;
  workDir: string;
}
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
  const job = workerData as SheetJob;
  let asked: (() => void) | null = null;
  let credit = 1;
  port.on('message', () => {
    credit += 1;
    asked?.();
  });
  const wantMore = () =>
    credit > 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          asked = () => {
            asked = null;
            resolve();
          };
        });
  const send = async (message: SheetMessage) => {
    await wantMore();
    credit -= 1;
    port.postMessage(message);
  };
  try {
    const rows = job.kind === 'csv' ? csvRows(job.file) : xlsxRows(job.file, job.workDir);
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
    port.postMessage({ end: true } satisfies SheetMessage);
  } catch (error) {
    port.postMessage(
      (error instanceof ImportFileError
        ? { refused: { reason: error.reason, values: error.values, detail: error.message } }
        : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }) satisfies SheetMessage,
    );
  }
  // The import ends the thread once it has the last message.
}
