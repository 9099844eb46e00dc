import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';

/**
 * The schema files and the migrations agree (issue 20): what drizzle-kit would generate from `src/db/schema` against
 * the last snapshot in `drizzle/meta` is nothing, so a table changed without its migration fails here, not in
 * production. `npm run db:generate` writes the migration that makes this pass.
 */

const folder = path.join(import.meta.dirname, '../src/db/schema');
const meta = path.join(import.meta.dirname, '../drizzle/meta');

function lastSnapshot(): DrizzleSnapshotJSON {
  const last = readdirSync(meta)
    .filter((name) => /^\d{4}_snapshot\.json$/.test(name))
    .sort()
    .at(-1);
  if (!last) throw new Error(`no snapshot in ${meta}`);
  return JSON.parse(readFileSync(path.join(meta, last), 'utf8')) as DrizzleSnapshotJSON;
}

/** Every export of every file in the folder, as drizzle-kit reads it (drizzle.config.ts names the folder). */
async function folderExports(): Promise<Record<string, unknown>> {
  const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
  const modules = await Promise.all(files.map((name) => import(path.join(folder, name)) as Promise<object>));
  return Object.assign({}, ...modules) as Record<string, unknown>;
}

describe('the schema', () => {
  it('needs no migration beyond those in drizzle/', async () => {
    const previous = lastSnapshot();
    const current = generateDrizzleJson(await folderExports(), previous.id);
    expect(await generateMigration(previous, current)).toEqual([]);
  });

  it('reaches the server whole: its index re-exports every table of the folder', async () => {
    const tables = (exports: object) =>
      Object.entries(exports)
        .filter(([, value]) => is(value, PgTable))
        .map(([name]) => name)
        .sort();
    expect(tables(schema)).toEqual(tables(await folderExports()));
  });
});
