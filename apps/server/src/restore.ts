import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { refuseEmbeddedInUse } from './ops/embedded';
import { restoreBackup } from './ops/restore';
import { sealStoredSecrets } from './ops/stored-secrets';
import { createStorage } from './storage/storage';

/**
 * `npm run restore -- FILE [--force]`: fills the database and the storage of the configuration from a backup
 * archive (decision 0056). The target must be empty unless --force, which replaces what is there. An archive of the
 * embedded database restores into PostgreSQL as well (the way a journal outgrows it), and the other way round.
 */
const usage = 'usage: npm run restore -- FILE [--force]   (FILE made by npm run backup)';

async function main() {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
  const [file, ...rest] = positionals;
  if (!file || rest.length) throw new Error(`name one archive to restore\n${usage}`);
  if (!existsSync(file)) throw new Error(`there is no file ${file}`);
  const config = loadConfig();
  if (!config.DATABASE_URL) refuseEmbeddedInUse(config.DATA_DIR);
  const storage = await createStorage(config);
  const { manifest, database, replaced, milliseconds } = await restoreBackup(
    file,
    {
      open: (migrationsFolder) =>
        openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, migrationsFolder }),
      storage,
    },
    { force: values.force, say: (line) => console.log(line) },
  );
  // An older backup brings its secrets back in clear: sealed now, not at the next start (decision 0073).
  const sealed = await sealStoredSecrets(database.db, config.SECRET).finally(() => database.close());
  const { totals } = manifest;
  console.log(
    [
      `Restored ${totals.rows} rows in ${totals.tables} tables and ${totals.files} files into ` +
        `${config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.DATA_DIR}`} and the ${config.STORAGE_DRIVER === 's3' ? `S3 bucket ${config.S3_BUCKET}` : 'local storage'}` +
        `${replaced ? ' (replacing what was there)' : ''}; every table and file checked against the backup's checksums, in ${(milliseconds / 1000).toFixed(1)} s.`,
      sealed ? `${sealed} secrets the backup held in clear were sealed.` : '',
      totals.filesGone ? `The backup had left out ${totals.filesGone} files removed while it ran.` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

try {
  await main();
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
