import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_PASSWORD } from '../src/seed/seed';
import { createBenchDatabase } from './database';
import type { MixRequest } from './load';
import { BROWSER } from './plans';
import { freePort, measure, runProcess, startProcess, stopAll, stopProcess, waitUntilUp } from './processes';
import { completeDrafts, signIn, visitorHeaders } from './session';
import { findTargets, SLUG } from './targets';

/**
 * `npm run soak` (issue 23 §5; not in CI): the compiled server on PostgreSQL with the demo and a scale load, its
 * maximum measured over a mix of public pages, dashboards, submissions and a reviewer's sheet, then the same mix at
 * half that rate for SOAK_MINUTES (30) after a warm-up. Passes with no error, p99 ≤ 250 ms and a flat memory: the
 * server's resident memory in the last five minutes within 10 % of the first five after warm-up (medians).
 * Loopback only, bounded in time and count. The figures go to bench-results/soak-*.json; docs/performance.md records the runs.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  minutes: setting('SOAK_MINUTES', 30),
  warmupSeconds: setting('SOAK_WARMUP', 60),
  maxSeconds: setting('SOAK_MAX_SECONDS', 20),
  connections: setting('SOAK_CONNECTIONS', 50),
  /** Of the measured maximum. */
  share: setting('SOAK_SHARE', 0.5),
  papers: setting('SOAK_PAPERS', 20_000),
  desk: setting('SOAK_DESK', 10_000),
  archive: setting('SOAK_ARCHIVE', 50_000),
  submits: setting('SOAK_SUBMITS', 400),
  /** The overload after the soak: twice the maximum, from more connections than a process takes at once. */
  overloadSeconds: setting('SOAK_OVERLOAD_SECONDS', 60),
  overloadConnections: setting('SOAK_OVERLOAD_CONNECTIONS', 400),
};
const serverUrl = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const gitHead = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();

const database = await createBenchDatabase(serverUrl);
let cleaned: Promise<void> | undefined;
const cleanUp = () => (cleaned ??= stopAll().finally(() => database.drop()));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
try {
  process.exitCode = (await run()) ? 0 : 1;
} finally {
  await cleanUp();
}

