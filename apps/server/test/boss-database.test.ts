import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ExecuteSql } from '../src/db/client';
import { bossDatabase } from '../src/jobs/boss-database';

/**
 * pg-boss marks a job done without awaiting it; a statement it sends after the database closed must not end the
 * process with an unhandled rejection (jobs/boss-database.ts). A real database of the run's kind, closed.
 */
async function database(): Promise<{ executeSql: ExecuteSql; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url });
    return { executeSql: (text, values) => pool.query(text, values as unknown[]), close: () => pool.end() };
  }
  const client = new PGlite();
  return { executeSql: (text, values) => client.query(text, values), close: () => client.close() };
}

describe('the database as pg-boss is given it', () => {
  it('answers no rows once the database is closed, and still throws any other error', async () => {
    const handle = await database();
    const boss = bossDatabase(handle);
    expect((await boss.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await expect(boss.executeSql('select nonsense from nowhere')).rejects.toThrow(/nowhere/);
    await handle.close();
    expect(await boss.executeSql('select 1')).toEqual({ rows: [] });
  });
});
