import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database, DatabaseHandle } from '../src/db/client';
import { knownMigrations, type MigrationEntry, migrationsFolderUpTo } from '../src/db/migrations';
import * as schema from '../src/db/schema';

/**
 * The forward-migration test's machinery (issue 23 §2): the tables of a database at some migration, read from the
 * catalogue alone (nothing about any release's tables is written down here), so that a new table or column is
 * covered without a word; rows made for every one of them; and the check that a later schema still holds them.
 */

export interface Column {
  name: string;
  /** As the catalogue prints it (`varchar(40)`, `text[]`): what a generated value is cast to. */
  type: string;
  /** The base type's name (`varchar`, `int4`, `timestamptz`), of the elements for an array. */
  base: string;
  array: boolean;
  /** An enum's labels, in order; empty for other types. */
  labels: string[];
  /** varchar(n) and char(n): n. */
  maxLength: number | null;
  notNull: boolean;
  /** Computed by the database (GENERATED ALWAYS AS … STORED): never written, and not data of its own. */
  generated: boolean;
  /** Numbered by the database (serial, identity): left to it, as the application leaves it. */
  numbered: boolean;
  default: string | null;
}

export interface ForeignKey {
  columns: string[];
  parent: string;
  parentColumns: string[];
}

export interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
  /** The check constraints, as `pg_get_constraintdef` prints them (shown when a generated row breaks one). */
  checks: string[];
  /** UNLOGGED: emptied by a restart after a crash, and by a copy of the files (PGlite's dump), by design. */
  unlogged: boolean;
}

type Row = Record<string, unknown>;
type Query = DatabaseHandle['executeSql'];

/** The tables of the public schema, with what generating rows for them needs. */
export async function readTables(sql: Query): Promise<Map<string, Table>> {
  const { rows: columns } = (await sql(
    `SELECT c.relname AS "table", c.relpersistence = 'u' AS "unlogged", a.attname AS "name", format_type(a.atttypid, a.atttypmod) AS "type",
       coalesce(e.typname, t.typname) AS "base", e.oid IS NOT NULL AS "array",
       coalesce((SELECT json_agg(l.enumlabel ORDER BY l.enumsortorder) FROM pg_enum l
         WHERE l.enumtypid = coalesce(e.oid, t.oid)), '[]'::json) AS "labels",
       CASE WHEN coalesce(e.typname, t.typname) IN ('varchar', 'bpchar') AND a.atttypmod > 4
         THEN a.atttypmod - 4 END AS "maxLength",
       a.attnotnull AS "notNull", a.attgenerated <> '' AS "generated",
       a.attidentity <> '' OR coalesce(pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%', false) AS "numbered",
       pg_get_expr(d.adbin, d.adrelid) AS "default"
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     JOIN pg_type t ON t.oid = a.atttypid
     LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
     LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
     ORDER BY c.relname, a.attnum`,
  )) as { rows: (Column & { table: string; unlogged: boolean })[] };
  const { rows: constraints } = (await sql(
    `SELECT c.relname AS "table", k.contype AS "kind", p.relname AS "parent",
       (SELECT json_agg(a.attname ORDER BY o.n) FROM unnest(k.conkey) WITH ORDINALITY o(attnum, n)
         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = o.attnum) AS "columns",
       (SELECT json_agg(a.attname ORDER BY o.n) FROM unnest(k.confkey) WITH ORDINALITY o(attnum, n)
         JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = o.attnum) AS "parentColumns",
       pg_get_constraintdef(k.oid) AS "definition"
     FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_class p ON p.oid = k.confrelid
     WHERE n.nspname = 'public' AND k.contype IN ('p', 'f', 'c')
     ORDER BY c.relname, k.conname`,
  )) as {
    rows: {
      table: string;
      kind: 'p' | 'f' | 'c';
      parent: string | null;
      columns: string[];
      parentColumns: string[] | null;
      definition: string;
    }[];
  };
  const tables = new Map<string, Table>();
  for (const { table, unlogged, ...column } of columns) {
    if (!tables.has(table))
      tables.set(table, { name: table, columns: [], primaryKey: [], foreignKeys: [], checks: [], unlogged });
    tables
      .get(table)!
      .columns.push({ ...column, maxLength: column.maxLength === null ? null : Number(column.maxLength) });
  }
  for (const constraint of constraints) {
    const table = tables.get(constraint.table)!;
    if (constraint.kind === 'p') table.primaryKey = constraint.columns;
    else if (constraint.kind === 'c') table.checks.push(constraint.definition);
    else
      table.foreignKeys.push({
        columns: constraint.columns,
        parent: constraint.parent!,
        parentColumns: constraint.parentColumns!,
      });
  }
  return tables;
}

