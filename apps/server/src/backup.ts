import { parseArgs } from 'node:util';
import { type Config, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { type BackupSummary, writeBackup } from './ops/backup';
import { sealStoredSecrets } from './ops/stored-secrets';
import {
  backupThroughServer,
  embeddedExists,
  embeddedFolder,
  refuseEmbeddedInUse,
  runningServer,
} from './ops/embedded';
import { createStorage } from './storage/storage';

/**
 * `npm run backup -- --out FILE`: one archive of the whole platform of the configuration (DATABASE_URL or the
 * embedded database in DATA_DIR, and the storage of STORAGE_DRIVER), decision 0056. PostgreSQL keeps serving
 * meanwhile; a server that has the embedded database open (it is one process's alone) takes the backup itself.
 */
const usage = 'usage: npm run backup -- --out FILE   (a .tar.gz archive of the database and every stored file)';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } }, allowPositionals: false });
  if (!values.out) throw new Error(`where to write the archive is missing\n${usage}`);
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    if (!embeddedExists(config.DATA_DIR))
      throw new Error(
        `there is no embedded database in ${embeddedFolder(config.DATA_DIR)} (DATA_DIR): nothing to back up`,
      );
    // A server has it open: it takes the backup itself, and goes on serving.
    const server = runningServer(config.DATA_DIR);
    if (server !== null) {
      console.log(`The server (pid ${server}) has the embedded database open: it takes the backup while it serves…`);
      return report(await backupThroughServer(config.DATA_DIR, server, values.out), config, 'pglite');
    }
    refuseEmbeddedInUse(config.DATA_DIR);
  }
  // Opened as every process of this release opens it: a database an older release left is migrated first, so the
  // backup is of the schema this code knows; one a newer release migrated is refused.
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    // A backup never holds a secret in clear: values an older release stored are sealed first (decision 0073).
    await sealStoredSecrets(database.db, config.SECRET);
    report(await writeBackup(database, await createStorage(config), values.out), config, database.kind);
  } finally {
    await database.close();
  }
}

function report({ manifest, file, bytes, milliseconds }: BackupSummary, config: Config, kind: DatabaseHandle['kind']) {
  const { totals, migrations } = manifest;
  console.log(
    [
      `Backed up ${kind === 'pglite' ? `the embedded database in ${config.DATA_DIR}` : 'the PostgreSQL database'} at migration ${migrations.count} (${migrations.lastTag}):`,
      `  ${totals.rows} rows in ${totals.tables} tables`,
      `  ${totals.files} files (${megabytes(totals.fileBytes)}) from the ${config.STORAGE_DRIVER === 's3' ? `S3 bucket ${config.S3_BUCKET}` : 'local storage'}` +
        (totals.filesGone ? `; ${totals.filesGone} removed while the backup ran, left out` : ''),
      `→ ${file} (${megabytes(bytes)}) in ${(milliseconds / 1000).toFixed(1)} s`,
    ].join('\n'),
  );
}

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  await main();
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
