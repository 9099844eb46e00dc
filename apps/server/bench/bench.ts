import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBenchDatabase, seededBenchDatabase } from './database';
import { measureWhileSearching } from './contention';
import { measureAll } from './measurements';
import { BROWSER, endpointPlans } from './plans';
import { freePort, runProcess, startProcess, stopAll, stopProcess, waitUntilUp } from './processes';
import { printRounds, printSummary, printTable, saveRun } from './report';
import { completeDrafts, visitorHeaders } from './session';
import { findTargets, HEAVY_AUTHOR, SLUG } from './targets';

/**
 * `npm run bench`: the compiled server in its own process on a database loaded with the demo and the scale data,
 * two baselines (a bare Fastify route, one primary-key lookup) in a third, and autocannon in a fourth per run.
 * Prints a table and keeps the run in bench-results/ and docs/bench-latest.json. See docs/performance.md.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  specialists: setting('BENCH_SPECIALISTS', 5_000),
  /** Researchers of scale-1 without papers: its user list holds 100,000 people (issue 22 §1). */
  members: setting('BENCH_MEMBERS', 100_000),
  seconds: setting('BENCH_SECONDS', 10),
  /** Rounds of the lines with a target (issue 24), each opening and closing with both baselines. */
  rounds: setting('BENCH_ROUNDS', 3),
  warmupSeconds: setting('BENCH_WARMUP', 2),
  connections: setting('BENCH_CONNECTIONS', 50),
  journals: setting('BENCH_JOURNALS', 50),
  papers: setting('BENCH_PAPERS', 100_000),
  heavy: setting('BENCH_HEAVY', 5_000),
  submits: setting('BENCH_SUBMITS', 500),
  desk: setting('BENCH_DESK', 100_000),
  /** Published papers of the archives (issue 21 §6): a million over the 50 journals. */
  archive: setting('BENCH_ARCHIVE', 1_000_000),
};
const startedAt = new Date().toISOString();
// The code measured is the code at the start (the server bundle is built from it), whatever is committed meanwhile.
const gitHead = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const gitDirty =
  spawnSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!docs/bench-latest.json'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim().length > 0;
const started = Date.now();
const loadAverage = { start: os.loadavg(), end: [] as number[] };
const secondsSince = (from: number) => Number(((Date.now() - from) / 1000).toFixed(1));

const seeded = process.env.BENCH_SEEDED;
const database = seeded
  ? seededBenchDatabase(seeded, process.env.BENCH_SEEDED_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'journals-bench-')))
  : await createBenchDatabase(process.env.BENCH_DATABASE_URL);
let cleaned: Promise<void> | undefined;
const cleanUp = () => (cleaned ??= stopAll().finally(() => database.drop()));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

try {
  await run();
} finally {
  await cleanUp();
}