/**
 * What a generated row of a table has to be otherwise: a check constraint that a generic value breaks, or a value
 * that a trigger computes from the rows of another table only when they are shaped alike. Each says why; one belongs
 * here only for such a reason, never to make a migration pass.
 */
export interface Override {
  /** How many rows the table can hold (two otherwise). */
  rows?: number;
  /** Values (as SQL literals' text, or null) for some columns, by row (1, 2). */
  values?: Record<string, (row: number) => string | null>;
}

/**
 * Writes rows (two unless overridden) into every table, parents first, every column given a value of its
 * type, nullable ones too: a column left empty would be a column whose loss goes unseen. Returns the rows as written.
 */
export async function fillEveryTable(
  sql: Query,
  tables: Map<string, Table>,
  overrides: Record<string, Override> = {},
): Promise<Map<string, Row[]>> {
  const written = new Map<string, Row[]>();
  for (const table of parentsFirst(tables)) {
    const override = overrides[table.name] ?? {};
    const rows: Row[] = [];
    for (let row = 1; row <= (override.rows ?? 2); row += 1) {
      const names: string[] = [];
      const values: (string | null)[] = [];
      const casts: string[] = [];
      for (const column of table.columns) {
        if (column.generated || (column.numbered && !override.values?.[column.name])) continue;
        let value: string | null;
        const reference = table.foreignKeys.find((key) => key.columns.includes(column.name));
        const given = override.values?.[column.name];
        if (given) value = given(row);
        else if (reference) {
          // Row n points to its parent's row n; a table pointing to itself, to its own first row (none for the first).
          const parentRows = reference.parent === table.name ? rows : written.get(reference.parent)!;
          const parentRow = parentRows[Math.min(row, parentRows.length) - 1];
          const parentValue = parentRow?.[reference.parentColumns[reference.columns.indexOf(column.name)]!];
          value = parentValue === undefined || parentValue === null ? null : literalOf(parentValue);
          if (value === null && column.notNull)
            throw new Error(`${table.name}.${column.name}: no ${reference.parent} row to point to`);
        } else value = valueOf(table.name, column, row);
        names.push(`"${column.name}"`);
        values.push(value);
        casts.push(`$${values.length}::${column.type}`);
      }
      const statement = names.length
        ? `INSERT INTO "${table.name}" (${names.join(', ')}) VALUES (${casts.join(', ')}) RETURNING to_jsonb("${table.name}") AS row`
        : `INSERT INTO "${table.name}" DEFAULT VALUES RETURNING to_jsonb("${table.name}") AS row`;
      try {
        const { rows: inserted } = (await sql(statement, values)) as { rows: { row: Row }[] };
        rows.push(inserted[0]!.row);
      } catch (error) {
        throw new Error(
          `cannot write row ${row} of ${table.name} (${(error as Error).message}); its checks: ` +
            `${table.checks.join('; ') || 'none'} — give it an override if a check constraint is the reason`,
          { cause: error },
        );
      }
    }
    written.set(table.name, rows);
  }
  return written;
}

/** The tables in an order where every table comes after the tables it points to. */
function parentsFirst(tables: Map<string, Table>): Table[] {
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.size) {
    const next = [...tables.values()].filter(
      (table) =>
        !placed.has(table.name) &&
        table.foreignKeys.every((key) => key.parent === table.name || placed.has(key.parent)),
    );
    if (!next.length) {
      const left = [...tables.keys()].filter((name) => !placed.has(name));
      throw new Error(`the foreign keys of ${left.join(', ')} make a cycle: the generator needs to break it`);
    }
    for (const table of next) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

/** A value read back (to_jsonb) as the text of a literal of its column's type again. */
function literalOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A value of the column's type for row 1 or 2, different for the two rows in every column (so every unique
 * constraint holds), and text in both languages (a migration that mangles Arabic is seen).
 */
