import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot } from '../paths';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a service writes through: the database itself or an open transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** Runs raw SQL with positional parameters; what pg-boss needs to share the connection. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  close: () => Promise<void>;
  /**
   * Runs `work` holding the start-up lock: processes that start together on one PostgreSQL migrate and seed one
   * after another, and the later ones find the work done (decision 0015). PGlite is one process's alone.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  /** The statements sent through `db` so far, when opened with `countStatements` (tests read and reset it). */
  statements?: { count: number };
}

const migrationsFolder = path.join(serverRoot, 'drizzle');

/** The advisory lock key of migrations and the demo seed (any constant of our own). */
const STARTUP_LOCK = 7_265_001_501;

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** Opens the database (PGlite under dataDir, or the PostgreSQL server of `url`) and applies the migrations. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  /** Told when an idle connection is lost (server restart, terminated backend); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
  /**
   * Counts the statements Drizzle sends (a logger); off, nothing is added to the query path. Transaction control
   * is left out: node-postgres sends BEGIN and COMMIT through Drizzle, PGlite does not, and both should count alike.
   */
  countStatements?: boolean;
}): Promise<DatabaseHandle> {
  const statements = options.countStatements ? { count: 0 } : undefined;
  const logger = statements && {
    logQuery: (query: string) => void (TRANSACTION_CONTROL.test(query) || (statements.count += 1)),
  };
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener, an idle client's error is re-thrown by the pool as an uncaught exception and ends the
    // process; the pool already drops that client, so noting it is enough.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema, logger });
    const exclusively = <T>(work: () => Promise<T>) => underAdvisoryLock(pool, work);
    await exclusively(() => migratePg(db, { migrationsFolder }));
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values as unknown[]),
      close: () => pool.end(),
      exclusively,
      statements,
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm: the trigram indexes of title and code search (migration 0004) need the extension loaded.
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  takeTurnsWithIo(client);
  const db = drizzlePglite(client, { schema, logger });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    executeSql: async (text, values) => {
      // Several statements without parameters (pg-boss's own migrations) need exec; the rest use query.
      if (!values?.length && text.includes(';')) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
    close: () => client.close(),
    exclusively: (work) => work(),
    statements,
  };
}

/** Holds a session-level advisory lock on one pooled connection while `work` runs (on any connections). */
async function underAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * PGlite runs each query on this thread, and one query's end starts the next queued one in the same microtask
 * chain: under load the event loop would not read a socket until the queue ran dry, and a request that arrived
 * early could wait seconds behind later ones. Each query outside a transaction first lets the event loop take a
 * turn (I/O, timers), so a waiting request waits for the queries before it, not for the whole queue.
 */
function takeTurnsWithIo(client: PGlite) {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    await turn();
    return exec(...args);
  }) as PGlite['exec'];
}
