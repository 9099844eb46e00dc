import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const { app, close } = await buildApp(config, { workJobs: config.RUN_JOBS });
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
