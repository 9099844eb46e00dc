import type { z } from 'zod';
import type { forgotPasswordRequest, resetPasswordRequest } from '@journals/core/schemas/accounts';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import type { Journal } from '../../domain/journal-context';
import { verifyCaptcha } from './captcha';
import { hashPassword } from '../../lib/passwords';
import { issueLinkMail, consumeToken } from '../../domain/account-links';

/** A forgotten password (decision 0014): the reset link mailed, then the new password set. */

/**
 * Checks the captcha, then issues the reset link in the background: the answer is sent before anything about
 * the e-mail is looked up, so its timing cannot tell a known address from an unknown one (decision 0014).
 */
export async function forgotPassword(deps: Deps, journal: Journal, input: z.output<typeof forgotPasswordRequest>) {
  await verifyCaptcha(deps.db, deps.config, input.captcha);
  deps.background.run('password reset mail', async () => {
    const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
    if (!user || user.banned) return;
    const mailId = await deps.db.transaction((tx) => issueLinkMail(tx, deps, journal, user, 'reset'));
    await deps.jobs.dispatchMail([mailId]);
  });
}

/** Sets the new password, confirms the e-mail, and ends every session of the account. */
export async function resetPassword(deps: Deps, input: z.output<typeof resetPasswordRequest>) {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const token = await consumeToken(tx, 'reset', input.code);
    const [user] = token ? await tx.select().from(users).where(eq(users.id, token.userId)) : [];
    if (!token || !user || user.email !== input.email) throw new AppError('validation', 'messages.resetInvalid');
    // The link came to the account's mailbox: that confirms the e-mail too (an account the editors made, whose
    // invitation is a reset link, becomes usable here).
    await tx.update(users).set({ passwordHash, emailConfirmed: true }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
}
