import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

/**
 * `npm run bench`: throughput of the journal bootstrap and home endpoints, each as a ratio to a bare Fastify
 * route on this machine, measured in one run. A benchmark, not a test: it prints, it does not assert.
 */
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

async function measure(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-bench-'));
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  RATE_LIMIT_GLOBAL: '100000000',
  SMTP_URL: '',
});
const { app, close } = await buildApp(config);
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const database = config.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(`Benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint, ${database}\n`);
const bareRps = await measure(`${bareUrl}/bare`);
const rows: [string, number][] = [
  ['bare Fastify route', bareRps],
  ['GET /api/journals/general (bootstrap)', await measure(`${appUrl}/api/journals/general`)],
  ['GET /api/journals/general/home', await measure(`${appUrl}/api/journals/general/home`)],
];
for (const [name, rps] of rows) {
  console.log(`${name.padEnd(42)} ${rps.toFixed(0).padStart(8)} req/s   ratio ${(rps / bareRps).toFixed(3)}`);
}

await close();
await bare.close();
rmSync(dataDir, { recursive: true, force: true });
