import type { ImportSource } from '@journals/core/schemas/imports';
import { readJats } from './jats-reader';
import type { ImportReader } from './model';
import { readOaiHarvest } from './oai-reader';
import { readOjsNative } from './ojs-native';
import { readOjsUsers } from './ojs-users';
import { readSpreadsheet } from './sheet-reader';

/**
 * The reader of each source (decision 0076). A source without one here is refused at creation with "not available
 * yet" (409): no source is ever faked. People (OJS Users XML) are written by imports.people.ts (decision 0081).
 */
const READERS: Partial<Record<ImportSource, ImportReader>> = {
  ojs: readOjsNative,
  ojsUsers: readOjsUsers,
  jats: readJats,
  spreadsheet: readSpreadsheet,
  oai: readOaiHarvest,
};

/** Readers put in place by a test (the engine's own tests: resume, undo, idempotence), over the real ones. */
const testReaders: Partial<Record<ImportSource, ImportReader>> = {};

export function readerOf(source: ImportSource): ImportReader | null {
  return testReaders[source] ?? READERS[source] ?? null;
}

/**
 * THE TEST HOOK: a test reads `source` with `reader` in this process until it calls the answer (which puts the real
 * reader back). Never called outside the tests.
 */
export function readWithInTests(source: ImportSource, reader: ImportReader): () => void {
  testReaders[source] = reader;
  return () => {
    delete testReaders[source];
  };
}
