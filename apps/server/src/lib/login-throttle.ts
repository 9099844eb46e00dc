import { LOGIN_THROTTLE } from '@journals/core/limits';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginFailures } from '../db/schema';
import { isSecure } from '../plugins/context';
import type { Deps } from './deps';
import { AppError } from './errors';
import { verifyPassword } from './passwords';
import { hashToken, newToken, sign, verifySigned } from './tokens';

/**
 * Slows down guessing one account's password whatever addresses the guesses come from (ASVS 2.2.1), without
 * letting a guesser lock the owner out (decision 0014):
 * - failures are counted per e-mail tried (known account or not, so the answer tells nothing) over the last hour;
 *   past LOGIN_THROTTLE.failuresPerHour, a browser that never signed in to the account is refused with 429
 *   before the password is even checked;
 * - a browser that did sign in holds a signed "trusted device" cookie for that account: it is not held back by
 *   the account's count, only by its own, of the same size;
 * - a password reset marks the browser that completes it trusted, so the owner always has a way back in.
 */
export const DEVICE_COOKIE = 'device';
const HOUR_MS = 3_600_000;

interface DeviceClaim {
  account: string;
  device: string;
}

/** The key of an e-mail's account, for a password check that no trusted device takes part in. */
export const accountKey = (email: string) => `account:${hashToken(email.trim().toLowerCase())}`;

/** The key a failed attempt of this request counts against: the trusted device's own, or the account's. */
export function throttleKeyOf(deps: Deps, request: FastifyRequest, email: string): string {
  const account = accountKey(email);
  const cookie = request.cookies[DEVICE_COOKIE];
  const claim = cookie ? verifySigned<DeviceClaim>(deps.config.SECRET, 'trustedDevice', cookie) : null;
  return claim?.account === account && typeof claim.device === 'string' ? `device:${claim.device}` : account;
}

/**
 * Every check of a password someone typed goes through here (sign-in, the registration fee's sign-in): refused
 * (429) once `key` has had its allowance of failures this hour, and a wrong password counts against it. Unknown
 * e-mails (no hash) cost the same time as known ones and count the same.
 */
export async function checkPassword(deps: Deps, key: string, passwordHash: string | undefined, password: string) {
  await assertNotThrottled(deps, key);
  const valid = await verifyPassword(passwordHash, password);
  if (!valid) await recordFailure(deps, key);
  return valid;
}

/** Refuses (429) when the key has met its allowance of failures in the last hour. */
async function assertNotThrottled({ db }: Deps, key: string) {
  const since = new Date(Date.now() - HOUR_MS);
  const [row] = await db
    .select({ failures: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.throttleKey, key), gt(loginFailures.failedAt, since)));
  if ((row?.failures ?? 0) >= LOGIN_THROTTLE.failuresPerHour) {
    throw new AppError('tooManyRequests', 'errors.accountThrottled');
  }
}

/** Records one failed attempt, and forgets failures older than the hour that counts. */
async function recordFailure({ db }: Deps, key: string) {
  await db.transaction(async (tx) => {
    await tx.insert(loginFailures).values({ throttleKey: key });
    await tx.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(Date.now() - HOUR_MS)));
  });
}

/** Marks this browser as one the owner of `email` signed in from. */
export function trustDevice(deps: Deps, reply: FastifyReply, email: string) {
  const days = LOGIN_THROTTLE.trustedDeviceDays;
  const claim: DeviceClaim = { account: accountKey(email), device: hashToken(newToken()) };
  reply.setCookie(DEVICE_COOKIE, sign(deps.config.SECRET, 'trustedDevice', { ...claim }, days * 86_400), {
    path: '/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(deps.config),
    maxAge: days * 86_400,
  });
}
