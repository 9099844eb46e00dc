import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/** What the database answers once it is closed: node-postgres's pool, and PGlite. */
const CLOSED = /Cannot use a pool after calling end on the pool|PGlite is closed/;

/**
 * The database as pg-boss is given it. pg-boss 10 marks a job done or failed without awaiting it (its worker's
 * `this.complete(…)` / `this.fail(…)`), so a job that ends as the process stops can send its statement after the
 * pool has closed, and its refusal, which nobody awaits, ended the process with an unhandled rejection (seen when a
 * worker stopped just after an import finished). A statement refused because the database is closed is answered
 * with no rows instead: the job stays as it was in pg-boss's table, and our own rows (the outbox, the imports, the
 * exports) are what say whether its work is done; their sweeps take up anything left. Every other error is thrown.
 */
export function bossDatabase(handle: Pick<DatabaseHandle, 'executeSql'>) {
  return {
    executeSql: (text: string, values?: unknown[]) =>
      handle.executeSql(text, values).catch((error: unknown) => {
        if (CLOSED.test((error as Error).message ?? '')) return { rows: [] };
        throw error;
      }),
  };
}

/**
 * Creates a queue, again after a deadlock: pg-boss's create_queue inserts the queue and creates its partition in
 * one statement, and two processes starting together on a new database (the web and the worker of a deployment)
 * deadlock on it (40P01), which ended the second at start. The loser tries again; the queue then exists.
 */
export async function createQueueRetrying(boss: PgBoss, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await boss.createQueue(name);
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}
