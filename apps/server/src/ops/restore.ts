import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../db/client';
import { knownMigrations, MIGRATIONS_FOLDER, migrationsFolderUpTo } from '../db/migrations';
import type { Storage } from '../storage/driver';
import {
  digest,
  FILE_PREFIX,
  lines,
  MANIFEST_ENTRY,
  type Manifest,
  parseManifest,
  readAll,
  readArchive,
  TABLE_PREFIX,
  type TableEntry,
} from './archive-format';
import { publicTables, qualified, quoteIdent, rowsOf, steadyOutput, tableLines, type TableShape } from './tables';

export interface RestoreTarget {
  /**
   * Opens the target database with this migrations folder applied: `openDatabase({ url, dataDir, migrationsFolder })`.
   * Called with the backup's migrations first (the schema exactly the backup's), then with the repository's.
   */
  open: (migrationsFolder: string) => Promise<DatabaseHandle>;
  storage: Storage;
}

export interface RestoreOptions {
  /** Replace a target that holds data instead of refusing it (decision 0056: what it replaces is said first). */
  force?: boolean;
  /** Told what is happening, a line at a time (the command prints it). */
  say?: (line: string) => void;
}

export interface RestoreSummary {
  manifest: Manifest;
  /** The restored database, brought up to this code's migrations; the caller closes it. */
  database: DatabaseHandle;
  /** What a forced restore replaced. */
  replaced: { tables: string[]; files: number } | null;
  milliseconds: number;
}

/** Rows sent in one INSERT … json_populate_recordset: a few megabytes of JSON at most. */
const ROWS_PER_INSERT = 500;
const BYTES_PER_INSERT = 4 * 1024 * 1024;

/**
 * Fills an empty platform — a database and a storage — from a backup archive (decision 0056).
 *
 * 1. The archive is read once and checked whole against its manifest (every entry's size and sha256) before
 *    anything is touched, and its migration level must be one this code knows.
 * 2. The target is opened with the backup's migrations, so its schema is exactly the backup's, and it must be empty
 *    (no row in any table, no stored file) unless `force`.
 * 3. One transaction loads every table (foreign keys and triggers off: `session_replication_role = replica`), sets
 *    every sequence past what the backup had used, and reads the rows back to check them against the manifest;
 *    the files are stored meanwhile and read back too. Any failure rolls the database back and removes the files
 *    this restore added: the target is left as it was.
 * 4. The database is reopened with this code's migrations, which bring an older backup up to date.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const started = Date.now();
  const say = options.say ?? (() => {});
  const manifest = await checkArchive(file);
  const { count, lastTag } = manifest.migrations;
  const known = knownMigrations();
  if (count > known.length)
    throw new Error(
      `the backup is at migration ${count} (${lastTag}); this code knows ${known.length} (up to ${known.at(-1)?.tag}): restore it with the release that made it, or a newer one`,
    );
  if (count < 1 || known[count - 1]!.tag !== lastTag)
    throw new Error(
      `the backup's migration ${count} is ${lastTag}, this code's is ${known[count - 1]?.tag ?? 'none'}: it was made by another line of the code`,
    );
  say(
    `The archive is whole: ${manifest.totals.rows} rows in ${manifest.totals.tables} tables, ${manifest.totals.files} files, migration ${count} (${lastTag}), made ${manifest.createdAt} from ${manifest.source.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}.`,
  );

  const backupMigrations = migrationsFolderUpTo(count);
  let database: DatabaseHandle;
  try {
    database = await target.open(backupMigrations).catch((error: Error) => {
      throw new Error(
        `the target database cannot be opened at the backup's migration ${count} (${lastTag}): ${error.message} (A database already migrated past the backup's migration cannot take it: restore into a new, empty one.)`,
        { cause: error },
      );
    });
  } finally {
    rmSync(backupMigrations, { recursive: true, force: true });
  }

  let replaced: RestoreSummary['replaced'] = null;
  const keysBefore = new Set<string>();
  try {
    const filled = await tablesWithRows(database, await publicTables(database.db));
    for await (const key of target.storage.list()) {
      keysBefore.add(key);
      // Refusing needs only the first one.
      if (!options.force) break;
    }
    if (filled.length || keysBefore.size) {
      const holds = [
        filled.length
          ? `rows in ${filled.length} tables (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''})`
          : '',
        keysBefore.size ? (options.force ? `${keysBefore.size} stored files` : 'stored files') : '',
      ]
        .filter(Boolean)
        .join(' and ');
      if (!options.force)
        throw new Error(
          `the target is not empty: it holds ${holds}. A restore fills an empty database and storage; --force replaces what is there (its tables are emptied and its files replaced by the backup's).`,
        );
      say(`Replacing what the target holds: ${holds}.`);
      replaced = { tables: filled, files: keysBefore.size };
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const added: string[] = [];
  try {
    await database.db.transaction(async (tx) => {
      await replicaRole(tx);
      await steadyOutput(tx);
      const tables = new Map((await publicTables(tx)).map((table) => [table.name, table]));
      for (const entry of manifest.tables) checkShape(entry, tables.get(entry.name));
      if (replaced)
        await tx.execute(
          sql`truncate ${sql.join(
            [...tables.keys()].map((name) => qualified(name)),
            sql`, `,
          )}`,
        );
      for await (const entry of readArchive(file)) {
        if (entry.name.startsWith(TABLE_PREFIX)) {
          const name = entry.name.slice(TABLE_PREFIX.length, -'.jsonl'.length);
          await loadTable(tx, tables.get(name)!, lines(entry.content));
        } else if (entry.name.startsWith(FILE_PREFIX)) {
          const key = entry.name.slice(FILE_PREFIX.length);
          // Noted before it is stored: a put that fails half-way may have left something to remove.
          if (!keysBefore.has(key)) added.push(key);
          await target.storage.put(key, await readAll(entry.content));
        }
      }
      say(`Loaded ${manifest.totals.rows} rows and stored ${manifest.totals.files} files; checking them…`);
      for (const entry of manifest.tables) await setSequences(tx, tables.get(entry.name)!, entry);
      await verifyTables(tx, manifest, [...tables.values()]);
      await verifyFiles(target.storage, manifest);
    });
  } catch (error) {
    await database.close();
    // The database rolled back; the files this restore added go too, so the target is as it was.
    await Promise.all(added.map((key) => target.storage.remove(key).catch(() => undefined)));
    throw error;
  }
  await database.close();

  if (replaced) {
    // Only now that the restore is committed: the target's own files that the backup does not have go.
    const kept = new Set(manifest.files.map((entry) => entry.key));
    const extra = [...keysBefore].filter((key) => !kept.has(key));
    for (const key of extra) await target.storage.remove(key);
    say(`Removed ${extra.length} files of the target that the backup does not have.`);
  }
  const current = await target.open(MIGRATIONS_FOLDER);
  if (count < known.length)
    say(`Brought the database from migration ${count} up to ${known.length} (${known.at(-1)!.tag}).`);
  return { manifest, database: current, replaced, milliseconds: Date.now() - started };
}

/**
 * Reads the whole archive once: every entry's size and sha256 must be the manifest's, and nothing may be missing
 * or extra. A damaged or truncated archive is refused before the target is touched.
 */
