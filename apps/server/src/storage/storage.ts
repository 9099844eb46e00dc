import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Files are kept under opaque keys, never at a guessable public path (DESIGN §7). The local folder is the
 * default; an S3-compatible driver implements the same interface.
 */
export interface Storage {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  return {
    async put(key, content) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
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
  };
}
