import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The secret kept in `DATA_DIR/secret` (owner-only), made on the first start. A new one is written under another
 * name and linked into place, so processes starting together on one folder all read the one that won.
 */
export function keptSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  // Owner-only (decision 0073): a file an older release or a hand left readable by others is narrowed at start.
  if ((statSync(file).mode & 0o077) !== 0) {
    try {
      chmodSync(file, 0o600);
    } catch {
      throw new Error(
        `Invalid configuration: ${file} is readable by others and cannot be made owner-only (chmod 600 it)`,
      );
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 16) throw new Error(`Invalid configuration: ${file} holds no secret; delete it or set SECRET`);
  return secret;
}
