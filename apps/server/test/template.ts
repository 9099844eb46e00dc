import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

/**
 * The configuration of a test server: `env` over quiet logs, cheap captchas, generous rate limits and no read
 * cache.
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SECRET: 'test-secret-test-secret-test-secret',
    CAPTCHA_COST: '20',
    RATE_LIMIT_AUTH: '10000',
    RATE_LIMIT_GLOBAL: '100000',
    RATE_LIMIT_COSTLY: '10000',
    PUBLIC_URL: 'http://journals.test',
    CACHE_TTL_MS: '0',
    ...env,
  });
}

/**
 * The migrated database with the demo data and its stored files, made once per run by the global set-up: a test
 * server starts from a copy of it (PostgreSQL's CREATE DATABASE … TEMPLATE, or PGlite's dump) instead of creating,
 * migrating and seeding its own, which took 3–5 s of every server's start.
 */
export interface DemoTemplate {
  /** The stored files' folder (DATA_DIR/files), copied into each server's own DATA_DIR. */
  files: string;
  /** The PostgreSQL database to copy, when the run is on PostgreSQL. */
  database?: string;
  /** The PGlite dump's file, when the run is on PGlite. */
  dump?: string;
}

export async function makeTemplate(): Promise<{ template: DemoTemplate; remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-template-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const config = testConfig(dataDir);
  if (serverUrl) {
    const name = `test_template_${process.pid}_${Date.now()}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString() });
    const built = await buildApp(config, { database });
    await built.app.ready();
    await built.close();
    await database.close();
    return {
      template: { files: path.join(dataDir, 'files'), database: name },
      async remove() {
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = await openDatabase({});
  const built = await buildApp(config, { database });
  await built.app.ready();
  await built.close();
  const dump = path.join(dataDir, 'pglite.tar');
  writeFileSync(dump, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  return {
    template: { files: path.join(dataDir, 'files'), dump },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Copies the template's stored files into `dataDir`. */
export function copyTemplateFiles(template: DemoTemplate, dataDir: string) {
  cpSync(template.files, path.join(dataDir, 'files'), { recursive: true });
}

/** The template's PGlite dump, read once per test file. */
let snapshot: Blob | undefined;
export function templateSnapshot(template: DemoTemplate): Blob {
  snapshot ??= new Blob([readFileSync(template.dump!)]);
  return snapshot;
}

export async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
