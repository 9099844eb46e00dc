import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { requiredPaperFiles } from '@journals/core/files';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { multipart, paperBody, PDF } from './papers';
import { adminQuery, copyTemplateFiles, templateSnapshot } from './template';

/**
 * Issue 23 §4, decision 0058: SIGTERM while 50 authors' submissions are in flight. Every request the server took
 * is answered (a success or a clean error); the ones it did not take get 503 or no connection and left nothing;
 * no paper is half-written and no file half-stored; the process exits 0 within SHUTDOWN_TIMEOUT_SECONDS. The
 * real server in its own process, on PGlite or on PostgreSQL (TEST_DATABASE_URL), from the run's demo template.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const serverUrl = process.env.TEST_DATABASE_URL;
const G = '/api/journals/general';
const FLOWS = 50;
const SHUTDOWN_TIMEOUT_SECONDS = 10;
const FILE_KINDS = ['proposalFile', 'signedInformedConsent', 'departmentApprovalDocuments', 'paymentReceipt'];
// A little more than a bare PDF, so that an upload takes a moment to read and store.
const CONTENT = Buffer.concat([PDF, Buffer.alloc(64 * 1024, 0x20)]);

type Step = 'create' | (typeof FILE_KINDS)[number] | 'submit';
interface Outcome {
  flow: number;
  step: Step;
  status?: number;
  body?: any;
  /** No HTTP answer at all (refused, reset). */
  error?: string;
}

let server: ChildProcess;
let output = '';
let baseUrl = '';
let dataDir: string;
let databaseName: string | undefined;
let databaseUrl: string | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error())));
    });
  });
}

