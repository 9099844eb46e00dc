import { openDatabase } from './db/client';
import { loadConfig } from './config';
import { startJobs } from './jobs/jobs';
import pino from 'pino';

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
const jobs = await startJobs(database, config, log, { work: true });
log.info('worker started');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void jobs
        .stop()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
}
