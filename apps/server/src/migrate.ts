import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { knownMigrations } from './db/migrations';

/**
 * `npm run migrate`: brings the database of the configuration (DATABASE_URL, or the embedded one in DATA_DIR) up to
 * the migrations of this code and exits, for a deployment that migrates once before it starts the new servers.
 * Servers and workers migrate at start too, under the same lock, so running it is never required and never harmful.
 */
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
const known = knownMigrations();
try {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.close();
  log.info(`the database is at migration ${known.at(-1)?.tag} (${known.length} migrations)`);
} catch (error) {
  // The message first: the refusal of a newer database (and any failed migration) is read by an operator.
  log.fatal({ err: error }, `migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
