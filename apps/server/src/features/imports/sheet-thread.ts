import { Worker } from 'node:worker_threads';
import { ImportFileError } from './model';
import type { SheetRow } from './sheet-csv';
import type { SheetJob, SheetKind, SheetMessage } from './sheet-thread-worker';

/**
 * A spreadsheet read off the request loop (decision 0084): a web process that also works the import jobs
 * (RUN_JOBS=true, the embedded database's default) would otherwise parse the sheet on the loop that answers its
 * requests; exceljs inflating a hostile workbook, or its shared strings, held it for seconds. The reading runs in a
 * worker thread of its own (sheet-thread-worker.ts), one a file, which sends the rows in batches and reads on only
 * when the import has taken the one before: the import holds at most two batches, the file is never in memory
 * whole. The readers' refusals come back as the same ImportFileError, with the same translated reasons.
 */

/** From source (tsx, vitest) the worker is the TypeScript entry, loaded through tsx; in the bundle, its own file. */
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? '../../sheet-rows.ts' : './sheet-rows.js', import.meta.url);

/**
 * The thread's heap: a workbook's styles are read whole (at most 32 MB of XML, about three times that in memory),
 * everything else streams. A hostile file past it ends the thread, not the server.
 */
const HEAP_MB = 512;

/**
 * From source, the worker imports its TypeScript entry through tsx's API (`--import tsx` in a worker's execArgv does
 * not reach a plain Worker's own entry on Node 20).
 */
const throughTsx = () =>
  `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(workerFile.href)}, ${JSON.stringify(import.meta.url)}))`;

const abortError = () => Object.assign(new Error('The import was stopped.'), { name: 'AbortError' });

export async function* rowsOffTheLoop(
  kind: SheetKind,
  file: string,
  workDir: string,
  signal?: AbortSignal,
): AsyncGenerator<SheetRow> {
  if (signal?.aborted) throw abortError();
  const worker = new Worker(fromSource ? throughTsx() : workerFile, {
    eval: fromSource,
    workerData: { kind, file, workDir } satisfies SheetJob,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
  type Event = SheetMessage | { crashed: Error } | { exited: number } | { aborted: true };
  const inbox: Event[] = [];
  let wake: (() => void) | null = null;
  const push = (event: Event) => {
    inbox.push(event);
    wake?.();
  };
  const next = async (): Promise<Event> => {
    while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    return inbox.shift()!;
  };
  worker.on('message', (message: SheetMessage) => push(message));
  worker.on('error', (error: Error) => push({ crashed: error }));
  worker.on('exit', (code: number) => push({ exited: code }));
  const onAbort = () => push({ aborted: true });
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const event = await next();
      if ('rows' in event) {
        // The thread reads the next batch while this one is worked on.
        worker.postMessage('more');
        yield* event.rows;
      } else if ('end' in event) return;
      else if ('refused' in event) {
        const { reason, values, detail } = event.refused;
        throw new ImportFileError(reason as ImportFileError['reason'], values, detail);
      } else if ('failed' in event) throw new Error(`The spreadsheet reader failed: ${event.failed}`);
      else if ('aborted' in event) throw abortError();
      else if ('crashed' in event) {
        if ((event.crashed as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
          throw new ImportFileError(
            kind === 'xlsx' ? 'importSheet.xlsx_broken' : 'imports.file_unreadable',
            {},
            `past ${HEAP_MB} MB of heap`,
          );
        throw event.crashed;
      } else throw new Error(`The spreadsheet reader stopped (exit code ${event.exited}).`);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await worker.terminate();
  }
}
