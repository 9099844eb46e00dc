import { TOKEN_LIFETIMES } from '@journals/core/limits';
import type { z } from 'zod';
import type { loginRequest } from '@journals/core/schemas/accounts';
import { and, eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { hashToken, newToken } from '../../lib/tokens';
import { checkPassword } from '../../lib/login-throttle';
import { hashPassword, legacyPasswordOf } from '../../lib/passwords';
import type { User } from '../../domain/account-checks';

/** Signing in and out (DESIGN §6): the credentials and the account's state checked, the session started or ended. */

/**
 * Checks the credentials and the account state; returns the user allowed to start a session. A wrong e-mail or
 * password counts against `throttleKey` (login-throttle.ts), which is refused once it has had its allowance.
 */
export async function authenticate(
  deps: Deps,
  input: z.output<typeof loginRequest>,
  throttleKey: string,
): Promise<User> {
  const [found] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const valid = await checkPassword(deps, throttleKey, found?.passwordHash, input.password);
  if (!found || !valid) {
    throw new AppError('validation', 'errors.loginFailed', {
      Email: ['errors.loginFailed'],
      Password: ['errors.loginFailed'],
    });
  }
  const user = legacyPasswordOf(found.passwordHash) ? await replaceLegacyHash(deps, found, input.password) : found;
  assertCanSignIn(user);
  return user;
}

/**
 * The first sign-in with a password an import kept (the old system's bcrypt, decision 0081): our own hash replaces
 * it, and the account counts as confirmed, since its owner proved the password the old system bound to this e-mail.
 * Only if the hash is still the one checked (a password chosen meanwhile wins).
 */
async function replaceLegacyHash(deps: Deps, user: User, password: string): Promise<User> {
  const passwordHash = await hashPassword(password);
  const [updated] = await deps.db
    .update(users)
    .set({ passwordHash, emailConfirmed: true })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .returning();
  return updated ?? user;
}

/** The account states that keep a user out even with the right password (or ORCID iD). */
export function assertCanSignIn(user: User) {
  if (user.banned) throw new AppError('validation', 'errors.accountBanned');
  if (!user.emailConfirmed) throw new AppError('validation', 'errors.accountNotActivated');
  if (!user.registrationPaid) throw new AppError('validation', 'errors.accountAwaitingPayment');
}

/** A new session, replacing the one the browser had (the session is rotated at login, DESIGN §6). */
export async function startSession(deps: Deps, userId: number, previousSessionId: number | null) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIMES.sessionDays * 86_400_000);
  await deps.db.transaction(async (tx) => {
    if (previousSessionId) await tx.delete(sessions).where(eq(sessions.id, previousSessionId));
    await tx.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  });
  return { token, expiresAt };
}

export async function endSession(deps: Deps, sessionId: number | null) {
  if (sessionId) await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
}
