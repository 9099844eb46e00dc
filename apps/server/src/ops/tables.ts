import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { knownMigrations, type MigrationEntry } from '../db/migrations';

/**
 * The database as a backup sees it (decision 0056): the tables of the `public` schema, their rows as JSON lines in
 * one order that PGlite and PostgreSQL both give, and the migration level. The same reading makes the backup and
 * checks the restore, so that one checksum means the same rows on both sides.
 */

/** Reads rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface TableShape {
  name: string;
  /** Stored columns in the table's order; generated ones (the archive's search vector) are derived, not data. */
  columns: string[];
  /** The primary key's columns, with whether they sort by a collation. */
  key: { name: string; collatable: boolean }[];
  /** A column `GENERATED ALWAYS AS IDENTITY` takes a value only with OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
  /** The columns a sequence fills (serial, identity). */
  sequenced: string[];
}

/** `public.<table>`, quoted. */
export const qualified = (table: string) => sql`public.${sql.identifier(table)}`;
const columnList = (columns: string[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );

/** The tables of the `public` schema (pg-boss's own schema is not data: decision 0056), by name. */
export async function publicTables(tx: Tx): Promise<TableShape[]> {
  const rows = await rowsOf<{ name: string; shape: string }>(
    tx,
    sql`select c.relname as name, json_build_object(
          'columns', (select coalesce(json_agg(a.attname order by a.attnum), '[]') from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''),
          'key', (select coalesce(json_agg(json_build_object('name', a.attname, 'collatable', a.attcollation <> 0)
              order by k.ord), '[]')
            from pg_index i cross join unnest(i.indkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
            where i.indrelid = c.oid and i.indisprimary),
          'identityAlways', exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attidentity = 'a'),
          'sequenced', (select coalesce(json_agg(a.attname order by a.attnum), '[]') from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
              and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null)
        )::text as shape
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname collate "C"`,
  );
  return rows.map(({ name, shape }) => ({ name, ...(JSON.parse(shape) as Omit<TableShape, 'name'>) }));
}

/**
 * Makes this transaction's JSON the same on every server: timestamps in UTC, floats in their shortest exact form,
 * whatever the server's or the session's settings (a PostgreSQL server in another time zone would otherwise write
 * other text for the same instant, and the checksums would differ).
 */
export async function steadyOutput(tx: Tx) {
  await tx.execute(
    sql`select set_config('TimeZone', 'UTC', true), set_config('extra_float_digits', '1', true),
          set_config('IntervalStyle', 'postgres', true), set_config('bytea_output', 'hex', true)`,
  );
}

/**
 * Every row of a table as one JSON object a line (`row_to_json` of the stored columns), in primary-key order with
 * text compared byte by byte (`COLLATE "C"`: PGlite and a PostgreSQL server in another locale sort text alike).
 * Read through a cursor of the transaction, a batch at a time, so that a table of any size streams; inside one
 * REPEATABLE READ transaction every table is read at the same moment.
 */
export async function* tableLines(tx: Tx, table: TableShape, batch = 1_000): AsyncGenerator<string> {
  const order = table.key.length
    ? sql.join(
        table.key.map(({ name, collatable }) =>
          collatable ? sql`r.${sql.identifier(name)} collate "C"` : sql`r.${sql.identifier(name)}`,
        ),
        sql`, `,
      )
    : sql`row_to_json(r)::text collate "C"`;
  const cursor = sql.identifier(`backup_rows_${table.name}`);
  await tx.execute(
    sql`declare ${cursor} no scroll cursor for
          select row_to_json(r)::text as line
          from (select ${columnList(table.columns)} from ${qualified(table.name)}) as r
          order by ${order}`,
  );
  try {
    for (;;) {
      const rows = await rowsOf<{ line: string }>(tx, sql`fetch forward ${sql.raw(String(batch))} from ${cursor}`);
      for (const row of rows) yield row.line;
      if (rows.length < batch) break;
    }
  } finally {
    await tx.execute(sql`close ${cursor}`);
  }
}

/** How many rows a table has, in this transaction's snapshot. */
export async function countRows(tx: Tx, table: string): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(tx, sql`select count(*)::text as n from ${qualified(table)}`);
  return Number(row!.n);
}

/**
 * The value each sequence of a table would give next (serial and identity columns), so that a restore never
 * hands out again an id the source had used, even one whose row was deleted since.
 */
export async function nextSequenceValues(tx: Tx, table: TableShape): Promise<Record<string, number>> {
  const next: Record<string, number> = {};
  for (const column of table.sequenced) {
    const [named] = await rowsOf<{ sequence: string }>(
      tx,
      sql`select pg_get_serial_sequence(${`public.${quoteIdent(table.name)}`}, ${column}) as sequence`,
    );
    // Read from the sequence itself: pg_sequence_last_value says nothing of one set by setval(…, false), as a
    // restore leaves them, which gives that value next. The name is the catalog's, quoted by it.
    const [row] = await rowsOf<{ last: string; called: boolean }>(
      tx,
      sql`select last_value::text as last, is_called as called from ${sql.raw(named!.sequence)}`,
    );
    next[column] = row ? Number(row.last) + (row.called ? 1 : 0) : 1;
  }
  return next;
}

/** A name quoted as PostgreSQL's quote_ident would, for functions that take a table's name as text. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface MigrationLevel {
  count: number;
  lastTag: string | null;
}

/**
 * The migrations applied to a database (drizzle's `__drizzle_migrations`), checked to be the first `count` of the
 * ones this code knows: only then can a restore build the same schema from the repository's migrations. Null for
 * a database no migration ever touched.
 */
export async function migrationLevel(tx: Tx, known: MigrationEntry[] = knownMigrations()): Promise<MigrationLevel> {
  const [exists] = await rowsOf<{ present: boolean }>(
    tx,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return { count: 0, lastTag: null };
  const applied = await rowsOf<{ appliedAt: string }>(
    tx,
    sql`select created_at::text as "appliedAt" from drizzle.__drizzle_migrations order by created_at, id`,
  );
  applied.forEach(({ appliedAt }, index) => {
    const expected = known[index];
    if (!expected)
      throw new Error(
        `the database has ${applied.length} migrations applied; this code knows ${known.length} (up to ${known.at(-1)?.tag}): use the release that migrated it`,
      );
    if (Number(appliedAt) !== expected.when)
      throw new Error(
        `the database's migration ${index + 1} is not this code's ${expected.tag}: it was migrated by another line of the code`,
      );
  });
  return { count: applied.length, lastTag: known[applied.length - 1]?.tag ?? null };
}
