import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBenchDatabase } from './database';
import type { LoadJob } from './load';
import { freePort, measure, runProcess, startProcess, stopAll, stopProcess, waitUntilUp } from './processes';
import { type EndpointResult, printTable, saveRun } from './report';
import { completeDrafts, signIn, visitorHeaders } from './session';

/**
 * `npm run bench`: the compiled server in its own process on a database loaded with the demo and the scale data,
 * two baselines (a bare Fastify route, one primary-key lookup) in a third, and autocannon in a fourth per run.
 * Prints a table and keeps the run in bench-results/ and docs/bench-latest.json. See docs/performance.md.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  specialists: setting('BENCH_SPECIALISTS', 5_000),
  seconds: setting('BENCH_SECONDS', 10),
  warmupSeconds: setting('BENCH_WARMUP', 2),
  connections: setting('BENCH_CONNECTIONS', 50),
  journals: setting('BENCH_JOURNALS', 50),
  papers: setting('BENCH_PAPERS', 100_000),
  heavy: setting('BENCH_HEAVY', 5_000),
  submits: setting('BENCH_SUBMITS', 500),
  desk: setting('BENCH_DESK', 100_000),
};
const SLUG = 'scale-1';
const HEAVY_AUTHOR = { email: `r1@${SLUG}.test`, password: 'Scale-pass-1' };
/** The editorial desk's journal (seed:scale --desk): its editor and its handling editor of two specializations. */
const DESK = 'scale-desk';
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

