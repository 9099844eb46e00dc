import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/** argon2id (DESIGN §6). */
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

// A hash of a random password: verifying against it costs the same time as a real check, so a login for an
// unknown e-mail answers as slowly as one for a known e-mail.
const decoy = hashPassword(`decoy-${Math.random()}`);

/**
 * A password hash an import carried over from the journal's old system (issue 45, decision 0081): kept in
 * `password_hash` behind this prefix, so that every check of a typed password (sign-in and its throttle, the
 * registration fee's sign-in) verifies it, and argon2 never mistakes it for one of ours. Only bcrypt is kept
 * (decision 0077); the first sign-in that proves it replaces it with ours. The check is the bcrypt half of the
 * importer's verifyLegacyPassword (features/imports/legacy-passwords.ts), here because lib cannot reach a feature.
 */
const LEGACY_PREFIX = 'legacy:';
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export interface LegacyPassword {
  kind: 'bcrypt' | 'sha1' | 'md5';
  hash: string;
}

export const legacyPasswordHash = (password: LegacyPassword) => `${LEGACY_PREFIX}${password.kind}:${password.hash}`;

/** The old system's hash a stored hash holds, or null for one of ours. */
export function legacyPasswordOf(passwordHash: string | undefined): LegacyPassword | null {
  if (!passwordHash?.startsWith(LEGACY_PREFIX)) return null;
  const rest = passwordHash.slice(LEGACY_PREFIX.length);
  const colon = rest.indexOf(':');
  const kind = rest.slice(0, colon);
  const stored = rest.slice(colon + 1);
  return kind === 'bcrypt' && BCRYPT.test(stored) ? { kind, hash: stored } : null;
}

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash?.startsWith(LEGACY_PREFIX)) {
    const legacy = legacyPasswordOf(passwordHash);
    // PHP writes $2y$, the same algorithm bcryptjs reads as $2b$; both read at most 72 bytes of the password.
    return legacy ? bcrypt.compare(password, legacy.hash.replace(/^\$2y\$/, '$2b$')) : false;
  }
  try {
    return await verify(passwordHash ?? (await decoy), password);
  } catch {
    return false;
  }
}
