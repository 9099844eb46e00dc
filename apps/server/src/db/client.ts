import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, refuseNewerSchema } from './migrations';
import { audience, CHANNELS, type Channel, listenOnOwnConnection } from './notifications';
import { takeTurnsWithIo } from './pglite-turns';
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
  /** PGlite only: a copy of the whole database, to open another from (`snapshot`). */
  dump?: () => Promise<Blob>;
  /**
   * Runs `work` holding the start-up lock: processes that start together on one PostgreSQL migrate and seed one
   * after another, and the later ones find the work done (decision 0015). PGlite is one process's alone.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Connections open and idle, and the statements waiting for one (PostgreSQL: the pool's; PGlite: one connection,
   * its queue of turns): the metrics' view of database pressure.
   */
  pool: () => { open: number; idle: number; waiting: number };
  /**
   * A handle of its own for statements that may run long (the archive's search, decision 0074). On PostgreSQL, a
   * pool of `connections` whose every statement is ended by the server past `statementTimeoutMs` (0: never), so
   * such statements neither hold the main pool's connections nor run on without end. PGlite cannot interrupt a
   * statement (its timers never fire): there it is the one connection, without a timeout.
   */
  ownPool: (options: { connections: number; statementTimeoutMs: number }) => {
    db: Database;
    close: () => Promise<void>;
  };
  /** The statements sent through `db` so far, when opened with `countStatements` (tests read and reset it). */
  statements?: { count: number };
  /**
   * Calls `heard` with the payload on every NOTIFY of `channel` (one of CHANNELS), however it arrives:
   * - every pooled connection listens from its start, so a change this process makes through any of them is heard
   *   before the statement that made it resolves (PostgreSQL sends a session its own notifications before it
   *   reports the commit; PGlite, one connection, likewise);
   * - one connection of its own listens for the other processes' changes while the pool is idle. `listening(false)`
   *   says it is lost (changes may go unheard); `listening(true)` says it hears again.
   * Returns the way to stop.
   */
  listen: (
    channel: Channel,
    heard: (payload: string) => void,
    listening: (ready: boolean) => void,
  ) => () => Promise<void>;
}

/** The advisory lock key of migrations and the demo seed (any constant of our own). */
const STARTUP_LOCK = 7_265_001_501;

const NO_JIT = '-c jit=off';

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
  /**
   * PGlite only: start from this copy of a database (made by `dump`) instead of an empty one. The tests make one
   * migrated, seeded database and start each of theirs from it.
   */
  snapshot?: Blob;
  /** Another migrations folder (`migrationsFolderUpTo`: the database an older release left); the repository's by default. */
  migrationsFolder?: string;
}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const statements = options.countStatements ? { count: 0 } : undefined;
  const logger = statements && {
    logQuery: (query: string) => void (TRANSACTION_CONTROL.test(query) || (statements.count += 1)),
  };
  if (options.url) {
    const listeners = audience();
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // No JIT compilation (decision 0026): the platform's statements are short, and the ones whose estimates
      // pass jit_above_cost (a year's report of 2,000 rows) spent 30–35 ms compiling to run in 40.
      options: NO_JIT,
      // Listening before the pool hands the connection out: its first user's change is heard on it.
      onConnect: async (client) => {
        client.on('notification', ({ channel, payload }) => listeners.tell(channel, payload));
        for (const channel of Object.values(CHANNELS)) {
          // A connection that cannot listen still serves; the process's own listener hears the change.
          await client.query(`LISTEN ${channel}`).catch((error: Error) => options.onConnectionError?.(error));
        }
      },
    });
    // Without a listener, an idle client's error is re-thrown by the pool as an uncaught exception and ends the
    // process; the pool already drops that client, so noting it is enough.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema, logger });
    const exclusively = <T>(work: () => Promise<T>) => underAdvisoryLock(pool, work);
    // Under the lock: a newer release migrating at the same moment is seen, not raced.
    await exclusively(async () => {
      await refuseNewerSchema((text) => pool.query(text), migrationsFolder);
      await migratePg(db, { migrationsFolder });
    }).catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values as unknown[]),
      close: () => pool.end(),
      pool: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ownPool: ({ connections, statementTimeoutMs }) => {
        const own = new pg.Pool({
          connectionString: options.url,
          max: connections,
          options: `${NO_JIT} -c statement_timeout=${Math.floor(statementTimeoutMs)}`,
        });
        own.on('error', (error) => options.onConnectionError?.(error));
        return { db: drizzlePg(own, { schema, logger }) as unknown as Database, close: () => own.end() };
      },
      exclusively,
      statements,
      listen: (channel, heard, listening) =>
        listenOnOwnConnection(options.url!, channel, listeners.add(channel, heard), listeners.tell, listening),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm: the trigram indexes of title and code search (migration 0004) need the extension loaded; btree_gin the
  // archive search index (journal and words, migration 0017).
  const client = new PGlite({ dataDir, loadDataDir: options.snapshot, extensions: { pg_trgm, btree_gin } });
  await client.waitReady;
  const turns = takeTurnsWithIo(client);
  const listeners = audience();
  for (const channel of Object.values(CHANNELS))
    await client.listen(channel, (payload) => listeners.tell(channel, payload));
  const db = drizzlePglite(client, { schema, logger });
  try {
    await refuseNewerSchema((text) => client.query(text), migrationsFolder);
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
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
    dump: () => client.dumpDataDir('none'),
    pool: () => ({ open: 1, idle: turns.queued === 0 ? 1 : 0, waiting: Math.max(turns.queued - 1, 0) }),
    ownPool: () => ({ db: db as unknown as Database, close: async () => {} }),
    exclusively: (work) => work(),
    statements,
    listen: (channel, heard, listening) => {
      // One connection, listening since it opened: nothing can go unheard.
      const stop = listeners.add(channel, heard);
      listening(true);
      return async () => {
        stop();
        listening(false);
      };
    },
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

export { CHANNELS, type Channel } from './notifications';
export { takeTurnsWithIo } from './pglite-turns';
