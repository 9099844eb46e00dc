import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random, URL-safe token; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Signs a small JSON payload with an expiry: payload.signature, both base64url. */
export function sign(secret: string, payload: object, ttlSeconds: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) + ttlSeconds })).toString(
    'base64url',
  );
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The payload of a token made by `sign`, or null when forged, damaged or expired. */
export function verifySigned<T>(secret: string, token: string): T | null {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as T & { exp: number };
    return payload.exp > Date.now() / 1000 ? payload : null;
  } catch {
    return null;
  }
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