/** One signed-in browser: its cookies, repeated CSRF header. */
const jar = new Map<string, string>();
async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  if (method !== 'GET' && !jar.has('csrf')) await call('GET', `${G}/me`);
  const sent: Record<string, string> = { 'accept-language': 'en-US', ...headers };
  if (jar.size > 0) sent.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  if (method !== 'GET') sent['x-csrf-token'] = jar.get('csrf') ?? '';
  let payload: string | Uint8Array | undefined;
  if (Buffer.isBuffer(body)) payload = new Uint8Array(body);
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    sent['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${url}`, { method, headers: sent, body: payload });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value = ''] = pair!.split('=');
    jar.set(name!.trim(), value);
  }
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('application/json') && text !== '';
  return { status: response.status, body: json ? JSON.parse(text) : text };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'journals-graceful-'));
  const template = inject('demoTemplate');
  copyTemplateFiles(template, dataDir);
  if (serverUrl) {
    databaseName = `graceful_${process.pid}_${Date.now()}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${databaseName} TEMPLATE ${template.database}`);
    const target = new URL(serverUrl);
    target.pathname = `/${databaseName}`;
    databaseUrl = target.toString();
  } else {
    // The demo database written into the server's own folder, so that it starts without migrating and seeding.
    const handle = await openDatabase({ dataDir, snapshot: templateSnapshot(template) });
    await handle.close();
  }
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SECRET: 'graceful-stop-secret-graceful-stop',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      RATE_LIMIT_GLOBAL: '100000',
      RATE_LIMIT_AUTH: '1000',
      RATE_LIMIT_COSTLY: '1000',
      MAX_IN_FLIGHT: '1000',
      NODE_ENV: 'test',
    },
  });
  for (const stream of [server.stdout, server.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
  const until = Date.now() + 45_000;
  for (;;) {
    const answer = await fetch(`${baseUrl}/healthz`).catch(() => null);
    if (answer?.status === 200) break;
    if (Date.now() > until || server.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  if (databaseName) await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

/** One author's submission, as the wizard makes it: the draft, its four files, submit; it stops at a refusal. */
async function submission(flow: number, specializationId: number, outcomes: Outcome[]) {
  const attempt = async (step: Step, act: () => Promise<{ status: number; body: any }>) => {
    try {
      const { status, body } = await act();
      outcomes.push({ flow, step, status, body });
      return status >= 200 && status < 300 ? body : null;
    } catch (error) {
      outcomes.push({ flow, step, error: String((error as { cause?: unknown }).cause ?? error) });
      return null;
    }
  };
  const draft = await attempt('create', () =>
    call('POST', `${G}/papers`, paperBody(specializationId, { title_of_the_work: `Graceful ${flow}` })),
  );
  if (!draft) return;
  for (const kind of FILE_KINDS) {
    const { payload, headers } = multipart([[kind, `${kind}.pdf`, CONTENT]]);
    if (!(await attempt(kind, () => call('POST', `${G}/papers/${draft.id}/files/${kind}`, payload, headers)))) return;
  }
  await attempt('submit', () => call('POST', `${G}/papers/${draft.id}/submit`, { acceptTerms: true }));
}

/** The database after the stop: the server's own (PGlite's folder is free once it exited) or the test database. */
async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const handle: DatabaseHandle = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
  try {
    return (await handle.executeSql(text, values)).rows as T[];
  } finally {
    await handle.close();
  }
}

describe('SIGTERM during 50 concurrent submissions', () => {
  it(
    'answers every request it took, leaves no half-written paper or file, and exits 0 in time',
    { timeout: 60_000 },
    async () => {
      expect(
        (await call('POST', `${G}/auth/login`, { email: 'researcher@general.test', password: 'Demo-pass-1' })).status,
      ).toBe(200);
      const specializationId = (await call('GET', `${G}/auth/register`)).body.specializations[0].id as number;

      const outcomes: Outcome[] = [];
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        server.once('exit', (code) => resolve({ code, at: Date.now() })),
      );
      const until = async (ready: () => boolean) => {
        while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      // The authors start one after the other as the answers come (the n-th after 2n answers, whatever the speed of
      // the database), so that the stop finds them at every step, the submit included.
      const flows = Array.from({ length: FLOWS }, async (_, flow) => {
        await until(() => outcomes.length >= flow * 2);
        await submission(flow, specializationId, outcomes);
      });
      const submitted = () => outcomes.filter((outcome) => outcome.step === 'submit' && outcome.status === 200).length;
      await until(() => outcomes.length >= 70);
      const answeredBefore = outcomes.length;
      const stoppedAt = Date.now();
      server.kill('SIGTERM');
      await Promise.all(flows);
      const { code, at } = await exited;

      // Exits 0 within the bound, having said so: when it began, with how many requests in flight, and when it ended.
      expect(code, output).toBe(0);
      expect(at - stoppedAt).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000 + 2_000);
      const lines = output.split('\n').filter((line) => line.startsWith('{'));
      const begun = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'stopping');
      const ended = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'stopped');
      expect(begun).toMatchObject({ signal: 'SIGTERM', inFlight: expect.any(Number) });
      expect(ended).toMatchObject({ signal: 'SIGTERM', inFlight: begun.inFlight });
      expect(begun.inFlight).toBeGreaterThan(0);
      expect(output).not.toMatch(/"level":(50|60)/);

      // Every answer is a success or 503 (taken while stopping, refused whole); the stop really cut work short.
      const statuses = outcomes.flatMap((outcome) => (outcome.status === undefined ? [] : [outcome.status]));
      expect(statuses.filter((status) => !(status >= 200 && status < 300) && status !== 503)).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(answeredBefore);
      expect(submitted()).toBeGreaterThan(0);
      expect(submitted()).toBeLessThan(FLOWS);

      // The database afterwards.
      const paperRows = await query<{
        id: number;
        title: string;
        status: number;
        code: string | null;
        kind: number | null;
        submitted: boolean;
      }>(
        `SELECT id, title, status, code, kind, submitted_at IS NOT NULL AS submitted FROM papers WHERE title LIKE 'Graceful %'`,
      );
      const ids = paperRows.map((paper) => paper.id);
      const fileRows = await query<{
        id: number;
        paper_id: number;
        kind: string;
        storage_key: string;
        size: number;
        removed: boolean;
      }>(
        `SELECT id, paper_id, kind, storage_key, size, removed_at IS NOT NULL AS removed FROM paper_files WHERE paper_id = ANY($1::int[])`,
        [ids],
      );
      const authorRows = await query<{ paper_id: number; n: number }>(
        `SELECT paper_id, count(*)::int AS n FROM paper_authors WHERE paper_id = ANY($1::int[]) GROUP BY paper_id`,
        [ids],
      );
      const logRows = await query<{ paper_id: number }>(
        `SELECT paper_id FROM paper_logs WHERE action = 'newProposal' AND paper_id = ANY($1::int[])`,
        [ids],
      );
      const byTitle = new Map(paperRows.map((paper) => [paper.title, paper]));
      const liveFiles = (paperId: number) => fileRows.filter((file) => file.paper_id === paperId && !file.removed);

      // Each request's effect is there exactly when it was answered with a success: a request with no answer, or
      // with 503, left nothing (a reset after the server took it would leave its effect without an answer).
      const problems: string[] = [];
      for (const outcome of outcomes) {
        const paper = byTitle.get(`Graceful ${outcome.flow}`);
        const done =
          outcome.step === 'create'
            ? paper !== undefined
            : outcome.step === 'submit'
              ? paper?.status === 1
              : paper !== undefined &&
                fileRows.some((file) => file.paper_id === paper.id && file.kind === outcome.step);
        const ok = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
        if (ok !== done)
          problems.push(`flow ${outcome.flow} ${outcome.step}: ${outcome.status ?? outcome.error}, done ${done}`);
        if (ok && outcome.step === 'create' && outcome.body.id !== paper?.id) problems.push(`flow ${outcome.flow}: id`);
        if (ok && outcome.step === 'submit' && outcome.body.code !== paper?.code)
          problems.push(`flow ${outcome.flow}: code`);
      }
      expect(problems).toEqual([]);

      // Whole papers: every draft has its author; every submitted one its code, the required files, its log entry.
      for (const paper of paperRows) {
        expect(authorRows.find((row) => row.paper_id === paper.id)?.n, paper.title).toBe(1);
        if (paper.status === 0) continue;
        expect(paper, paper.title).toMatchObject({ status: 1, submitted: true, code: expect.any(String) });
        expect(
          liveFiles(paper.id)
            .map((file) => file.kind)
            .sort(),
          paper.title,
        ).toEqual([...requiredPaperFiles(paper.kind ?? undefined)].sort());
        expect(
          logRows.filter((row) => row.paper_id === paper.id),
          paper.title,
        ).toHaveLength(1);
      }
      // Whole files: every row's file is stored in full, and no stored file lacks its row.
      for (const file of fileRows) {
        const stored = path.join(dataDir, 'files', file.storage_key);
        expect(existsSync(stored) && statSync(stored).size, file.storage_key).toBe(file.size);
      }
      const keys = new Set(fileRows.map((file) => file.storage_key));
      const papersFolder = path.join(dataDir, 'files', 'papers');
      for (const paper of paperRows) {
        for (const journal of readdirSync(papersFolder)) {
          const folder = path.join(papersFolder, journal, String(paper.id));
          if (!existsSync(folder)) continue;
          // A file's anonymous copy (decision 0070) is stored beside it: its row is the file's.
          for (const name of readdirSync(folder))
            expect(keys.has(`papers/${journal}/${paper.id}/${name.replace(/\.anonymous$/, '')}`), name).toBe(true);
        }
      }
    },
  );
});
