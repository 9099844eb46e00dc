import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** The rows of a raw statement, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect();
/** Statement texts and their names; past the bound a new text runs unnamed (rowsOf), so the map cannot grow. */
const names = new Map<string, string>();
const MOST_NAMES = 500;

/**
 * A statement's name, the same for the same text: PostgreSQL parses and plans a named statement once per
 * connection and keeps the plan (issue 24: planning a desk or reviewer query over the papers table and its partial
 * indexes took 0.6–1.5 ms, longer than running it). Undefined past the bound.
 */
export function statementName(text: string) {
  let name = names.get(text);
  if (name === undefined && names.size < MOST_NAMES) {
    name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * rowsOf for the statements a busy screen sends on every request: prepared under a name derived from the text
 * (statementName). For statements whose text is fixed by the code (literals where a partial index must be proved,
 * placeholders for the values); after five runs PostgreSQL may keep one generic plan, so use it only where that plan
 * is as good whatever the values (checked in query-plans.test.ts). PGlite ignores the name.
 */
export async function preparedRowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = statementName(built.sql);
  if (name === undefined) return rowsOf(db, query);
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}

/** A query builder's statement, run prepared under the name of its text (as preparedRowsOf). */
export function executeNamed<R>(query: {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<R> };
}): Promise<R> {
  const name = statementName(query.toSQL().sql);
  return name === undefined ? query.prepare('').execute() : query.prepare(name).execute();
}