const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
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
  // opens the database (PGlite's data dir is one process's at a time).
  console.log(`Database: ${database.kind}. Demo seed (a first server start)…`);
  let from = Date.now();
  await stopProcess((await startServer()).child);
  const demoSeconds = secondsSince(from);
  from = Date.now();
  const scale = {
    journals: settings.journals,
    papers: settings.papers,
    heavy: settings.heavy,
    specialists: settings.specialists,
    desk: settings.desk,
  };
  const seedOutput = await runProcess(
    'seed:scale',
    [
      ...['--import', 'tsx', 'apps/server/src/seed/scale.ts'],
      ...Object.entries(scale).flatMap(([name, value]) => [`--${name}`, String(value)]),
    ],
    { DATA_DIR: database.dataDir, DATABASE_URL: database.url },
  );
  const scaleSeconds = secondsSince(from);
  const rows = JSON.parse(/Rows: (\{.*\})/.exec(seedOutput)?.[1] ?? 'null') as Record<string, number> | null;

  const baselineEnv = database.baselineEnv();
  const app = await startServer();
  const author = await signIn(server, SLUG, HEAVY_AUTHOR.email, HEAVY_AUTHOR.password);
  const dashboard = `/api/journals/${SLUG}/papers/mine`;
  const firstPage = await author.send('GET', dashboard);
  const paper = firstPage.body.items[0] as { id: number; title: string };
  // The editor's candidate list of the first specialization: the scale seed's `specialists` reviewers (5,000).
  const editor = await signIn(server, SLUG, `editor@${SLUG}.test`, HEAVY_AUTHOR.password);
  const specializationId = (await editor.send('GET', `/api/journals/${SLUG}/auth/register`)).body.specializations[0]
    .id as number;
  const candidates = `/api/journals/${SLUG}/papers/${paper.id}/reviewer-candidates?specializationId=${specializationId}`;
  const candidateCount = (await editor.send('GET', candidates)).body.total as number;
  // A reviewer of scale-1 with the invitations the scale seed gave them: the reviewer dashboard.
  const reviewerClient = await signIn(server, SLUG, `reviewer1@${SLUG}.test`, HEAVY_AUTHOR.password);
  const reviewerDashboard = `/api/journals/${SLUG}/reviewing?status=reviewed`;
  const reviewerRows = (await reviewerClient.send('GET', reviewerDashboard)).body.total as number;
  const searchWord = paper.title.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a));
  // The editorial desk of scale-desk (issue 10 §5): its editor, its handling editor, a year's report.
  const deskEditor = await signIn(server, DESK, `editor@${DESK}.test`, HEAVY_AUTHOR.password);
  const deskHandling = await signIn(server, DESK, `handling@${DESK}.test`, HEAVY_AUTHOR.password);
  const desk = `/api/journals/${DESK}/editorial`;
  const deskCounts = (await deskEditor.send('GET', desk)).body.counts as Record<string, number>;
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const deskReport = `${desk}/cards/finallyAccepted/report?from=${yearAgo}`;
  const deskReportRows = ((await deskEditor.send('GET', deskReport)).body.rows as unknown[]).length;
  // The paper logs of scale-desk (issue 10 §3, §5): every entry of its papers, as its editor reads them.
  const paperLogs = `/api/journals/${DESK}/paper-logs`;
  const paperLogTotal = (await deskEditor.send('GET', paperLogs)).body.total as number;

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
  from = Date.now();
  const drafts = await completeDrafts(author, SLUG, submitCount);
  const draftSeconds = secondsSince(from);

  // What a browser sends with every request: the server answers compressed where it keeps a compressed copy
  // (the cached public answers, the first HTML); the baselines answer as they are.
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const visitor = { ...(await visitorHeaders(server)), ...browser };
  const signedIn = { ...author.headers, ...browser };
  const webBuilt = existsSync(path.join(root, 'apps/web/dist/index.html'));
  const { connections, seconds } = settings;
  type Plan = { name: string; base: string; path: string; headers?: Record<string, string>; connections?: number };
  const editorHeaders = { ...deskEditor.headers, ...browser };
  const handlingHeaders = { ...deskHandling.headers, ...browser };
  const deskPlans: Plan[] = [
    { name: `editor desk: nine cards and last updated (${settings.desk} papers)`, path: desk, headers: editorHeaders },
    ...Object.entries(deskCounts).map(([card, n]) => ({
      name: `editor desk: ${card} (${n}), page 1`,
      path: `${desk}/cards/${card}`,
      headers: editorHeaders,
    })),
    {
      name: `editor desk: published, search "${searchWord}"`,
      path: `${desk}/cards/published?search=${encodeURIComponent(searchWord)}`,
      headers: editorHeaders,
    },
    { name: 'handling editor desk (two of five specializations)', path: desk, headers: handlingHeaders },
    { name: `paper logs, page 1 (${paperLogTotal} entries)`, path: paperLogs, headers: editorHeaders },
    {
      name: `paper logs, search "${searchWord}"`,
      path: `${paperLogs}?search=${encodeURIComponent(searchWord)}`,
      headers: editorHeaders,
    },
    { name: 'paper logs, under review, page 1', path: `${paperLogs}?status=2`, headers: editorHeaders },
    {
      name: 'handling editor paper logs, page 1 (two of five specializations)',
      path: paperLogs,
      headers: handlingHeaders,
    },
    {
      name: `editor desk: accepted, a year's report (${deskReportRows} rows)`,
      path: deskReport,
      headers: editorHeaders,
    },
  ].map((plan) => ({ ...plan, base: server }));
  const plans: Plan[] = [
    { name: 'baseline: bare Fastify route', base: baselineUrl, path: '/bare' },
    { name: `baseline: one PK lookup (${database.kind})`, base: baselineUrl, path: '/pk' },
    { name: 'journal bootstrap', base: server, path: `/api/journals/${SLUG}`, headers: visitor },
    { name: 'journal home', base: server, path: `/api/journals/${SLUG}/home`, headers: visitor },
    { name: 'landing', base: server, path: '/api/landing', headers: visitor },
    ...(webBuilt ? [{ name: 'journal first HTML', base: server, path: `/${SLUG}/`, headers: visitor }] : []),
    { name: 'dashboard, page 1', base: server, path: dashboard, headers: signedIn },
    { name: 'dashboard, page 100', base: server, path: `${dashboard}?page=100`, headers: signedIn },
    {
      name: `dashboard, search "${searchWord}"`,
      base: server,
      path: `${dashboard}?search=${encodeURIComponent(searchWord)}`,
      headers: signedIn,
    },
    {
      name: 'paper page (its author)',
      base: server,
      path: `/api/journals/${SLUG}/papers/${paper.id}`,
      headers: signedIn,
    },
    {
      name: `reviewer candidates (${candidateCount} in the specialization)`,
      base: server,
      path: candidates,
      headers: { ...editor.headers, ...browser },
    },
    {
      name: `reviewer dashboard, reviewed (${reviewerRows} rows)`,
      base: server,
      path: reviewerDashboard,
      headers: { ...reviewerClient.headers, ...browser },
    },
    // The editorial desk and the paper logs (issue 10 §5): each one request at a time, as an editor opens them, for
    // the p95 target; the nine cards and a list also under load, for what the server sustains.
    ...deskPlans.map((plan) => ({ ...plan, name: `${plan.name}, one at a time`, connections: 1 })),
    ...deskPlans.slice(0, 2),
    {
      name: `public editorial statistics of scale-desk (${settings.desk} papers, cached)`,
      base: server,
      path: `/api/journals/${DESK}/statistics`,
      headers: browser,
    },
    {
      name: 'dashboard, page 1, one at a time',
      base: server,
      path: dashboard,
      headers: signedIn,
      connections: 1,
    },
  ];
  if (!webBuilt)
    console.log('Skipping the journal first HTML: apps/web/dist is not built (npm run build -w apps/web).');

  const results: EndpointResult[] = [];
  const record = (
    plan: Omit<Plan, 'base'> & { method: 'GET' | 'POST'; window: string },
    figures: EndpointResult['figures'],
  ) => {
    const [bare, lookup] = [results[0]?.figures ?? figures, results[1]?.figures ?? figures];
    const row: EndpointResult = {
      name: plan.name,
      method: plan.method,
      path: plan.path,
      connections: plan.connections ?? connections,
      window: plan.window,
      figures,
      ratioToBare: figures.requestsPerSecond / bare.requestsPerSecond,
      ratioToLookup: figures.requestsPerSecond / lookup.requestsPerSecond,
    };
    results.push(row);
    console.log(
      `${row.name}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${figures.errors} errors`,
    );
  };
  // The server's code is optimised by the JIT under load: one warm-up pass over every endpoint first, so the first
  // measured line is not also the server's first minute.
  const jobOf = (plan: Plan): LoadJob => ({
    url: `${plan.base}${plan.path}`,
    headers: plan.headers,
    connections: plan.connections ?? connections,
    seconds: settings.warmupSeconds,
  });
  // BENCH_ONLY (a pattern of line names) measures those lines and the baselines only, and keeps the run out of
  // docs/bench-latest.json, whose tables are of whole runs.
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
  const measured = plans.filter((plan, index) => index < 2 || !only || only.test(plan.name));
  if (settings.warmupSeconds > 0) for (const plan of measured) await measure(jobOf(plan));
  for (const plan of measured) {
    const job: LoadJob = {
      url: `${plan.base}${plan.path}`,
      headers: plan.headers,
      connections: plan.connections ?? connections,
      seconds,
    };
    if (settings.warmupSeconds > 0) await measure({ ...job, seconds: settings.warmupSeconds });
    record({ ...plan, method: 'GET', window: `${seconds} s` }, await measure(job));
    if (app.child.exitCode !== null || app.child.signalCode !== null) throw new Error('the server has stopped');
  }
  const submitPath = `/api/journals/${SLUG}/papers/:id/submit`;
  if (!only || only.test('submit')) {
    record(
      { name: 'submit (each draft once)', method: 'POST', path: submitPath, window: `${drafts.length} requests` },
      await measure({
        url: `${server}${submitPath}`,
        method: 'POST',
        headers: { ...signedIn, 'content-type': 'application/json' },
        body: JSON.stringify({ acceptTerms: true }),
        connections,
        seconds,
        paths: drafts.map((id) => `/api/journals/${SLUG}/papers/${id}/submit`),
      }),
    );
  }
  // The baselines once more, at the end: a machine that was slower in the first minute (a neighbour, the
  // database still settling after the seed) would otherwise flatter every ratio. Ratios are to the better of the
  // two measurements of each baseline.
  for (const plan of plans.slice(0, 2)) {
    const job = { ...jobOf(plan), seconds };
    if (settings.warmupSeconds > 0) await measure({ ...job, seconds: settings.warmupSeconds });
    record(
      { ...plan, name: `${plan.name}, again at the end`, method: 'GET', window: `${seconds} s` },
      await measure(job),
    );
  }
  const best = (path: string) =>
    Math.max(...results.filter((row) => row.path === path).map((row) => row.figures.requestsPerSecond));
  const [bareBest, lookupBest] = [best(plans[0]!.path), best(plans[1]!.path)];
  for (const row of results) {
    row.ratioToBare = row.figures.requestsPerSecond / bareBest;
    row.ratioToLookup = row.figures.requestsPerSecond / lookupBest;
  }
  loadAverage.end = os.loadavg();
  const serverLoggedErrors = app.loggedErrors();

  printTable(results);
  console.log(
    `\nRatios are to the better measurement of each baseline: bare ${bareBest.toFixed(0)} req/s, lookup ${lookupBest.toFixed(0)} req/s.`,
  );
  const oneAtATime = results.find((row) => row.connections === 1 && row.path === dashboard);
  const underLoad = results.find((row) => row.path === dashboard && row.connections === connections);
  if (oneAtATime && underLoad)
    console.log(
      `\nDashboard one at a time: p95 ${oneAtATime.figures.p95.toFixed(1)} ms (target ≤ 50). Under ${connections} connections: ${underLoad.ratioToLookup.toFixed(2)} of the one-lookup baseline (target ≥ 0.5).`,
    );
  const deskRows = results.filter(
    (row) => row.connections === 1 && (row.path.startsWith(desk) || row.path.startsWith(paperLogs)),
  );
  const slowDesk = deskRows.filter((row) => row.figures.p95 > 100);
  console.log(
    `Editorial desk and paper logs, one request at a time: ${deskRows.length} lines, p95 at most ${Math.max(...deskRows.map((row) => row.figures.p95)).toFixed(1)} ms (target ≤ 100)${slowDesk.length ? `; over: ${slowDesk.map((row) => row.name).join(', ')}` : ''}.`,
  );
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
      dataset: { scale, rows, heavyAuthor: HEAVY_AUTHOR.email },
      durationsSeconds: {
        demoSeed: demoSeconds,
        scaleSeed: scaleSeconds,
        drafts: draftSeconds,
        total: secondsSince(started),
      },
      serverLoggedErrors,
      endpoints: results,
      only: process.env.BENCH_ONLY ?? null,
    },
    { latest: !only },
  );
  console.log(
    `Kept in ${path.relative(root, file)}${only ? '' : ' and docs/bench-latest.json'}, under "${database.kind}" (${secondsSince(started)} s in all).`,
  );
}