/** The resident memory of a process, from /proc (bytes). */
function residentBytes(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function run(): Promise<boolean> {
  await runProcess('server build', ['scripts/build-server.mjs', '--if-stale'], {});
  const port = await freePort();
  const server = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    SECRET: randomBytes(24).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    // The demo seed makes the reviewer's sheet and the accounts; never on a live site.
    SEED_DEMO: 'true',
    RATE_LIMIT_GLOBAL: '1000000000',
    RATE_LIMIT_AUTH: '1000000000',
    RATE_LIMIT_COSTLY: '1000000000',
  };
  const start = async () => {
    const entry = pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href;
    const started = startProcess('server', ['--input-type=module', '--eval', 'await import(process.env.SOAK_ENTRY)'], {
      ...env,
      SOAK_ENTRY: entry,
    });
    await waitUntilUp(`${server}/healthz`, started.child);
    return started;
  };
  console.log('Demo seed (a first server start)…');
  await stopProcess((await start()).child);
  const scale = {
    journals: 10,
    papers: settings.papers,
    heavy: 2_000,
    specialists: 500,
    members: 10_000,
    desk: settings.desk,
    archive: settings.archive,
  };
  await runProcess(
    'seed:scale',
    [
      ...['--import', 'tsx', 'apps/server/src/seed/scale.ts'],
      ...Object.entries(scale).flatMap(([name, value]) => [`--${name}`, String(value)]),
    ],
    { DATA_DIR: database.dataDir, DATABASE_URL: database.url },
  );
  const app = await start();
  const targets = await findTargets(server);
  // A demo reviewer of general with a review in progress: the sheet they save now and then.
  let found: { reviewer: Awaited<ReturnType<typeof signIn>>; invitation: number } | undefined;
  for (const email of ['reviewer@general.test', 'reviewer2@general.test', 'reviewer3@general.test']) {
    const reviewer = await signIn(server, 'general', email, DEMO_PASSWORD);
    const inReview = await reviewer.send('GET', '/api/journals/general/reviewing?status=inPeerReview');
    const invitation = inReview.body.items?.[0]?.id as number | undefined;
    if (invitation) {
      found = { reviewer, invitation };
      break;
    }
  }
  if (!found) throw new Error('no demo reviewer of general has a review in progress to save');
  const { reviewer, invitation } = found;
  const drafts = await completeDrafts(targets.author, SLUG, settings.submits);
  const visitor = { ...(await visitorHeaders(server)), ...BROWSER };
  const author = { ...targets.author.headers, ...BROWSER };
  const webBuilt = existsSync(path.join(root, 'apps/web/dist/index.html'));

  const get = (name: string, requestPath: string, headers: Record<string, string>, weight: number): MixRequest => ({
    name,
    method: 'GET',
    path: requestPath,
    headers,
    weight,
  });
  const archive = `/api/journals/${SLUG}/archive`;
  const mix: MixRequest[] = [
    get('platform landing', '/api/landing', visitor, 6),
    get('archive home', `${archive}/home`, visitor, 6),
    get('archive timeline', archive, visitor, 3),
    ...(targets.issuePage ? [get('issue page', targets.issuePage, visitor, 3)] : []),
    ...(targets.archivePaper ? [get('archive paper', `${archive}/papers/${targets.archivePaper}`, visitor, 6)] : []),
    get('search', `/api/journals/${SLUG}/search?search=${encodeURIComponent(targets.searchWord)}`, visitor, 2),
    ...(webBuilt ? [get('journal home, first HTML', `/${SLUG}/`, visitor, 3)] : []),
    get('author dashboard', `/api/journals/${SLUG}/papers/mine`, author, 3),
    get('paper page (its author)', `/api/journals/${SLUG}/papers/${targets.paper.id}`, author, 2),
    get('reviewer dashboard', targets.reviewerDashboard, { ...targets.reviewerClient.headers, ...BROWSER }, 2),
    get('editor desk: nine cards', targets.desk, { ...targets.deskEditor.headers, ...BROWSER }, 1),
    {
      name: 'a reviewer saves the sheet',
      method: 'PUT',
      path: `/api/journals/general/reviewing/${invitation}/draft`,
      headers: { ...reviewer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ commentForAuthor: 'The method is sound; the sample is small.', recommendation: 6 }),
      weight: 1,
    },
    {
      name: 'an author submits a paper',
      method: 'POST',
      path: `/api/journals/${SLUG}/papers/:id/submit`,
      headers: { ...targets.author.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ acceptTerms: true }),
      weight: 1,
      once: drafts.map((id) => `/api/journals/${SLUG}/papers/${id}/submit`),
    },
  ];
  const job = { url: server, connections: settings.connections, mix };
  // The maximum and the warm-up spend no draft: their submits are the mix's first request instead.
  const readsAndWrites = mix.map((request) => (request.once ? { ...request, once: [] } : request));

  console.log(`Measuring the maximum over the mix (${settings.maxSeconds} s, ${settings.connections} connections)…`);
  const maximum = await measure({ ...job, seconds: settings.maxSeconds, mix: readsAndWrites });
  const rate = Math.max(1, Math.floor(maximum.requestsPerSecond * settings.share));
  console.log(`Maximum ${maximum.requestsPerSecond.toFixed(0)} req/s; soaking at ${rate} req/s.`);
  const pid = app.child.pid!;
  console.log(`Warm-up ${settings.warmupSeconds} s…`);
  await measure({
    ...job,
    seconds: settings.warmupSeconds,
    overallRate: rate,
    mix: readsAndWrites,
  });
  const memory: { minute: number; bytes: number }[] = [{ minute: 0, bytes: residentBytes(pid) }];
  const sampler = setInterval(
    () => memory.push({ minute: Number((memory.length / 6).toFixed(2)), bytes: residentBytes(pid) }),
    10_000,
  );
  console.log(`Soak ${settings.minutes} min…`);
  const soak = await measure({ ...job, seconds: settings.minutes * 60, overallRate: rate }).finally(() =>
    clearInterval(sampler),
  );
  memory.push({ minute: settings.minutes, bytes: residentBytes(pid) });

  // Overload: twice the maximum. The server sheds what it cannot answer in time (503 and Retry-After); nobody waits
  // more than a few seconds; once the load ends it serves every request again within 30 s.
  console.log(
    `Overload ${settings.overloadSeconds} s at ${Math.round((rate / settings.share) * 2)} req/s from ${settings.overloadConnections} connections…`,
  );
  const overload = await measure({
    ...job,
    mix: readsAndWrites,
    connections: settings.overloadConnections,
    seconds: settings.overloadSeconds,
    overallRate: Math.round((rate / settings.share) * 2),
  });
  const overEnded = Date.now();
  let recoveredMs: number | null = null;
  while (Date.now() - overEnded < 60_000) {
    const answers = await Promise.all(
      mix
        .filter((request) => request.method === 'GET')
        .map((request) => fetch(`${server}${request.path}`, { headers: request.headers }).then((r) => r.status)),
    );
    if (answers.every((status) => status === 200)) {
      recoveredMs = Date.now() - overEnded;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The level at the start and at the end: the median of each end's five minutes of samples (one every 10 s). A
  // single reading is the garbage collector's moment as much as the memory's (2026-11-29: 294 MB at the first
  // sample, 245 MB twenty seconds later, then about 220 MB for the whole half hour).
  const levelOf = (samples: typeof memory) => {
    const sorted = samples.map((sample) => sample.bytes).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const window = Math.min(5, settings.minutes / 2);
  const first = levelOf(memory.filter((sample) => sample.minute <= window));
  const last = levelOf(memory.filter((sample) => sample.minute >= settings.minutes - window));
  const drift = (last - first) / first;
  const checks = {
    errors: soak.errors === 0,
    p99: soak.p99 <= 250,
    memoryFlat: Math.abs(drift) <= 0.1,
    serverLoggedNoError: app.loggedErrors() === 0,
    overloadShed: (overload.statusCodes['503'] ?? 0) > 0,
    overloadOnly503: overload.errors === (overload.statusCodes['503'] ?? 0),
    overloadNoLongWait: overload.max <= 5_000,
    recoveredIn30s: recoveredMs !== null && recoveredMs <= 30_000,
  };
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  console.log(
    [
      `Soak of ${settings.minutes} min at ${rate} req/s (${(settings.share * 100).toFixed(0)} % of ${maximum.requestsPerSecond.toFixed(0)}):`,
      `  ${soak.requests} requests, ${soak.errors} errors (${JSON.stringify(soak.statusCodes)}), p50 ${soak.p50} ms, p95 ${soak.p95} ms, p99 ${soak.p99} ms`,
      `  server memory ${mb(first)} MB in the first minutes after warm-up → ${mb(last)} MB in the last (medians) (${(drift * 100).toFixed(1)} %), highest ${mb(Math.max(...memory.map((m) => m.bytes)))} MB`,
      `  errors logged by the server: ${app.loggedErrors()}; submits available ${drafts.length}`,
      `Overload at ${Math.round((rate / settings.share) * 2)} req/s from ${settings.overloadConnections} connections: ${overload.requests} answers ${JSON.stringify(overload.statusCodes)}, ${overload.timeouts} timeouts, p50 ${overload.p50} ms, p99 ${overload.p99} ms, slowest ${overload.max} ms; every page served again ${recoveredMs === null ? 'not within 60 s' : `${(recoveredMs / 1000).toFixed(1)} s after it ended`}`,
      `  ${Object.entries(checks)
        .map(([name, ok]) => `${name} ${ok ? 'passed' : 'FAILED'}`)
        .join(', ')}`,
    ].join('\n'),
  );
  const folder = path.join(root, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        gitHead,
        machine: { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version },
        settings,
        scale,
        mix: mix.map(({ name, method, weight }) => ({ name, method, weight })),
        maximum,
        rate,
        soak,
        memory,
        overload,
        recoveredMs,
        checks,
      },
      null,
      2,
    ),
  );
  console.log(`Kept in ${path.relative(root, file)}.`);
  return Object.values(checks).every(Boolean);
}
