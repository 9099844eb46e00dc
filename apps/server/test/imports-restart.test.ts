import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { placeText } from '@journals/core/schemas/import-place';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeSheetZip } from '../bench/import-files';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { journals, users } from '../src/db/schema';
import { importJobs } from '../src/features/imports/imports.job';
import { placeOfLine } from '../src/features/imports/imports.lines';
import { createImport, runImport } from '../src/features/imports/imports.service';
import { createStorage } from '../src/storage/storage';
import { waitFor } from './smtp-fake';
import { root } from './started-process';
import { adminQuery, copyTemplateFiles, testConfig } from './template';

/**
 * The restart in the middle (issue 45 "How it works", decision 0076): a worker process started from source takes a
 * real spreadsheet import (a zip of a CSV and its PDFs), is killed with `kill -9` while the import is running, and is
 * started again; the import resumes after its last committed record and ends as if nothing happened. Each worker is
 * its own process on the database the test reads, so this needs PostgreSQL (TEST_DATABASE_URL).
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const SECRET = 'imports-restart-secret-imports-restart';
const PAPERS = 600;
const PER_ISSUE = 50;
/** Volumes the demo journal does not have. */
const FIRST_VOLUME = 900;

interface ImportState {
  state: string;
  records: number;
  records_done: number;
  files_done: number;
  holder: string | null;
  error_key: string | null;
}

