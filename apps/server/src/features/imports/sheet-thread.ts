import { Worker } from 'node:worker_threads';
import { ImportFileError } from './model';
import type { SheetRow } from './sheet-csv';
import type { SheetAsk, SheetKind, SheetMessage } from './sheet-thread-worker';

/**
 * A spreadsheet read off the request loop (decision 0084): a web process that also works the import jobs
 * (RUN_JOBS=true, the embedded database's default) would otherwise parse the sheet (exceljs inflating the workbook,
 * its shared strings and styles; csv-parse) on the loop that answers its requests. The reading runs in a worker
 * thread (sheet-thread-worker.ts), one file at a time a thread, which sends the rows in batches and reads on only
 * when the import has taken the one before: the import holds at most two batches, the file is never in memory whole.
 * The readers' refusals come back as the same ImportFileError, with the same translated reasons. A thread is kept
 * a minute after its file for the next one: its start (loading the readers, and tsx from source) costs more than
 * most sheets' reading.
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

/** Threads kept between files, ended after IDLE_MS unused; an idle thread never holds the process open. */
const IDLE_MS = 60_000;
const KEPT_IDLE = 2;
const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

function takeThread(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.ref();
    return kept.worker;
  }
  return new Worker(fromSource ? throughTsx() : workerFile, {
    eval: fromSource,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
}

function keepThread(worker: Worker) {
  if (idle.length >= KEPT_IDLE) return void worker.terminate();
  worker.unref();
  const timer = setTimeout(() => {
    const at = idle.findIndex((kept) => kept.worker === worker);
    if (at !== -1) idle.splice(at, 1);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
}

/** Ends the threads kept between files (a stopping process; tests). */
export async function closeSheetThreads() {
  for (const { worker, timer } of idle.splice(0)) {
    clearTimeout(timer);
    await worker.terminate();
  }
}

export async function* rowsOffTheLoop(
  kind: SheetKind,
  file: string,
  workDir: string,
  signal?: AbortSignal,
): AsyncGenerator<SheetRow> {
  if (signal?.aborted) throw abortError();
  const worker = takeThread();
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
  const onMessage = (message: SheetMessage) => push(message);
  const onError = (error: Error) => push({ crashed: error });
  const onExit = (code: number) => push({ exited: code });
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  const onAbort = () => push({ aborted: true });
  signal?.addEventListener('abort', onAbort, { once: true });
  /** Whether the thread finished this file and can read another. */
  let finished = false;
  worker.postMessage({ job: { kind, file, workDir } } satisfies SheetAsk);
  try {
    for (;;) {
      const event = await next();
      if ('rows' in event) {
        // The thread reads the next batch while this one is worked on.
        worker.postMessage('more' satisfies SheetAsk);
        yield* event.rows;
        continue;
      }
      finished = 'end' in event || 'refused' in event || 'failed' in event;
      if ('end' in event) return;
      if ('refused' in event) {
        const { reason, values, detail } = event.refused;
        throw new ImportFileError(reason as ImportFileError['reason'], values, detail);
      }
      if ('failed' in event) throw new Error(`The spreadsheet reader failed: ${event.failed}`);
      if ('aborted' in event) throw abortError();
      if ('crashed' in event) {
        if ((event.crashed as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
          throw new ImportFileError(
            kind === 'xlsx' ? 'importSheet.xlsx_broken' : 'imports.file_unreadable',
            {},
            `past ${HEAP_MB} MB of heap`,
          );
        throw event.crashed;
      }
      throw new Error(`The spreadsheet reader stopped (exit code ${event.exited}).`);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    // A thread stopped in the middle of a file (the import stopped, or stopped reading) is ended, not kept.
    if (finished) keepThread(worker);
    else await worker.terminate();
  }
}
