import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { SQL } from 'drizzle-orm';
import tar from 'tar-stream';
import type { DatabaseHandle, Tx } from '../db/client';
import type { Storage } from '../storage/driver';
import {
  ARCHIVE_FORMAT,
  digest,
  type FileEntry,
  fileEntryName,
  MANIFEST_ENTRY,
  type Manifest,
  type TableEntry,
  tableEntryName,
} from './archive-format';
import {
  countRows,
  migrationLevel,
  type MigrationLevel,
  nextSequenceValues,
  publicTables,
  rowsOf,
  steadyOutput,
  tableLines,
  type TableShape,
} from './tables';

export interface BackupOptions {
  /**
   * Called inside the snapshot, after the rows are read: whatever it reads sees the database exactly as the backup
   * does (the round-trip test counts every table there).
   */
  inSnapshot?: (read: <T>(query: SQL) => Promise<T[]>) => Promise<void>;
}

export interface BackupSummary {
  manifest: Manifest;
  file: string;
  /** The archive's size on disk. */
  bytes: number;
  milliseconds: number;
}

interface SpooledTable extends TableEntry {
  /** The rows written to a file of the work folder, added to the archive once the snapshot is over. */
  spool: string;
}

/**
 * Writes one archive of the whole platform to `out` (decision 0056): the database of `handle` as it was at one
 * moment, and every file of `storage`. Works on any open database, so a running server can call it while it goes on
 * serving and writing.
 *
 * 1. One REPEATABLE READ READ ONLY transaction reads the migration level and every table into files of a work
 *    folder beside `out` (PostgreSQL: a snapshot while others write, as pg_dump takes; PGlite, one connection,
 *    serves nothing else meanwhile, which is why the rows go to a spool and not straight into the slower gzip).
 * 2. After that snapshot began, the storage is listed and every file read into the archive. A file is stored
 *    before the row that names it commits, so every file the snapshot names is there; one removed meanwhile is left
 *    out and counted.
 * 3. The manifest comes last, and the archive is written as `out.partial` and renamed: a failed backup never leaves
 *    a file that looks whole.
 */
