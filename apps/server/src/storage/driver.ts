import type { Readable } from 'node:stream';

/**
 * What every storage driver is (the local folder in `./storage`, S3 in `./s3`) and the keys it takes. Files are kept
 * under opaque keys, never at a guessable public path (DESIGN §7). The local folder is the default; an
 * S3-compatible driver implements the same interface.
 */
export interface Storage {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /** Every key stored, in no promised order, a page at a time (a backup reads them all: decision 0056). */
  list(): AsyncIterable<string>;
}

/**
 * Every driver takes the same keys: `/`-separated segments, none empty, `.` or `..`, no leading `/` and no
 * backslash. A key can then never leave the root folder or mean two different objects.
 */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (key.includes('\\') || segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}