function valueOf(table: string, column: Column, row: number): string {
  const one = (): string => {
    if (column.labels.length) return column.labels[(row - 1) % column.labels.length]!;
    switch (column.base) {
      case 'text':
      case 'varchar':
      case 'bpchar':
      case 'citext': {
        const text = `${row} ${table}.${column.name} نص`;
        return column.maxLength ? text.slice(0, column.maxLength) : text;
      }
      case 'int2':
      case 'int4':
        return String(row);
      case 'int8':
        return String(1_000_000_000_000 + row);
      case 'numeric':
        return `${row}.25`;
      case 'float4':
      case 'float8':
        return `${row}.5`;
      case 'bool':
        return row % 2 === 1 ? 'true' : 'false';
      case 'date':
        return `2025-0${row}-1${row}`;
      case 'timestamptz':
      case 'timestamp':
        return `2025-0${row}-1${row}T0${row}:1${row}:2${row}.${row}00Z`;
      case 'time':
        return `1${row}:3${row}:00`;
      case 'interval':
        return `${row} days`;
      case 'json':
      case 'jsonb': {
        const value = { row, note: `${table}.${column.name} نص` };
        // A column whose empty value is a list holds a list.
        return JSON.stringify(column.default?.startsWith("'[]'") ? [value] : value);
      }
      case 'uuid':
        return `00000000-0000-4000-8000-00000000000${row}`;
      case 'inet':
        return `192.0.2.${row}`;
      case 'bytea':
        return `\\x0${row}`;
      case 'tsvector':
        return `word${row}`;
      default:
        throw new Error(`${table}.${column.name}: no value for type ${column.type}; add one to valueOf`);
    }
  };
  if (!column.array) return one();
  return `{"${one().replace(/["\\]/g, '\\$&')}"}`;
}

/** Every table's rows as the database reads them (to_jsonb), without the computed columns. */
export interface Snapshot {
  tables: Map<string, { columns: string[]; primaryKey: string[]; rows: Row[]; unlogged: boolean }>;
}

export async function snapshot(sql: Query, tables?: Map<string, Table>): Promise<Snapshot> {
  tables ??= await readTables(sql);
  const taken: Snapshot = { tables: new Map() };
  for (const table of tables.values()) {
    const columns = table.columns.filter((column) => !column.generated).map((column) => column.name);
    const { rows } = (await sql(`SELECT to_jsonb(t) AS row FROM "${table.name}" t`)) as { rows: { row: Row }[] };
    taken.tables.set(table.name, {
      columns,
      primaryKey: table.primaryKey.length ? table.primaryKey : columns,
      unlogged: table.unlogged,
      rows: rows.map(({ row }) => Object.fromEntries(columns.map((name) => [name, row[name]]))),
    });
  }
  return taken;
}

/**
 * A column a migration emptied, renamed or moved on purpose, so that its values are not where they were. `by` is the
 * migration that did it (the check applies to the databases from before it); `to` is where the values went, found
 * by the same primary key (a renamed column, a column moved to a table keyed alike), or null for values that a
 * migration discarded on purpose (then `why` must say why that was right).
 */
export interface Move {
  from: `${string}.${string}`;
  by: string;
  to: `${string}.${string}` | null;
  why: string;
}

/**
 * What `after` lost of `before`: for every column that held a value in some row, the same value in the same row
 * (by primary key), at the same table and column or where a listed move took it. One line per loss; none is the pass.
 */
export function lostData(
  before: Snapshot,
  after: Snapshot,
  options: { level: number; moves: Move[]; known?: MigrationEntry[] },
): string[] {
  const known = options.known ?? knownMigrations();
  const losses: string[] = [];
  const keyOf = (row: Row, primaryKey: string[]) => JSON.stringify(primaryKey.map((name) => row[name]));
  for (const [name, table] of before.tables) {
    // An unlogged table (the rate-limit counters, decision 0015) holds what may be lost: a restart after a crash
    // empties it, and so does copying the database's files, as the PGlite runs of this test do between releases.
    if (table.unlogged) continue;
    const goneRows = new Set<string>();
    for (const column of table.columns) {
      const held = table.rows.filter((row) => row[column] !== null && row[column] !== undefined);
      if (!held.length) continue;
      const move = options.moves.find((candidate) => {
        if (candidate.from !== `${name}.${column}`) return false;
        const by = known.findIndex((migration) => migration.tag === candidate.by);
        if (by < 0) throw new Error(`the move of ${candidate.from} names ${candidate.by}, which is no migration`);
        // The database at `level` has migrations 0 … level-1: the move is still ahead of it.
        return by >= options.level;
      });
      if (move && move.to === null) continue;
      const [targetName, targetColumn] = (move?.to ?? `${name}.${column}`).split('.') as [string, string];
      const target = after.tables.get(targetName);
      if (!target) {
        losses.push(`${name}.${column}: table ${targetName} is gone with the values of ${held.length} rows`);
        continue;
      }
      if (!target.columns.includes(targetColumn)) {
        losses.push(
          `${name}.${column}: ${targetName}.${targetColumn} is gone with the values of ${held.length} rows ` +
            `(a migration that moves them lists the move)`,
        );
        continue;
      }
      const found = new Map(target.rows.map((row) => [keyOf(row, table.primaryKey), row]));
      for (const row of held) {
        const key = keyOf(row, table.primaryKey);
        const now = found.get(key);
        if (!now) {
          if (targetName === name && goneRows.has(key)) continue;
          if (targetName === name) goneRows.add(key);
          losses.push(`${targetName} row ${key} (${table.primaryKey.join(', ')}) is gone`);
        } else if (!isDeepStrictEqual(now[targetColumn], row[column]))
          losses.push(
            `${name}.${column} of row ${key}: ${JSON.stringify(row[column])} became ${JSON.stringify(now[targetColumn])}` +
              (move ? ` at ${move.to}` : ''),
          );
      }
    }
  }
  return losses;
}

