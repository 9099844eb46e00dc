import { availableParallelism } from 'node:os';
import { HEAVY_WORK } from '@journals/core/limits';
import { Piscina } from 'piscina';
import { UncleanableDocument } from './document-metadata';
import { AppError } from './errors';
import { TooComplex } from './expansion';
import type { CleanResult, CleanTask } from './heavy-work-tasks';

/**
 * Heavy work off the request loop (DESIGN §7, decision 0070): cleaning a document or an image runs in a worker
 * thread of a small pool (piscina), one task at a time a thread, stopped after HEAVY_WORK.workMs and with its heap
 * capped at HEAVY_WORK.workHeapMb. A task past its time or memory is refused like a file past its expansion
 * budget (`TooComplex`); so one upload cannot freeze the requests of everyone else.
 */

/** From source (tsx, vitest) the worker is the TypeScript entry, loaded through tsx; in the bundle, its own file. */
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? '../heavy-work.ts' : './heavy-work.js', import.meta.url);

/** One core is left to the request loop; at most two threads (the rest of the machine serves requests). */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Tasks waiting for a thread beyond this many are refused at once (503): the uploads wait, not pile up. */
const QUEUE = 32;

let pool: Piscina<CleanTask, CleanResult> | undefined;

function heavyPool() {
  pool ??= new Piscina<CleanTask, CleanResult>({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: THREADS,
    // Kept warm between uploads, ended after a minute idle; an idle thread never holds the process open.
    idleTimeout: 60_000,
    maxQueue: QUEUE,
    resourceLimits: { maxOldGenerationSizeMb: HEAVY_WORK.workHeapMb, maxYoungGenerationSizeMb: 32 },
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  });
  return pool;
}

/**
 * A file without its author details (lib/document-metadata.ts), cleaned in the worker. Throws `TooComplex` past a
 * budget, its time or its memory; `UncleanableDocument` when it cannot be read; a 503 when the queue is full.
 */
export async function cleanOffTheLoop(content: Buffer, mimeType: string): Promise<Buffer> {
  let result: CleanResult;
  try {
    result = await heavyPool().run({ content, mimeType }, { signal: AbortSignal.timeout(HEAVY_WORK.workMs) });
  } catch (error) {
    const { name, code, message } = error as { name?: string; code?: string; message?: string };
    if (name === 'AbortError' || name === 'TimeoutError') throw new TooComplex(`past ${HEAVY_WORK.workMs} ms`);
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new TooComplex(`past ${HEAVY_WORK.workHeapMb} MB of heap`);
    if (message === 'Task queue is at limit') throw new AppError('unavailable', 'errors.unavailable');
    throw error;
  }
  if (!result.ok)
    throw result.refusal === 'tooComplex' ? new TooComplex(result.detail) : new UncleanableDocument(result.detail);
  return Buffer.from(result.content.buffer, result.content.byteOffset, result.content.byteLength);
}

/** Ends the pool's threads (a stopping process; tests). A later task starts a new pool. */
export async function closeHeavyWork() {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
