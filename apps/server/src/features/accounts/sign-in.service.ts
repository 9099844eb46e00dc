import { TOKEN_LIFETIMES } from '@journals/core/limits';
import type { z } from 'zod';
import type { loginRequest } from '@journals/core/schemas/accounts';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { hashToken, newToken } from '../../lib/tokens';
import { checkPassword } from '../../lib/login-throttle';
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
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const valid = await checkPassword(deps, throttleKey, user?.passwordHash, input.password);
  if (!user || !valid) {
    throw new AppError('validation', 'errors.loginFailed', {
      Email: ['errors.loginFailed'],
      Password: ['errors.loginFailed'],
    });
  }
  assertCanSignIn(user);
  return user;
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
