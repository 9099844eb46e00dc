import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Tx } from './client';

/** The rows of a raw statement, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect();
type Prepared = { execute: (values?: Record<string, unknown>) => Promise<unknown> };
const preparedOf = new WeakMap<Database, Map<string, Prepared>>();

/**
 * The rows of a statement a busy screen sends on every request, built once and prepared under `name`: the text is
 * made the first time only (`build`, with `sql.placeholder` for the values), and PostgreSQL parses and plans a named
 * statement once per connection and keeps the plan (issue 24: building a reviewer's or an editor's query cost about a
 * millisecond of the server's time, and planning it beside the papers table's many indexes 0.6–1.5 ms of the
 * database's, each more than running it). One name, one text: a statement of another shape needs a name of its own.
 * After five runs PostgreSQL may keep one generic plan, so write the literals a partial index's predicate must be
 * proved from as literals (`sql.raw`), and use it where one plan is as good whatever the values.
 */
export async function preparedRows<T>(
  db: Database,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  let byName = preparedOf.get(db);
  if (!byName) preparedOf.set(db, (byName = new Map()));
  let prepared = byName.get(name);
  if (!prepared) {
    prepared = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false) as Prepared;
    byName.set(name, prepared);
  }
  return ((await prepared.execute(values)) as { rows: T[] }).rows;
}
