import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';

/**
 * The backup archive (decision 0056): one gzipped tar of
 * - `database/<table>.jsonl`: every row of one table of the `public` schema, one JSON object a line
 *   (`row_to_json` of its stored columns), in primary-key order;
 * - `files/<key>`: every stored file under its storage key;
 * - `manifest.json`, the last entry: what the archive holds, with counts and checksums. It comes last because the
 *   archive is written as a stream and the checksums are known only once everything before it is written; a
 *   restore reads the archive once to check it whole against the manifest before it touches anything.
 */
export const ARCHIVE_FORMAT = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const TABLE_PREFIX = 'database/';
export const FILE_PREFIX = 'files/';

export interface TableEntry {
  name: string;
  /** The stored columns the rows carry, in the table's order (generated columns are left out: they are derived). */
  columns: string[];
  rows: number;
  bytes: number;
  sha256: string;
  /** What each sequence of the table (serial and identity columns) gives next: a restore never reuses an id. */
  sequences: Record<string, number>;
}

export interface FileEntry {
  key: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  createdAt: string;
  source: { kind: 'pglite' | 'postgres' };
  /** The database's migration level: how many of the repository's migrations were applied, and the last one. */
  migrations: { count: number; lastTag: string | null };
  tables: TableEntry[];
  files: FileEntry[];
  /** Keys that were listed but gone when read (removed meanwhile): left out, and counted here. */
  filesGone: string[];
  totals: { tables: number; rows: number; files: number; fileBytes: number; filesGone: number };
}

export const tableEntryName = (table: string) => `${TABLE_PREFIX}${table}.jsonl`;
export const fileEntryName = (key: string) => `${FILE_PREFIX}${key}`;

/** A running sha256 and byte count of what passes through. */
export function digest() {
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    update(chunk: Buffer) {
      hash.update(chunk);
      bytes += chunk.length;
    },
    get bytes() {
      return bytes;
    },
    hex: () => hash.digest('hex'),
  };
}

/** One entry of an archive being read: its name and a stream of its bytes (read it before asking for the next). */
export interface ArchiveEntry {
  name: string;
  size: number;
  content: AsyncIterable<Buffer>;
}

/**
 * Walks the entries of a backup archive in order, without holding any of it in memory. The caller reads each
 * entry's content (or leaves it: it is skipped) before the next one is given.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  let failed: Error | undefined;
  pipeline(createReadStream(file), createGunzip(), extract, (error) => {
    if (error) failed = error;
  });
  const unreadable = (error: unknown) =>
    new Error(`the archive ${file} cannot be read: ${(failed ?? (error as Error)).message}`, { cause: error });
  /** An entry's bytes, a damaged archive's error said as such wherever it is met. */
  async function* content(entry: AsyncIterable<Buffer>) {
    try {
      yield* entry;
    } catch (error) {
      throw unreadable(error);
    }
  }
  try {
    for await (const entry of extract) {
      if (entry.header.type === 'file')
        yield {
          name: entry.header.name,
          size: entry.header.size ?? 0,
          content: content(entry as AsyncIterable<Buffer>),
        };
      // Whatever the caller left unread is skipped, so the archive moves on to the next entry.
      entry.resume();
    }
  } catch (error) {
    throw unreadable(error);
  }
  if (failed) throw unreadable(failed);
}

/** The lines of a stream of UTF-8 text (a `.jsonl` entry), without the line ends. */
export async function* lines(content: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let rest = '';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of content) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const parts = text.split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}

/** Reads a whole (small) entry: the manifest. */
export async function readAll(content: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Checks that a parsed manifest is one this code reads, and returns it typed. */
export function parseManifest(text: string): Manifest {
  const manifest = JSON.parse(text) as Partial<Manifest>;
  if (manifest.format !== ARCHIVE_FORMAT)
    throw new Error(
      `the archive's format is ${JSON.stringify(manifest.format)}; this code reads format ${ARCHIVE_FORMAT}`,
    );
  if (!manifest.migrations || !Array.isArray(manifest.tables) || !Array.isArray(manifest.files))
    throw new Error('the archive has a manifest without its migrations, tables or files');
  return manifest as Manifest;
}
