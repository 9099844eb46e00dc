import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, waitUntilUp } from './processes';

/**
 * The archive's pages and search on a journal after a large import (issue 45 "Scale": "the archive pages and search
 * stay within their budgets afterwards"). Run on the database `npm run bench:imports` kept (IMPORT_BENCH_KEEP=1
 * prints its URL and data folder):
 *
 *   AFTER_IMPORT_DATABASE_URL=postgres://…/bench_… AFTER_IMPORT_DATA_DIR=/tmp/… npm run bench:after-import
 *
 * Starts the server from source in production mode on it and asks each page of the imported journal (general) one
 * request at a time, as a reader does: 20 to warm up, then AFTER_IMPORT_REQUESTS (200) measured; prints p50, p95 and
 * the worst, in milliseconds. The words searched are the generated files' own (bench/import-files.ts).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const url = process.env.AFTER_IMPORT_DATABASE_URL;
const dataDir = process.env.AFTER_IMPORT_DATA_DIR;
if (!url || !dataDir)
  throw new Error('set AFTER_IMPORT_DATABASE_URL and AFTER_IMPORT_DATA_DIR (bench:imports keeps them)');
const requests = Number(process.env.AFTER_IMPORT_REQUESTS ?? 200);
const slug = 'general';

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SECRET: randomBytes(24).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    RUN_JOBS: 'false',
    RATE_LIMIT_GLOBAL: '1000000000',
    RATE_LIMIT_COSTLY: '1000000000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function get(pathname: string): Promise<any> {
  const answer = await fetch(`${base}${pathname}`, { headers: { 'accept-language': 'en' } });
  if (!answer.ok) throw new Error(`${pathname}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

async function measure(name: string, pathname: string) {
  for (let i = 0; i < 20; i += 1) await get(pathname);
  const times: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    await get(pathname);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!.toFixed(1);
  console.log(
    `| ${name.padEnd(52)} | ${at(0.5).padStart(6)} | ${at(0.95).padStart(6)} | ${times.at(-1)!.toFixed(1).padStart(7)} |`,
  );
}

try {
  await waitUntilUp(`${base}/healthz`, server);
  const timeline = await get(`/api/journals/${slug}/archive`);
  const issues = (timeline.volumes as { volume: number; issues: { issue: string; papers: number }[] }[]).flatMap(
    (volume) => volume.issues.map((issue) => ({ volume: volume.volume, ...issue })),
  );
  const papers = issues.reduce((sum, issue) => sum + issue.papers, 0);
  const largest = issues.reduce((a, b) => (b.papers > a.papers ? b : a));
  const found = await get(`/api/journals/${slug}/search?search=water`);
  const paperId = (found.items as { id: number }[])[0]?.id;
  console.log(`general: ${papers} papers in ${issues.length} issues; ${requests} requests a line, one at a time`);
  console.log(`| ${'line'.padEnd(52)} | p50 ms | p95 ms | worst ms |`);
  console.log(`| ${'-'.repeat(52)} | -----: | -----: | -------: |`);
  await measure('archive timeline', `/api/journals/${slug}/archive`);
  await measure(
    `archive issue page (${largest.papers} papers)`,
    `/api/journals/${slug}/archive/volumes/${largest.volume}/issues/${encodeURIComponent(largest.issue)}`,
  );
  if (paperId) await measure('archive paper details', `/api/journals/${slug}/archive/papers/${paperId}`);
  for (const [name, words] of [
    ['search, one word ("water")', 'water'],
    ['search, three words ("soil water salinity")', 'soil water salinity'],
    ['search, an Arabic word ("المياه")', 'المياه'],
    ['search, a word of no paper ("zyzzogeton")', 'zyzzogeton'],
  ] as const)
    await measure(name, `/api/journals/${slug}/search?search=${encodeURIComponent(words)}`);
} finally {
  server.kill('SIGTERM');
}
