import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { Storage } from '../storage/driver';
import { type BackupSummary, writeBackup } from './backup';

/** The folder of the embedded database of a DATA_DIR (where `openDatabase` keeps it). */
export const embeddedFolder = (dataDir: string) => path.resolve(dataDir, 'pglite');

/** Whether DATA_DIR holds an embedded database at all (PostgreSQL's PG_VERSION is written when one is made). */
export const embeddedExists = (dataDir: string) => existsSync(path.join(embeddedFolder(dataDir), 'PG_VERSION'));

/**
 * The server that has the embedded database of a DATA_DIR open writes its pid here, and removes it when it stops.
 * PGlite holds no lock of its own (a second PGlite opens the folder as well, and the two corrupt it), and its
 * `postmaster.pid` carries no process id.
 */
const serverPidFile = (dataDir: string) => path.resolve(dataDir, 'server.pid');
const requestFile = (dataDir: string) => path.resolve(dataDir, 'backup-request.json');
const answerFile = (dataDir: string, id: string) => path.resolve(dataDir, `backup-answer-${id}.json`);

/** The pid of a live process written in the file, or null (no file, or its process is gone). */
function livePid(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The server running on this DATA_DIR's embedded database, if one is. */
export const runningServer = (dataDir: string) => livePid(serverPidFile(dataDir));

/**
 * Claims the embedded database of DATA_DIR for this server: refuses when another live server holds it, and answers
 * the way to let it go (at the stop). A file left by a server that was killed is taken over.
 */
export function claimEmbedded(dataDir: string): () => void {
  const file = serverPidFile(dataDir);
  const other = livePid(file);
  if (other !== null && other !== process.pid)
    throw new Error(
      `another server (pid ${other}) has the embedded database in ${embeddedFolder(dataDir)} open: two processes on ` +
        'one embedded database corrupt it. Stop it first, or use PostgreSQL (DATABASE_URL) for several processes.',
    );
  // The first start on a DATA_DIR that does not exist yet (a fresh clone's ./data with SECRET set): made here, as
  // the database would make it a moment later.
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (livePid(file) === process.pid) rmSync(file, { force: true });
  };
}

/**
 * Writes a file the other process polls for in one step (a temporary name, then a rename): it never reads one half
 * written (a busy machine showed "Unexpected end of JSON input").
 */
async function writeWhole(file: string, text: string) {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}

/**
 * The backup and restore commands open DATA_DIR themselves, so they refuse while something else has it open: a
 * server (the backup then asks it instead: `backupThroughServer`), or a process that left PGlite's `postmaster.pid`
 * (a worker, `npm run migrate`, or one that was killed).
 */
export function refuseEmbeddedInUse(dataDir: string) {
  const server = runningServer(dataDir);
  if (server !== null)
    throw new Error(
      `the server (pid ${server}) has the embedded database in ${embeddedFolder(dataDir)} open: stop it first`,
    );
  const pidFile = path.join(embeddedFolder(dataDir), 'postmaster.pid');
  if (existsSync(pidFile))
    throw new Error(
      `the embedded database in ${embeddedFolder(dataDir)} is open: stop the server (and any worker) using DATA_DIR ` +
        `first. If none is running (one was killed), start the server once and stop it, which closes the database ` +
        `cleanly, or remove ${pidFile}.`,
    );
}

interface BackupAnswer {
  ok: boolean;
  summary?: BackupSummary;
  error?: string;
}

/**
 * `npm run backup` on an embedded database a server has open: the server takes the backup, in its own process,
 * while it goes on serving (its one connection reads the snapshot between requests). The request is a file in
 * DATA_DIR and a SIGUSR2; the answer a file the server writes when the archive is complete.
 */
export async function backupThroughServer(
  dataDir: string,
  pid: number,
  out: string,
  timeoutMs = 30 * 60_000,
): Promise<BackupSummary> {
  const id = randomBytes(6).toString('hex');
  await writeWhole(requestFile(dataDir), JSON.stringify({ id, out: path.resolve(out) }));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(answerFile(dataDir, id), 'utf8').catch(() => null);
    if (text !== null) {
      await rm(answerFile(dataDir, id), { force: true });
      const answer = JSON.parse(text) as BackupAnswer;
      if (!answer.ok) throw new Error(`the server could not take the backup: ${answer.error}`);
      return answer.summary!;
    }
    if (runningServer(dataDir) !== pid) throw new Error(`the server (pid ${pid}) stopped before the backup was taken`);
    if (Date.now() > deadline) throw new Error(`no backup from the server (pid ${pid}) within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The server's side: on SIGUSR2, the backup asked for in DATA_DIR, answered there. Answers the way to stop. */
export function answerBackupRequests(
  dataDir: string,
  handle: DatabaseHandle,
  storage: Storage,
  log: FastifyBaseLogger,
) {
  let running: Promise<void> = Promise.resolve();
  const take = async () => {
    const text = await readFile(requestFile(dataDir), 'utf8').catch(() => null);
    if (text === null) return;
    await rm(requestFile(dataDir), { force: true });
    const { id, out } = JSON.parse(text) as { id: string; out: string };
    log.info({ out }, 'backup asked for');
    const answer: BackupAnswer = await writeBackup(handle, storage, out).then(
      (summary) => ({ ok: true, summary }),
      (error: unknown) => ({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
    log.info({ out, ok: answer.ok, error: answer.error }, 'backup answered');
    await writeWhole(answerFile(dataDir, id), JSON.stringify(answer));
  };
  const onSignal = () => {
    running = running.then(take).catch((error: unknown) => log.error({ err: error }, 'backup request failed'));
  };
  process.on('SIGUSR2', onSignal);
  return async () => {
    process.off('SIGUSR2', onSignal);
    await running;
  };
}
