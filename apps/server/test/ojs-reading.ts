import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translate } from '@journals/core/i18n/index';
import { expect } from 'vitest';
import { ImportFileError, type ImportedRecord, type ImportReader } from '../src/features/imports/model';

/** Reading an OJS export in a test: a work folder of its own, every record, and what a refusal says. */

export const OJS_FIXTURES = join(import.meta.dirname, 'fixtures/ojs');

export async function workFolder() {
  return mkdtemp(join(tmpdir(), 'ojs-read-'));
}

export async function readAll(reader: ImportReader, file: string, workDir?: string): Promise<ImportedRecord[]> {
  const folder = workDir ?? (await workFolder());
  const records: ImportedRecord[] = [];
  for await (const record of reader({ file, fileName: 'export.xml', url: null, workDir: folder })) records.push(record);
  return records;
}

export const filesIn = async (folder: string) => (await readdir(folder)).sort();

/** An XML written to a file of its own (text, or bytes as they are). */
export async function xmlFile(content: string | Buffer): Promise<string> {
  const folder = await workFolder();
  const file = join(folder, 'export.xml');
  await writeFile(file, content);
  return file;
}

/** The reading fails as a whole with this reason, in words in both languages. */
export async function expectFileRefused(reading: Promise<unknown>, reason: string, values?: Record<string, unknown>) {
  const error = await reading.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  const refused = error as ImportFileError;
  expect(refused.reason).toBe(reason);
  if (values) expect(refused.values).toMatchObject(values);
  for (const language of ['en', 'ar'] as const) {
    expect(translate(language, refused.reason, refused.values)).not.toBe(refused.reason);
  }
  return refused;
}

export const removeFolder = (folder: string) => rm(folder, { recursive: true, force: true });
