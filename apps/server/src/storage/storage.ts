import { createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { checkKey, type Storage } from './driver';

/** Files in a folder of the server's disk: the default driver. */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => path.join(path.resolve(root), checkKey(key));
  const incoming = path.join(path.resolve(root), INCOMING);
  return {
    async put(key, content) {
      const file = resolve(key);
      // Written aside, then renamed into place: a reader (a download, a backup) sees the whole file or none.
      const draft = path.join(incoming, `${process.pid}-${randomBytes(8).toString('hex')}`);
      await mkdir(incoming, { recursive: true });
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await writeFile(draft, content);
        await rename(draft, file);
      } catch (error) {
        await rm(draft, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    list: () => filesUnder(path.resolve(root), ''),
  };
}

/** The folder of files being written (not keys: `list` leaves it out). */
const INCOMING = '.incoming';

/**
 * The keys of the files under a folder, folder by folder (sorted, so a backup of an unchanged storage is the same);
 * no folder yet means no file yet.
 */
async function* filesUnder(folder: string, prefix: string): AsyncGenerator<string> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (prefix === '' && entry.name === INCOMING) continue;
    if (entry.isDirectory()) yield* filesUnder(path.join(folder, entry.name), `${prefix}${entry.name}/`);
    else if (entry.isFile()) yield `${prefix}${entry.name}`;
  }
}

/** The storage of the configuration; the S3 SDK is loaded only when it is used. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE_DRIVER === 'local') return localStorage(path.resolve(config.DATA_DIR, 'files'));
  const { s3Storage } = await import('./s3');
  return s3Storage({
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
