import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the platform must give back (a journal's payment SecurityKey, its mail password) are stored sealed with
 * AES-256-GCM under a key derived from SECRET (decision 0073), so a database dump or a backup does not hold them in
 * clear. The stored text is `sealed:v1:` and base64url(iv, tag, ciphertext); text without the prefix is a value
 * stored before sealing began, read as it is until the start-up step seals it. The purpose (which column) is bound
 * in as associated data: a sealed value copied into another column does not open.
 */

export const SEALED_PREFIX = 'sealed:v1:';
export type SecretPurpose = 'payment-security-key' | 'journal-mail-password' | 'crossref-password';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'journals stored secrets', 'aes-256-gcm v1', 32));
    keys.set(secret, key);
  }
  return key;
}

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** The text to store for `plain`; empty stays empty ("not set"). */
export function sealSecret(secret: string, purpose: SecretPurpose, plain: string): string {
  if (plain === '') return '';
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/**
 * The plain value of stored text: a sealed one opened, an older plain one as it is. Null when it does not open
 * (sealed under another SECRET, or damaged): the caller treats it as not set, never as an error of the request.
 */
export function openSecret(secret: string, purpose: SecretPurpose, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const bytes = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