export async function checkArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string; rows: number }>();
  let manifest: Manifest | undefined;
  for await (const entry of readArchive(file)) {
    if (manifest)
      throw new Error(`the archive has ${entry.name} after its manifest: it is not a backup of this platform`);
    if (entry.name === MANIFEST_ENTRY) {
      manifest = parseManifest((await readAll(entry.content)).toString('utf8'));
      continue;
    }
    const sum = digest();
    let rows = 0;
    for await (const chunk of entry.content) {
      sum.update(chunk);
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) rows += 1;
    }
    seen.set(entry.name, { size: sum.bytes, sha256: sum.hex(), rows });
  }
  if (!manifest) throw new Error(`the archive ${file} has no manifest: it is incomplete, or not a backup`);
  const expected = new Map<string, { size: number; sha256: string; rows?: number }>([
    ...manifest.tables.map(
      (table) =>
        [`${TABLE_PREFIX}${table.name}.jsonl`, { size: table.bytes, sha256: table.sha256, rows: table.rows }] as const,
    ),
    ...manifest.files.map(
      (entry) => [`${FILE_PREFIX}${entry.key}`, { size: entry.size, sha256: entry.sha256 }] as const,
    ),
  ]);
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) throw new Error(`the archive lacks ${name}, which its manifest lists`);
    if (got.size !== want.size || got.sha256 !== want.sha256 || (want.rows !== undefined && got.rows !== want.rows))
      throw new Error(`${name} in the archive is not what its manifest says (size, rows or sha256 differ)`);
  }
  const extra = [...seen.keys()].filter((name) => !expected.has(name));
  if (extra.length)
    throw new Error(`the archive holds entries its manifest does not list: ${extra.slice(0, 3).join(', ')}`);
  return manifest;
}

