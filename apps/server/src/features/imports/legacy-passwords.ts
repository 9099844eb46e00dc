import { createHash, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { ImportedPerson } from './model';

/**
 * A password hash carried over from the journal's old system, checked at the person's first sign-in here (issue 45,
 * decision 0077); on success the sign-in stores our own hash (argon2id) in its place.
 *
 * - `bcrypt`: OJS 3 (PHP's password_hash, `$2y$`, the same algorithm as `$2b$`, which bcryptjs reads).
 * - `sha1`, `md5`: OJS 2's hex digest of username + password. Checked here, but the Users XML reader does not carry
 *   them over (decision 0077 says why): the function knows them so that a decision to keep them needs no new code.
 */
export type LegacyPassword = NonNullable<ImportedPerson['password']>;

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** The kind of an OJS password hash by its shape, or null for one we cannot check. */
export function legacyKindOf(hash: string): LegacyPassword['kind'] | null {
  if (BCRYPT.test(hash)) return 'bcrypt';
  if (/^[0-9a-f]{40}$/i.test(hash)) return 'sha1';
  if (/^[0-9a-f]{32}$/i.test(hash)) return 'md5';
  return null;
}

function sameHex(a: string, b: string) {
  const left = Buffer.from(a.toLowerCase(), 'utf8');
  const right = Buffer.from(b.toLowerCase(), 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function verifyLegacyPassword(
  password: string,
  stored: LegacyPassword,
  username: string,
): Promise<boolean> {
  if (legacyKindOf(stored.hash) !== stored.kind) return false;
  if (stored.kind === 'bcrypt') {
    // bcrypt reads at most 72 bytes; PHP's password_verify does the same, so the same password is accepted.
    return bcrypt.compare(password, stored.hash.replace(/^\$2y\$/, '$2b$'));
  }
  const digest = createHash(stored.kind)
    .update(username + password, 'utf8')
    .digest('hex');
  return sameHex(digest, stored.hash);
}