async function run() {
  await runProcess('server build', ['scripts/build-server.mjs', '--if-stale'], {});
  const serverPort = await freePort();
  const server = `http://127.0.0.1:${serverPort}`;
  const serverEnv = {
    NODE_ENV: 'production',
    // Production refuses to start without one (config.ts): a bench run's own.
    SECRET: randomBytes(24).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(serverPort),
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    RATE_LIMIT_GLOBAL: '1000000000',
    RATE_LIMIT_AUTH: '1000000000',
    RATE_LIMIT_COSTLY: '1000000000',
  };
  const startServer = async () => {
    // The bundle is imported rather than named on the command line, so that a `pkill -f dist/server.js` run by
    // someone else on a shared machine leaves the measured server alone (it happened).
    const entry = pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href;
    const importEntry = ['--input-type=module', '--eval', 'await import(process.env.BENCH_SERVER_ENTRY)'];
    const started = startProcess('server', ['--enable-source-maps', ...importEntry], {
      ...serverEnv,
      BENCH_SERVER_ENTRY: entry,
    });
    await waitUntilUp(`${server}/healthz`, started.child);
    return started;
  };

  // Seeding: the server's own demo seed on the fresh database, then the scale data, before the measured server
  // opens the database (PGlite's data dir is one process's at a time). A database seeded before is measured as is.
  let demoSeconds = 0;
  let scaleSeconds = 0;
  let rows: Record<string, number> | null = null;
  const scale = {
    journals: settings.journals,
    papers: settings.papers,
    heavy: settings.heavy,
    specialists: settings.specialists,
    members: settings.members,
    desk: settings.desk,
    archive: settings.archive,
  };
  if (seeded) {
    console.log(`Database: ${database.kind}, seeded before (BENCH_SEEDED); its data as they are.`);
  } else {
    console.log(`Database: ${database.kind}. Demo seed (a first server start)…`);
    let from = Date.now();
    await stopProcess((await startServer()).child);
    demoSeconds = secondsSince(from);
    from = Date.now();
    const seedOutput = await runProcess(
      'seed:scale',
      [
        ...['--import', 'tsx', 'apps/server/src/seed/scale.ts'],
        ...Object.entries(scale).flatMap(([name, value]) => [`--${name}`, String(value)]),
      ],
      { DATA_DIR: database.dataDir, DATABASE_URL: database.url },
    );
    scaleSeconds = secondsSince(from);
    rows = JSON.parse(/Rows: (\{.*\})/.exec(seedOutput)?.[1] ?? 'null') as Record<string, number> | null;
  }

  const baselineEnv = database.baselineEnv();
  const app = await startServer();
  const targets = await findTargets(server);
  const { author, paper, dashboard, desk, paperLogs } = targets;

  const baselinePort = await freePort();
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  const baseline = startProcess('baseline', ['--import', 'tsx', 'apps/server/bench/baseline.ts'], {
    ...baselineEnv,
    BASELINE_PORT: String(baselinePort),
    PAPER_ID: String(paper.id),
  });
  await waitUntilUp(`${baselineUrl}/pk`, baseline.child);

  // Submits: each draft once, a count that the connections share evenly (autocannon's `amount`).
  const submitCount = Math.max(1, Math.floor(settings.submits / settings.connections)) * settings.connections;
  const from = Date.now();
  const drafts = await completeDrafts(author, SLUG, submitCount);
  const draftSeconds = secondsSince(from);

  const visitor = { ...(await visitorHeaders(server)), ...BROWSER };
  const signedIn = { ...author.headers, ...BROWSER };
  const webBuilt = existsSync(path.join(root, 'apps/web/dist/index.html'));
  const { connections } = settings;
  const plans = endpointPlans(targets, {
    server,
    baselineUrl,
    databaseKind: database.kind,
    visitor,
    signedIn,
    webBuilt,
    deskPapers: settings.desk,
  });
  if (!webBuilt)
    console.log('Skipping the journal first HTML: apps/web/dist is not built (npm run build -w apps/web).');

  // BENCH_ONLY (a pattern of line names) measures those lines and the baselines only, and keeps the run out of
  // docs/bench-latest.json, whose tables are of whole runs.
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
  const submitPath = `/api/journals/${SLUG}/papers/:id/submit`;
  const { results, bareBest, lookupBest, rounds } = await measureAll({
    plans,
    only,
    settings,
    app,
    submit: {
      server,
      path: submitPath,
      paths: drafts.map((id) => `/api/journals/${SLUG}/papers/${id}/submit`),
      headers: signedIn,
    },
  });
  // Another user's sign-in and a public page while twenty readers search (issue 44, decision 0074).
  if (!only || only.test('while readers search')) {
    const rows = await measureWhileSearching({
      server,
      slug: SLUG,
      visitor,
      account: HEAVY_AUTHOR,
      publicPage: targets.archivePaper
        ? `/api/journals/${SLUG}/archive/papers/${targets.archivePaper}`
        : `/api/journals/${SLUG}/archive`,
      readers: 20,
      seconds: settings.seconds,
    });
    for (const row of rows) {
      results.push({
        ...row,
        ratioToBare: row.figures.requestsPerSecond / bareBest,
        ratioToLookup: row.figures.requestsPerSecond / lookupBest,
      });
    }
  }
  loadAverage.end = os.loadavg();
  const serverLoggedErrors = app.loggedErrors();

  printTable(results);
  printSummary(results, { bareBest, lookupBest, connections, dashboard, desk, paperLogs });
  printRounds(rounds);
  console.log(`Errors logged by the server: ${serverLoggedErrors}.`);

  const file = await saveRun(
    root,
    {
      startedAt,
      gitHead,
      gitDirty,
      command: process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL=… npm run bench' : 'npm run bench',
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
        loadAverage,
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
      },
      database: database.kind,
      settings,
      dataset: { scale: seeded ? 'seeded before (BENCH_SEEDED)' : scale, rows, heavyAuthor: HEAVY_AUTHOR.email },
      durationsSeconds: {
        demoSeed: demoSeconds,
        scaleSeed: scaleSeconds,
        drafts: draftSeconds,
        total: secondsSince(started),
      },
      serverLoggedErrors,
      endpoints: results,
      rounds,
      only: process.env.BENCH_ONLY ?? null,
    },
    { latest: !only },
  );
  console.log(
    `Kept in ${path.relative(root, file)}${only ? '' : ' and docs/bench-latest.json'}, under "${database.kind}" (${secondsSince(started)} s in all).`,
  );
}