/** The tables that have any row (EXISTS: no table is counted through). */
async function tablesWithRows(database: DatabaseHandle, tables: TableShape[]): Promise<string[]> {
  const filled: string[] = [];
  for (const table of tables) {
    const [row] = await rowsOf<{ any: boolean }>(
      database.db,
      sql`select exists (select 1 from ${qualified(table.name)}) as "any"`,
    );
    if (row?.any) filled.push(table.name);
  }
  return filled;
}

/**
 * Foreign keys and triggers stay off while the rows go in (any order of tables then works, and the derived tables
 * the triggers keep are loaded as they were). PGlite runs as a superuser; on PostgreSQL it needs one, or the grant.
 */
async function replicaRole(tx: Tx) {
  try {
    await tx.execute(sql`set local session_replication_role = replica`);
  } catch (error) {
    throw new Error(
      `the restore needs to set session_replication_role (foreign keys and triggers stay off while rows load), which was refused: ${(error as Error).message}. Connect as a superuser, or grant it (PostgreSQL 15): GRANT SET ON PARAMETER session_replication_role TO <the role of DATABASE_URL>.`,
      { cause: error },
    );
  }
}

/** The backup's columns must be the target's stored columns: the same migrations made both. */
function checkShape(entry: TableEntry, table: TableShape | undefined) {
  if (!table) throw new Error(`the backup has a table ${entry.name} that the target's schema lacks`);
  if (JSON.stringify(entry.columns) !== JSON.stringify(table.columns))
    throw new Error(
      `table ${entry.name}: the backup's columns (${entry.columns.join(', ')}) are not the target's (${table.columns.join(', ')})`,
    );
}

/**
 * Inserts the lines of a table in chunks through `json_populate_recordset`, which turns each JSON object back into a
 * row of the table's own types. Generated columns are left out (the target computes them); a column GENERATED
 * ALWAYS AS IDENTITY takes the backup's value with OVERRIDING SYSTEM VALUE.
 */
async function loadTable(tx: Tx, table: TableShape, rows: AsyncIterable<string>) {
  const columns = sql.join(
    table.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const overriding = table.identityAlways ? sql`overriding system value` : sql``;
  const insert = (chunk: string[]) =>
    tx.execute(
      sql`insert into ${qualified(table.name)} (${columns}) ${overriding}
          select ${columns} from json_populate_recordset(null::${qualified(table.name)}, ${`[${chunk.join(',')}]`}::json)`,
    );
  let chunk: string[] = [];
  let bytes = 0;
  for await (const line of rows) {
    chunk.push(line);
    bytes += line.length;
    if (chunk.length >= ROWS_PER_INSERT || bytes >= BYTES_PER_INSERT) {
      await insert(chunk);
      chunk = [];
      bytes = 0;
    }
  }
  if (chunk.length) await insert(chunk);
}

/** Every sequence past both its column's largest value and what the source's sequence had given. */
async function setSequences(tx: Tx, table: TableShape, entry: TableEntry) {
  for (const column of table.sequenced) {
    const next = entry.sequences?.[column] ?? 1;
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${`public.${quoteIdent(table.name)}`}, ${column}),
            greatest(${next}::bigint, (select coalesce(max(${sql.identifier(column)}), 0) + 1 from ${qualified(table.name)})),
            false)`,
    );
  }
}

/** Reads every restored table back the way the backup read it: the same rows give the same count and sha256. */
async function verifyTables(tx: Tx, manifest: Manifest, tables: TableShape[]) {
  const inBackup = new Map(manifest.tables.map((entry) => [entry.name, entry]));
  for (const table of tables) {
    const entry = inBackup.get(table.name);
    const sum = digest();
    let rows = 0;
    for await (const line of tableLines(tx, table)) {
      sum.update(Buffer.from(`${line}\n`));
      rows += 1;
    }
    const sha256 = sum.hex();
    if (!entry) {
      if (rows) throw new Error(`table ${table.name} is not in the backup, yet has ${rows} rows after the restore`);
      continue;
    }
    if (rows !== entry.rows || sha256 !== entry.sha256)
      throw new Error(
        `table ${table.name} does not read back as backed up: ${rows} rows (the backup has ${entry.rows})${rows === entry.rows ? ', different content' : ''}`,
      );
  }
}

async function verifyFiles(storage: Storage, manifest: Manifest) {
  for (const entry of manifest.files) {
    const stored = await storage.get(entry.key);
    if (!stored) throw new Error(`the file ${entry.key} is not in the storage after the restore`);
    const sum = digest();
    for await (const chunk of stored.stream) sum.update(chunk as Buffer);
    if (sum.bytes !== entry.size || sum.hex() !== entry.sha256)
      throw new Error(`the file ${entry.key} does not read back as backed up`);
  }
}
