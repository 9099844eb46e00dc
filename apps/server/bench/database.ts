import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The database a run measures on: its own PostgreSQL database, or a fresh PGlite data dir; dropped at the end. */
export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  /** DATA_DIR of the server (uploaded files; PGlite's data too). */
  dataDir: string;
  /** DATABASE_URL of the server and the seed; empty for PGlite. */
  url: string;
  /** The baseline's settings: the same database on PostgreSQL, a copy of the data dir on PGlite. */
  baselineEnv: () => Record<string, string>;
  drop: () => Promise<void>;
}

/**
 * A PostgreSQL database seeded before (BENCH_SEEDED: its URL, and BENCH_SEEDED_DIR its DATA_DIR): measured as it
 * is, never dropped. For measuring again after a change without seeding 100,000 papers again (12 minutes here); the
 * submits' drafts are added to it on each run.
 */
export function seededBenchDatabase(url: string, dataDir: string): BenchDatabase {
  return { kind: 'postgres', dataDir, url, baselineEnv: () => ({ DATABASE_URL: url }), drop: async () => undefined };
}

export async function createBenchDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) {
    return {
      kind: 'pglite',
      dataDir,
      url: '',
      // Copied after seeding, while no process has the data dir open.
      baselineEnv: () => {
        const copy = path.join(dataDir, 'baseline-pglite');
        cpSync(path.join(dataDir, 'pglite'), copy, { recursive: true });
        return { PGLITE_DIR: copy };
      },
      drop: async () => removeDir(),
    };
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    dataDir,
    url: url.toString(),
    baselineEnv: () => ({ DATABASE_URL: url.toString() }),
    drop: async () => {
      removeDir();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
