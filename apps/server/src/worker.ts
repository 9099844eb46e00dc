import { openDatabase } from './db/client';
import { loadConfig } from './config';
import { exportJobs } from './features/harvesting/export-jobs';
import { importJobs } from './features/imports/imports.job';
import { startJobs } from './jobs/jobs';
import { Metrics, serveMetrics } from './lib/metrics';
import pino from 'pino';
import { createStorage } from './storage/storage';

/**
 * Runs only the job consumers (mail delivery, the scheduled housekeeping and reminders), for deployments that
 * separate them from the web processes (`RUN_JOBS=false` there). It migrates under the same start-up lock as the
 * servers.
 */
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  onConnectionError: (error) => log.warn({ err: error }, 'database connection lost'),
});
const metrics = new Metrics();
metrics.observeDatabase(database.pool);
const jobs = await startJobs(database, config, log, { work: true, metrics, consumeAtOnce: true });
// The imports the web processes queue (decision 0076): this process reads their files from the same DATA_DIR.
const imports = importJobs(
  database,
  { db: database.db, storage: await createStorage(config), config, log },
  { work: true },
);
await imports.start();
// The journal exports (decision 0082), written to the same DATA_DIR the web processes download them from.
const exportsJobs = exportJobs(
  database,
  { db: database.db, storage: await createStorage(config), config, log },
  { work: true },
);
await exportsJobs.start();
const stopMetrics =
  config.METRICS_PORT && config.METRICS_TOKEN
    ? await serveMetrics(metrics, { host: config.HOST, port: config.METRICS_PORT, token: config.METRICS_TOKEN }, log)
    : null;
if (config.METRICS_PORT && !config.METRICS_TOKEN)
  log.warn('METRICS_PORT is set without METRICS_TOKEN: no metrics served');
log.info('worker started');

/**
 * Stops without losing work (decision 0058): the mails being sent finish, the others go back to the queue, the
 * database closes last, within SHUTDOWN_TIMEOUT_SECONDS; past it the process exits 1. A mail cut short by a
 * harder stop (`kill -9`) is found by the next start (mail/outbox-recovery.ts `recoverInterruptedMail`).
 */
async function stop(signal: NodeJS.Signals) {
  const startedAt = Date.now();
  const boundMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  log.info({ signal, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'stopping');
  const overdue = setTimeout(() => {
    log.error({ timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'not stopped in time');
    process.exit(1);
  }, boundMs);
  try {
    await stopMetrics?.();
    await imports.stop(startedAt + boundMs);
    await exportsJobs.stop(startedAt + boundMs);
    await jobs.stop(startedAt + boundMs);
    await database.close();
  } catch (error) {
    log.error({ err: error }, 'the stop failed');
    process.exit(1);
  }
  clearTimeout(overdue);
  log.info({ signal, ms: Date.now() - startedAt }, 'stopped');
  process.exit(0);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal (Ctrl-C again) insists: the process ends now.
    if (stopping) process.exit(1);
    stopping = true;
    void stop(signal);
  });
}
