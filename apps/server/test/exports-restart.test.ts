import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { archivedPapers, journals, paperFiles, users } from '../src/db/schema';
import { exportJobs } from '../src/features/harvesting/export-jobs';
import { exportDir } from '../src/features/harvesting/export-pass';
import { createExport } from '../src/features/harvesting/export-service';
import { createStorage } from '../src/storage/storage';
import { archiveIssue } from './archive-setup';
import type { TestApp } from './harness';
import { PDF } from './papers';
import { waitFor } from './smtp-fake';
import { root } from './started-process';
import { adminQuery, copyTemplateFiles, testConfig } from './template';

/**
 * An export whose worker is killed in the middle (decision 0082, as imports-restart.test.ts for the imports): a
 * worker process started from source makes an OJS Native XML export of a journal of 400 papers with a 300 KB PDF
 * each, is killed with `kill -9` while it writes, and is started again; the killed worker's lease runs out, the sweep
 * queues the export again, and it is made again from the start and ends done with every paper once and every PDF
 * whole. Each worker is its own process on the database the test reads, so this needs PostgreSQL.
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const SECRET = 'exports-restart-secret-exports-restart';
const ISSUES = 10;
const PER_ISSUE = 40;
const PAPERS = ISSUES * PER_ISSUE;
/** Volumes the demo journal does not have. */
const FIRST_VOLUME = 800;

/** Each paper's own PDF of about 300 KB: the same header, its number, then filler. */
const pdfOfPaper = (n: number) => Buffer.concat([PDF, Buffer.from(`%paper ${n}\n`), Buffer.alloc(300 * 1024, 'x')]);
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

interface ExportState {
  state: string;
  papers: number;
  papers_done: number;
  holder: string | null;
  error_key: string | null;
  file_key: string | null;
}

