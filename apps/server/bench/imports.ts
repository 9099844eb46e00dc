import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { journalImports, journals, users } from '../src/db/schema';
import { importJobs } from '../src/features/imports/imports.job';
import { createImport, runImport } from '../src/features/imports/imports.service';
import { seedDemo } from '../src/seed/seed';
import { createStorage } from '../src/storage/storage';
import { createBenchDatabase } from './database';
import { writeSheetCsv, writeSheetZip } from './import-files';

/**
 * `npm run bench:imports` (issue 45 "Scale"): on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL), a
 * database of its own with the demo data, then each file generated to disk (bench/import-files.ts) and imported as
 * a journal manager would: the dry run, then the import, each by a worker process started from source
 * (src/worker.ts), whose resident memory is sampled from /proc every 200 ms. Prints records/s, the time, the peak
 * memory and the memory at 10%, 50% and 100% of each pass (flat as the file grows, or not). See docs/performance.md.
 *
 * IMPORT_BENCH_PDFS (10000): papers of the zip with a small PDF each; IMPORT_BENCH_ROWS (100000): rows of the
 * metadata-only CSV; either 0 leaves its file out. IMPORT_BENCH_KEEP=1 keeps the database (its URL is printed).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('bench:imports needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL');
const withPdfs = Number(process.env.IMPORT_BENCH_PDFS ?? 10_000);
const metadataOnly = Number(process.env.IMPORT_BENCH_ROWS ?? 100_000);
const keep = process.env.IMPORT_BENCH_KEEP === '1';

const database = await createBenchDatabase(serverUrl);
const SECRET = 'bench-imports-secret-bench-imports';
const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SECRET, LOG_LEVEL: 'warn' });
const log = pino({ level: 'warn' });
const handle = await openDatabase({ url: database.url });
const storage = await createStorage(config);
const deps = { db: handle.db, config, log, storage };
const jobs = importJobs(handle, deps, { work: false });

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const rssOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

interface PassFigures {
  seconds: number;
  perSecond: number;
  peakMb: number;
  at: Record<string, number>;
}

/** Waits for the import to leave `state`, sampling the worker's memory and the memory at 10%, 50%, 100% done. */
async function measurePass(id: number, busy: string[], worker: ChildProcess, total: number): Promise<PassFigures> {
  const started = Date.now();
  let peak = 0;
  const at: Record<string, number> = {};
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (worker.exitCode !== null) throw new Error(`the worker ended (${worker.exitCode})`);
    const rss = rssOf(worker.pid!);
    peak = Math.max(peak, rss);
    const [row] = await handle.db.select().from(journalImports).where(eq(journalImports.id, id));
    const done = row!.recordsDone;
    for (const share of [10, 50, 100])
      if (at[`${share}%`] === undefined && total > 0 && done >= (total * share) / 100) at[`${share}%`] = megabytes(rss);
    if (!busy.includes(row!.state)) {
      if (row!.state === 'failed') throw new Error(`the import failed: ${row!.errorKey}`);
      const seconds = (Date.now() - started) / 1000;
      return { seconds, perSecond: Math.round(done / seconds), peakMb: megabytes(peak), at };
    }
  }
}

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/worker.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SECRET,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      HOUSEKEEPING_PERIOD_SECONDS: '3600',
      REMINDERS_PERIOD_SECONDS: '3600',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function stopWorker(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function importFile(label: string, fileName: string, write: (file: string) => void, records: number) {
  const uploads = path.join(database.dataDir, 'imports', 'uploads');
  mkdirSync(uploads, { recursive: true });
  const file = path.join(uploads, `${fileName}-${Date.now()}`);
  let from = Date.now();
  write(file);
  const generated = (Date.now() - from) / 1000;
  console.log(`\n${label}: ${megabytes(statSync(file).size)} MB generated in ${generated.toFixed(1)} s`);
  const [journal] = await handle.db.select().from(journals).where(eq(journals.slug, 'general'));
  const [manager] = await handle.db.select().from(users).where(eq(users.email, 'editor@general.test'));
  const worker = startWorker();
  try {
    from = Date.now();
    const created = await createImport(
      deps,
      jobs,
      journal!,
      manager!.id,
      { source: 'spreadsheet', url: null, file: { name: fileName, path: file } },
      'en',
    );
    const check = await measurePass(created.id, ['checking'], worker, records);
    const [checked] = await handle.db.select().from(journalImports).where(eq(journalImports.id, created.id));
    console.log(
      `  dry run: ${check.seconds.toFixed(1)} s, ${check.perSecond} records/s, peak RSS ${check.peakMb} MB, ` +
        `RSS ${JSON.stringify(check.at)} (create ${checked!.createCount}, refuse ${checked!.refuseCount})`,
    );
    await runImport(handle.db, jobs, journal!, created.id, 'skip');
    const run = await measurePass(created.id, ['queued', 'running'], worker, records);
    console.log(
      `  import:  ${run.seconds.toFixed(1)} s, ${run.perSecond} records/s, peak RSS ${run.peakMb} MB, ` +
        `RSS ${JSON.stringify(run.at)}`,
    );
    return { label, generatedSeconds: generated, check, run };
  } finally {
    await stopWorker(worker);
  }
}

try {
  console.log(
    `Database: PostgreSQL ${database.url.replace(/\/\/[^@]*@/, '//')}; ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  await seedDemo(handle.db, storage, log as never);
  const results = [];
  if (withPdfs > 0)
    results.push(
      await importFile(
        `${withPdfs} papers with a PDF each (zip)`,
        'archive.zip',
        (file) => writeSheetZip(file, { rows: withPdfs, pdfs: true, perIssue: 50, firstVolume: 100 }),
        withPdfs,
      ),
    );
  if (metadataOnly > 0)
    results.push(
      await importFile(
        `${metadataOnly} metadata-only records (CSV)`,
        'archive.csv',
        (file) =>
          writeSheetCsv(file, { rows: metadataOnly, pdfs: false, perIssue: 100, firstVolume: 1000, prefix: 'M' }),
        metadataOnly,
      ),
    );
  console.log(
    `\nload at the end ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log(JSON.stringify(results));
} finally {
  await jobs.stop();
  await handle.close();
  if (keep) console.log(`kept: DATABASE_URL=${database.url} DATA_DIR=${database.dataDir}`);
  else await database.drop();
}
