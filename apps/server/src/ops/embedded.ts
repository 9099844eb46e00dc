import { existsSync } from 'node:fs';
import path from 'node:path';

/** The folder of the embedded database of a DATA_DIR (where `openDatabase` keeps it). */
export const embeddedFolder = (dataDir: string) => path.resolve(dataDir, 'pglite');

/**
 * The embedded database is one process's alone: the backup and restore commands open DATA_DIR themselves, so they
 * refuse while a server, a worker or `npm run migrate` has it open (decision 0056). PGlite writes `postmaster.pid`
 * into its folder while it is open and removes it when it closes; it does not hold a lock the way PostgreSQL does
 * (a second PGlite opens the folder as well, and the two corrupt it), and the file carries no process id, so a
 * process that was killed leaves it behind and cannot be told from one that runs.
 */
export function refuseEmbeddedInUse(dataDir: string) {
  const pidFile = path.join(embeddedFolder(dataDir), 'postmaster.pid');
  if (existsSync(pidFile))
    throw new Error(
      `the embedded database in ${embeddedFolder(dataDir)} is open: stop the server (and any worker) using DATA_DIR ` +
        `first. If none is running (one was killed), start the server once and stop it, which closes the database ` +
        `cleanly, or remove ${pidFile}.`,
    );
}

/** Whether DATA_DIR holds an embedded database at all (PostgreSQL's PG_VERSION is written when one is made). */
export const embeddedExists = (dataDir: string) => existsSync(path.join(embeddedFolder(dataDir), 'PG_VERSION'));
