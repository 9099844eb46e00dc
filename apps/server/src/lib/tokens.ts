import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random, URL-safe token; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * What a signed token is for (decision 0072): each carries its purpose, signed with it, and is refused for any
 * other, so a bulk-mail unsubscribe link is never an ORCID registration ticket nor a trusted-device cookie.
 */
export type TokenPurpose = 'unsubscribe' | 'invitation' | 'orcidState' | 'orcidTicket' | 'trustedDevice';

/**
 * Tokens signed before purposes were checked that named theirs in a field of their own: review invitation links
 * (`k`, 90 days). Unsubscribe links already carried `purpose: 'unsubscribe'` and need nothing here; the others had
 * no such field and are refused (an ORCID state or ticket lives minutes, a trusted-device cookie is set again at the
 * next sign-in). Remove after 90 days from decision 0072.
 */
const LEGACY: Partial<Record<TokenPurpose, (payload: Record<string, unknown>) => boolean>> = {
  invitation: (payload) => payload.purpose === undefined && payload.k === 'invitation',
};

/** Signs a small JSON payload with its purpose and an expiry: payload.signature, both base64url. */
export function sign(
  secret: string,
  purpose: TokenPurpose,
  payload: Record<string, unknown> & { purpose?: never; exp?: never },
  ttlSeconds: number,
): string {
  const body = Buffer.from(
    JSON.stringify({ ...payload, purpose, exp: Math.floor(Date.now() / 1000) + ttlSeconds }),
  ).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The payload of a token made by `sign` for `purpose`, or null when forged, damaged, expired or for another. */
export function verifySigned<T>(secret: string, purpose: TokenPurpose, token: string): T | null {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString());
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  const claim = payload as Record<string, unknown>;
  if (claim.purpose !== purpose && !LEGACY[purpose]?.(claim)) return null;
  return typeof claim.exp === 'number' && claim.exp > Date.now() / 1000 ? (payload as T) : null;
}

/**
 * The payload of a token made by `sign` WITHOUT checking it: only for choosing where to show that the token was
 * refused, never for trusting what it says.
 */
export function readUnverified<T>(token: string): Partial<T> | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    return payload && typeof payload === 'object' ? (payload as Partial<T>) : null;
  } catch {
    return null;
  }
}