/**
 * Reads every table of the code's schema through drizzle (what the services do), and checks each value against
 * what the database holds: a column the code names and the migrations did not make fails the select, and a value
 * the code would read otherwise (a date, a number, a list) is named. Returns how many rows were read.
 */
export async function readThroughTheCode(db: Database, stored: Snapshot): Promise<{ rows: number; wrong: string[] }> {
  let count = 0;
  const wrong: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const name = getTableName(table);
    const rows = (await db.select().from(table)) as Row[];
    count += rows.length;
    const held = stored.tables.get(name);
    if (!held) {
      wrong.push(`${name}: the code reads a table the database does not have`);
      continue;
    }
    if (rows.length !== held.rows.length)
      wrong.push(`${name}: the code read ${rows.length} rows of ${held.rows.length}`);
    const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name }));
    const byKey = new Map(held.rows.map((row) => [JSON.stringify(held.primaryKey.map((column) => row[column])), row]));
    for (const row of rows) {
      const keyValues = held.primaryKey.map((column) => row[columns.find((c) => c.name === column)?.key ?? '']);
      const storedRow = byKey.get(JSON.stringify(keyValues.map(asStored)));
      if (!storedRow) {
        wrong.push(`${name}: the code read a row ${JSON.stringify(keyValues)} the database does not hold`);
        continue;
      }
      for (const column of columns)
        if (!readsAs(row[column.key], storedRow[column.name]))
          wrong.push(
            `${name}.${column.name}: the code read ${JSON.stringify(row[column.key])} for ${JSON.stringify(storedRow[column.name])}`,
          );
    }
  }
  return { rows: count, wrong };
}

/** A value as drizzle maps it, back to what to_jsonb shows for it (for finding its row). */
function asStored(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value;
}

/** Does a value the code read mean what the database holds (to_jsonb's reading of it)? */
function readsAs(read: unknown, stored: unknown): boolean {
  if (read === null || read === undefined) return stored === null || stored === undefined;
  if (read instanceof Date) {
    if (typeof stored !== 'string') return false;
    // A timestamp without a time zone is read as UTC by drizzle; a date alone parses as UTC already.
    const zoned = /^\d{4}-\d\d-\d\d$/.test(stored) || /(Z|[+-]\d\d(:?\d\d)?)$/.test(stored);
    return read.getTime() === Date.parse(zoned ? stored : `${stored}Z`);
  }
  if (typeof read === 'bigint') return Number(read) === stored;
  if (typeof read === 'string' && typeof stored === 'number') return Number(read) === stored;
  return isDeepStrictEqual(read, stored);
}

/**
 * A copy of the migrations folder with the first `count` migrations and then `extra` ones of the test's own (each a
 * tag and its SQL), dated after the last: the release after this one, for the tests that need one.
 */
export function migrationsFolderWith(count: number, extra: { tag: string; sql: string }[]): string {
  const folder = migrationsFolderUpTo(count);
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: (MigrationEntry & object)[] };
  let when = knownMigrations().at(-1)!.when;
  for (const migration of extra) {
    when += 60_000;
    writeFileSync(path.join(folder, `${migration.tag}.sql`), migration.sql);
    journal.entries.push({
      idx: journal.entries.length,
      version: '7',
      when,
      tag: migration.tag,
      breakpoints: true,
    } as MigrationEntry);
  }
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