describe.skipIf(!serverUrl)('an export whose worker is killed in the middle, then started again (PostgreSQL)', () => {
  const name = `exports_restart_${process.pid}_${Date.now()}`;
  let url = '';
  let dataDir = '';
  let output = '';
  let handle: DatabaseHandle;
  const workers: ChildProcess[] = [];
  let exportId = 0;

  const query = async <T>(text: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const exportRow = async () =>
    (
      await query<ExportState>(
        'SELECT state, papers, papers_done, holder, error_key, file_key FROM journal_exports WHERE id = $1',
        [exportId],
      )
    )[0]!;

  /** A wait that, when it times out, tells where the export stands and what the workers logged. */
  async function explained<T>(wait: () => Promise<T>): Promise<T> {
    try {
      return await wait();
    } catch (error) {
      const row = await exportRow().catch(() => null);
      const pids = workers.map((worker) => `${worker.pid}:${worker.exitCode ?? worker.signalCode ?? 'running'}`);
      throw new Error(
        `${(error as Error).message}\nworkers ${pids.join(' ')}\nexport ${JSON.stringify(row)}\n${output.slice(-6_000)}`,
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
    dataDir = mkdtempSync(path.join(tmpdir(), 'journals-exports-restart-'));
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
    'ends done with each paper of the archive once and each PDF whole, no part-written file left',
    { timeout: 240_000 },
    async () => {
      // A journal of its own: its archive is the test's papers only, each with its PDF in the storage.
      const config = testConfig(dataDir, { SECRET });
      const storage = await createStorage(config);
      const deps = { db: handle.db, config, log: pino({ level: 'silent' }), storage };
      const seeding = { deps } as unknown as TestApp;
      const [general] = await handle.db.select().from(journals).where(eq(journals.slug, 'general'));
      const [journal] = await handle.db
        .insert(journals)
        .values({ ...general!, id: undefined, slug: 'leaving-restart', titleEn: 'Leaving', titleAr: 'الرحيل' })
        .returning();
      const digests = new Map<string, string>();
      for (let i = 0; i < ISSUES; i += 1) {
        const { paperIds } = await archiveIssue(seeding, {
          journalId: journal!.id,
          volume: FIRST_VOLUME + i,
          issue: 1,
          month: '03 2020',
          publishDate: '2020-03-15',
          published: true,
          papers: Array.from({ length: PER_ISSUE }, (_, n) => ({
            titleEn: `Exported paper ${i * PER_ISSUE + n + 1}`,
            correspondingAuthor: 'Amal Hassan',
          })),
        });
        for (const paperId of paperIds) {
          const content = pdfOfPaper(paperId);
          const storageKey = `papers/restart/${paperId}/final.pdf`;
          await storage.put(storageKey, content);
          const [file] = await handle.db
            .insert(paperFiles)
            .values({
              paperId,
              kind: 'finalVersion',
              storageKey,
              originalName: `paper-${paperId}.pdf`,
              mimeType: 'application/pdf',
              size: content.length,
            })
            .returning({ id: paperFiles.id });
          await handle.db
            .update(archivedPapers)
            .set({ finalFileId: file!.id })
            .where(eq(archivedPapers.paperId, paperId));
          digests.set(String(paperId), sha256(content));
        }
      }

      // The web process's side: the export created and queued (no worker here).
      const jobs = exportJobs(handle, deps, { work: false });
      const [manager] = await handle.db.select().from(users).where(eq(users.email, 'editor@general.test'));
      exportId = (await createExport(deps, jobs, journal!, manager!.id, 'ojs', 'en')).id;

      // Killed while the export is being written: once taken and its papers counted (the count is written just after
      // the claim; its progress once a second, so that may still say 0).
      const first = startWorker();
      await explained(() =>
        waitFor(
          'the export to be taken and counted',
          async () => {
            const row = await exportRow();
            return row.state === 'running' && row.papers === PAPERS ? true : null;
          },
          90_000,
        ),
      );
      await kill9(first);
      const afterKill = await exportRow();
      expect(afterKill, 'the worker was killed after the export ended').toMatchObject({
        state: 'running',
        papers: PAPERS,
        file_key: null,
      });
      expect(afterKill.papers_done).toBeLessThan(PAPERS);
      expect(afterKill.holder).toContain(`:${first.pid}:`);
      // What the killed worker left: a part-written file, no finished one.
      const dir = exportDir(config, exportId);
      expect(readdirSync(dir).every((file) => file.endsWith('.part'))).toBe(true);

      // Started again: the killed worker's lease runs out, the sweep queues the export, it is made from the start.
      const second = startWorker();
      const done = await explained(() =>
        waitFor('the export to end', async () => ((await exportRow()).state === 'done' ? exportRow() : null), 180_000),
      );
      expect(done).toMatchObject({ papers: PAPERS, papers_done: PAPERS, error_key: null, holder: null });
      const stopped = new Promise<number | null>((resolve) => second.once('exit', (code) => resolve(code)));
      second.kill('SIGTERM');
      expect(await stopped, output).toBe(0);
      await jobs.stop();

      // One finished file, nothing part-written beside it; each paper in it once, with its own PDF whole.
      expect(readdirSync(dir)).toEqual(['leaving-restart-ojs-native.xml']);
      expect(existsSync(path.join(dataDir, done.file_key!))).toBe(true);
      const xml = readFileSync(path.join(dataDir, done.file_key!), 'utf8');
      expect(xml.trimEnd().endsWith('</issues>')).toBe(true);
      const articles = [...xml.matchAll(/<article [^>]*>\n<id type="internal" advice="ignore">(\d+)<\/id>/g)].map(
        ([, id]) => id!,
      );
      expect(articles).toHaveLength(PAPERS);
      expect(new Set(articles).size).toBe(PAPERS);
      const embedded = [...xml.matchAll(/<embed encoding="base64">([^<]*)<\/embed>/g)].map(([, text]) =>
        sha256(Buffer.from(text!.replace(/\s+/g, ''), 'base64')),
      );
      expect(embedded).toEqual(articles.map((id) => digests.get(id)));
    },
  );
});