describe.skipIf(!serverUrl)('an import whose worker is killed in the middle, then started again (PostgreSQL)', () => {
  const name = `imports_restart_${process.pid}_${Date.now()}`;
  let url = '';
  let dataDir = '';
  let output = '';
  let handle: DatabaseHandle;
  const workers: ChildProcess[] = [];

  const query = async <T>(text: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  let importId = 0;
  const importRow = async () =>
    (
      await query<ImportState>(
        'SELECT state, records, records_done, files_done, holder, error_key FROM journal_imports WHERE id = $1',
        [importId],
      )
    )[0]!;

  /** A wait that, when it times out, tells where the import stands and what the workers logged. */
  async function explained<T>(wait: () => Promise<T>): Promise<T> {
    try {
      return await wait();
    } catch (error) {
      const row = await importRow().catch(() => null);
      const pids = workers.map((worker) => `${worker.pid}:${worker.exitCode ?? worker.signalCode ?? 'running'}`);
      throw new Error(
        `${(error as Error).message}\nworkers ${pids.join(' ')}\nimport ${JSON.stringify(row)}\n${output.slice(-6_000)}`,
        { cause: error },
      );
    }
  }

  function startWorker(): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/worker.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        SECRET,
        SMTP_URL: '',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_SECONDS: '10',
        // A killed worker's lease runs out in two seconds, and the sweep looks as often.
        IMPORT_LEASE_SECONDS: '2',
        HOUSEKEEPING_PERIOD_SECONDS: '3600',
        REMINDERS_PERIOD_SECONDS: '3600',
      },
    });
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
    workers.push(child);
    return child;
  }

  async function kill9(child: ChildProcess) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    const template = inject('demoTemplate');
    await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.database}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dataDir = mkdtempSync(path.join(tmpdir(), 'journals-imports-restart-'));
    copyTemplateFiles(template, dataDir);
    handle = await openDatabase({ url });
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) await kill9(worker);
    await handle?.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'ends done with each paper of the file once: one archive row, one source id, one PDF, orders 1..n, a line each',
    { timeout: 240_000 },
    async () => {
      // The web process's side: the upload on disk, the import created and its passes queued (no worker here).
      const config = testConfig(dataDir, { SECRET });
      const deps = { db: handle.db, config, log: pino({ level: 'silent' }), storage: await createStorage(config) };
      const jobs = importJobs(handle, deps, { work: false });
      const uploads = path.join(dataDir, 'imports', 'uploads');
      mkdirSync(uploads, { recursive: true });
      const upload = path.join(uploads, 'restart-upload');
      writeSheetZip(upload, { rows: PAPERS, pdfs: true, perIssue: PER_ISSUE, firstVolume: FIRST_VOLUME });
      const [journal] = await handle.db.select().from(journals).where(eq(journals.slug, 'general'));
      const [manager] = await handle.db.select().from(users).where(eq(users.email, 'editor@general.test'));
      const created = await createImport(
        deps,
        jobs,
        journal!,
        manager!.id,
        { source: 'spreadsheet', url: null, file: { name: 'archive.zip', path: upload } },
        'en',
      );
      importId = created.id;

      const first = startWorker();
      const checked = await explained(() =>
        waitFor(
          'the dry run to end',
          async () => ((await importRow()).state === 'checked' ? importRow() : null),
          90_000,
        ),
      );
      expect(checked).toMatchObject({ records: PAPERS, error_key: null });
      await runImport(handle.db, jobs, journal!, importId, 'skip');

      // Killed while the import is running: some records committed, not all.
      const cut = await explained(() =>
        waitFor(
          'the import to be part done',
          async () => {
            const row = await importRow();
            return row.state === 'running' && row.records_done >= 20 ? row : null;
          },
          90_000,
        ),
      );
      await kill9(first);
      const afterKill = await importRow();
      expect(afterKill.state).toBe('running');
      expect(afterKill.records_done).toBeGreaterThanOrEqual(cut.records_done);
      expect(afterKill.records_done, 'the worker was killed after the import ended').toBeLessThan(PAPERS);
      expect(afterKill.holder).toContain(`:${first.pid}:`);

      // Started again: the lease of the killed worker runs out and the import resumes after its last record.
      const second = startWorker();
      const done = await explained(() =>
        waitFor('the import to end', async () => ((await importRow()).state === 'done' ? importRow() : null), 180_000),
      );
      expect(done).toMatchObject({ records_done: PAPERS, files_done: PAPERS, error_key: null, holder: null });
      const stopped = new Promise<number | null>((resolve) => second.once('exit', (code) => resolve(code)));
      second.kill('SIGTERM');
      expect(await stopped, output).toBe(0);
      await jobs.stop();

      const journalId = journal!.id;
      // One archive row a paper of the file, each known once by its source identifier.
      const archived = await query<{ n: number; distinct_titles: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT title_en)::int AS distinct_titles FROM archived_papers
         WHERE journal_id = $1 AND title_en LIKE 'Imported paper %'`,
        [journalId],
      );
      expect(archived[0]).toEqual({ n: PAPERS, distinct_titles: PAPERS });
      const sources = await query<{ n: number; distinct_sources: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT source_id)::int AS distinct_sources FROM imported_papers
         WHERE journal_id = $1 AND source_id LIKE 'sheet:B%'`,
        [journalId],
      );
      expect(sources[0]).toEqual({ n: PAPERS, distinct_sources: PAPERS });
      // One PDF a paper, in the database and in the storage: nothing left behind by the killed record.
      const files = await query<{ n: number; distinct_keys: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT f.storage_key)::int AS distinct_keys FROM paper_files f
         JOIN archived_papers a ON a.paper_id = f.paper_id WHERE a.journal_id = $1 AND a.title_en LIKE 'Imported paper %'`,
        [journalId],
      );
      expect(files[0]).toEqual({ n: PAPERS, distinct_keys: PAPERS });
      const stored = readdirSync(path.join(dataDir, 'files', 'papers', String(journalId), 'imported'));
      expect(stored.filter((file) => file.startsWith(`${importId}-`))).toHaveLength(PAPERS);
      // Every issue's orders run 1..n.
      const orders = await query<{ volume: number; issue: string; orders: number[] }>(
        `SELECT i.volume, i.issue, array_agg(a.order_in_issue ORDER BY a.order_in_issue) AS orders
         FROM archived_papers a JOIN issues i ON i.id = a.issue_id
         WHERE a.journal_id = $1 AND i.volume >= $2 GROUP BY i.volume, i.issue`,
        [journalId, FIRST_VOLUME],
      );
      expect(orders).toHaveLength(PAPERS / PER_ISSUE);
      for (const row of orders)
        expect(row.orders, `volume ${row.volume} issue ${row.issue}`).toEqual(
          Array.from({ length: PER_ISSUE }, (_, n) => n + 1),
        );
      // The report: one line a paper (and one an issue created), in file order, positions 1..n without a gap.
      const lines = await query<{ position: number; kind: string; action: string; place: string }>(
        'SELECT position, kind, action, place FROM journal_import_lines WHERE import_id = $1 ORDER BY position',
        [importId],
      );
      expect(lines.map((line) => line.position)).toEqual(Array.from({ length: lines.length }, (_, n) => n + 1));
      const paperLines = lines.filter((line) => line.kind === 'paper');
      const placeOf = (stored: string) => {
        const place = placeOfLine(stored);
        return typeof place === 'string' ? place : placeText('en', place);
      };
      expect(paperLines.map((line) => `${placeOf(line.place)} ${line.action}`)).toEqual(
        Array.from({ length: PAPERS }, (_, n) => `row ${n + 2} create`),
      );
      expect(lines.filter((line) => line.kind === 'issue')).toHaveLength(PAPERS / PER_ISSUE);
      const [counts] = await query<{ create_count: number; refuse_count: number }>(
        'SELECT create_count, refuse_count FROM journal_imports WHERE id = $1',
        [importId],
      );
      expect(counts).toEqual({ create_count: PAPERS + PAPERS / PER_ISSUE, refuse_count: 0 });
    },
  );
});
