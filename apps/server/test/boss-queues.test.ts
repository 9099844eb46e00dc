import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bossDatabase, createQueueRetrying } from '../src/jobs/boss-database';
import { adminQuery } from './template';

/**
 * Processes starting together on a new database (a deployment's web and worker processes) each create the queues
 * they use; pg-boss's create_queue deadlocks when two create the same queue at once (40P01, seen as a worker that
 * ended at start in the mail-once test). Each process here is a PgBoss of its own connection pool.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';

describe.skipIf(!serverUrl)('queues created by processes starting together (PostgreSQL)', () => {
  const name = `boss_queues_${process.pid}_${Date.now()}`;
  let url = '';
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const address = new URL(serverUrl);
    address.pathname = `/${name}`;
    url = address.toString();
  });
  afterAll(async () => {
    for (const pool of pools) await pool.end().catch(() => undefined);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('are all created, each once, whatever the order', async () => {
    const processes = Array.from({ length: 6 }, () => {
      const pool = new pg.Pool({ connectionString: url, max: 3 });
      // The database is dropped WITH (FORCE) after the test: a connection still closing then ends with 57P01, which
      // the pool reports as an 'error' event, an uncaught exception without a listener (CI ci2, 2026-12-07).
      pool.on('error', () => undefined);
      pools.push(pool);
      const executeSql = (text: string, values?: unknown[]) => pool.query(text, values as unknown[]);
      return new PgBoss({ db: bossDatabase({ executeSql }) as never, supervise: false, schedule: false });
    });
    await Promise.all(
      processes.map(async (boss) => {
        await boss.start();
        for (const queue of ['mail-deliver', 'journal-import', 'journal-export'])
          await createQueueRetrying(boss, queue);
      }),
    );
    const queues = await pools[0]!.query('select name from pgboss.queue order by name');
    expect(queues.rows.map((row) => row.name)).toEqual(['journal-export', 'journal-import', 'mail-deliver']);
    for (const boss of processes) await boss.stop({ graceful: false, close: false });
  });
});