export async function writeBackup(
  handle: DatabaseHandle,
  storage: Storage,
  out: string,
  options: BackupOptions = {},
): Promise<BackupSummary> {
  const started = Date.now();
  const target = path.resolve(out);
  const partial = `${target}.partial`;
  // Beside the archive: the spool needs about as much room as the rows, on a disk chosen to have room for them.
  const work = await mkdtemp(path.join(path.dirname(target), '.backup-'));
  try {
    const createdAt = new Date();
    const { level, tables } = await handle.db.transaction(
      async (tx) => {
        await steadyOutput(tx);
        const level = await migrationLevel(tx);
        if (level.count === 0) throw new Error('the database has no migrations applied: there is nothing to back up');
        const spooled: SpooledTable[] = [];
        for (const table of await publicTables(tx)) spooled.push(await spoolTable(tx, table, work));
        await options.inSnapshot?.((query) => rowsOf(tx, query));
        return { level, tables: spooled };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const manifest = await packArchive(partial, createdAt, tables, storage, (files, gone) =>
      manifestOf(createdAt, handle.kind, level, tables, files, gone),
    );
    await rename(partial, target);
    return { manifest, file: target, bytes: (await stat(target)).size, milliseconds: Date.now() - started };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function spoolTable(tx: Tx, table: TableShape, work: string): Promise<SpooledTable> {
  const spool = path.join(work, `${table.name}.jsonl`);
  const sum = digest();
  let rows = 0;
  await pipeline(
    async function* () {
      for await (const line of tableLines(tx, table)) {
        const bytes = Buffer.from(`${line}\n`);
        sum.update(bytes);
        rows += 1;
        yield bytes;
      }
    },
    createWriteStream(spool, { mode: 0o600 }),
  );
  // The cursor and a count of the same snapshot must agree; a difference would be a bug of the reading, not data.
  const counted = await countRows(tx, table.name);
  if (counted !== rows) throw new Error(`table ${table.name}: read ${rows} rows, but it has ${counted}`);
  return {
    name: table.name,
    columns: table.columns,
    rows,
    bytes: sum.bytes,
    sha256: sum.hex(),
    sequences: await nextSequenceValues(tx, table),
    spool,
  };
}

function manifestOf(
  createdAt: Date,
  kind: DatabaseHandle['kind'],
  level: MigrationLevel,
  tables: SpooledTable[],
  files: FileEntry[],
  gone: string[],
): Manifest {
  return {
    format: ARCHIVE_FORMAT,
    createdAt: createdAt.toISOString(),
    source: { kind },
    migrations: level,
    tables: tables.map(({ name, columns, rows, bytes, sha256, sequences }) => ({
      name,
      columns,
      rows,
      bytes,
      sha256,
      sequences,
    })),
    files,
    filesGone: gone,
    totals: {
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      files: files.length,
      fileBytes: files.reduce((sum, file) => sum + file.size, 0),
      filesGone: gone.length,
    },
  };
}

/** Writes the gzipped tar: the spooled tables, then every stored file, then the manifest. */
async function packArchive(
  file: string,
  createdAt: Date,
  tables: SpooledTable[],
  storage: Storage,
  manifestOf: (files: FileEntry[], gone: string[]) => Manifest,
): Promise<Manifest> {
  const pack = tar.pack();
  // Owner-only from its first byte (decision 0073): the archive holds the whole database. A partial file left by a
  // crash is removed first, as opening it again would keep its old mode.
  await rm(file, { force: true });
  const written = pipeline(pack, createGzip(), createWriteStream(file, { mode: 0o600 }));
  // A failure of the writing side (a full disk) ends the packing below too, instead of waiting for room forever.
  const broken = new Promise<never>((_resolve, reject) => void written.catch(reject));
  broken.catch(() => {});
  const header = (name: string, size: number) => ({ name, size, mtime: createdAt, mode: 0o644 });
  const files: FileEntry[] = [];
  const gone: string[] = [];
  let manifest: Manifest;
  try {
    for (const table of tables) {
      const { size } = await stat(table.spool);
      await addEntry(pack, header(tableEntryName(table.name), size), createReadStream(table.spool), table.name, broken);
    }
    for await (const key of storage.list()) {
      const stored = await storage.get(key);
      const content = stored && (await opened(stored.stream));
      if (!stored || !content) {
        gone.push(key);
        continue;
      }
      const sum = await addEntry(pack, header(fileEntryName(key), stored.size), content, key, broken);
      files.push({ key, size: stored.size, sha256: sum });
    }
    manifest = manifestOf(files, gone);
    const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await Promise.race([
      new Promise<void>((resolve, reject) =>
        pack.entry(header(MANIFEST_ENTRY, body.length), body, (error) => (error ? reject(error) : resolve())),
      ),
      broken,
    ]);
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
  await written;
  return manifest;
}

/**
 * The bytes of a stored file, once it is open: a local file is opened at its first read, and one removed between
 * the listing and that read is gone (null) rather than half an entry of the archive.
 */
async function opened(stream: AsyncIterable<Buffer>): Promise<AsyncIterable<Buffer> | null> {
  const iterator = stream[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await iterator.next();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // Closes the file when the reading stops at the size it had (see addEntry).
      await iterator.return?.();
    }
  })();
}

/**
 * Streams one entry of `header.size` bytes into the archive and returns its sha256. A file still being written
 * (one no row names yet) may grow after its size was read: the entry holds the bytes up to that size, as a tar
 * entry must; one that ends short fails the backup.
 */
async function addEntry(
  pack: tar.Pack,
  header: { name: string; size: number; mtime: Date; mode: number },
  content: AsyncIterable<Buffer>,
  what: string,
  broken: Promise<never>,
): Promise<string> {
  const sum = digest();
  let sink!: ReturnType<tar.Pack['entry']>;
  const done = new Promise<void>((resolve, reject) => {
    sink = pack.entry(header, (error) => (error ? reject(error) : resolve()));
  });
  // Awaited once the content is written; until then a failure shows in the writes.
  done.catch(() => {});
  for await (const chunk of content) {
    const part = chunk.subarray(0, header.size - sum.bytes);
    if (part.length === 0) break;
    sum.update(part);
    if (!sink.write(part)) await Promise.race([once(sink, 'drain'), broken]);
    if (sum.bytes === header.size) break;
  }
  if (sum.bytes !== header.size)
    throw new Error(`${what}: read ${sum.bytes} bytes of the ${header.size} its size said (changed while read?)`);
  // streamx's typings want an argument; none means "no last chunk", as in Node's end().
  sink.end(undefined);
  await Promise.race([done, broken]);
  return sum.hex();
}
