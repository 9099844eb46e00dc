import { buildApp } from './app';
import { loadConfig } from './config';
import { answerBackupRequests, claimEmbedded } from './ops/embedded';

const config = loadConfig();
// The embedded database is this process's alone: claimed before it is opened (a second server on it is refused).
const releaseEmbedded = config.DATABASE_URL ? () => {} : claimEmbedded(config.DATA_DIR);
const { app, close, metrics, database, deps } = await buildApp(config, { workJobs: config.RUN_JOBS });
// `npm run backup` asks this process for the embedded database's backup, which it takes while it serves.
const stopAnswering = config.DATABASE_URL
  ? async () => {}
  : answerBackupRequests(config.DATA_DIR, database, deps.storage, app.log);
await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  `Journals platform ready at ${config.PUBLIC_URL} (${config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`})`,
);
if (config.DATABASE_URL && !process.env.SECRET) {
  // Each process signs with the secret of its own DATA_DIR: a captcha or ORCID ticket from one fails on another.
  app.log.warn(`SECRET is not set: signing with ${config.DATA_DIR}/secret; set one SECRET shared by every process`);
}
if (config.SEED_DEMO) {
  app.log.info(
    'Demo accounts (password Demo-pass-1): admin@platform.test, editor@general.test, researcher@general.test … see README',
  );
}

/**
 * Stops without losing work (issue 23 §4, decision 0058): no new connection, the requests in flight finish, the
 * jobs in hand finish or go back to the queue, the database closes last — all within SHUTDOWN_TIMEOUT_SECONDS.
 * Past it, the remaining connections are cut and the process exits 1, so an orchestrator sees a stop that failed.
 */
async function stop(signal: NodeJS.Signals) {
  const startedAt = Date.now();
  const boundMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  // The requests being answered (the metrics count them), so that the stop says how many it waited for.
  const waitedFor = metrics.inFlight;
  app.log.info({ signal, inFlight: waitedFor, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'stopping');
  const overdue = setTimeout(() => {
    app.log.error(
      { inFlight: metrics.inFlight, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS },
      'not stopped in time: cutting the remaining connections',
    );
    app.server.closeAllConnections();
    process.exit(1);
  }, boundMs);
  // A kept-alive connection whose request finishes after the stop began would otherwise stay open, idle, until
  // its keep-alive time ran out, and hold the stop that long.
  const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await stopAnswering();
    await close(startedAt + boundMs);
    releaseEmbedded();
  } catch (error) {
    app.log.error({ err: error }, 'the stop failed');
    process.exit(1);
  }
  clearTimeout(overdue);
  clearInterval(idleCloser);
  app.log.info({ signal, inFlight: waitedFor, ms: Date.now() - startedAt }, 'stopped');
  process.exit(0);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second signal (Ctrl-C again) insists: the process ends now.
    if (stopping) {
      app.log.warn({ signal, inFlight: metrics.inFlight }, 'stopped at once');
      process.exit(1);
    }
    stopping = true;
    void stop(signal);
  });
}
