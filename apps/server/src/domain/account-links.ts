import type { Language } from '@journals/core/enums';
import { TOKEN_LIFETIMES } from '@journals/core/limits';
import { translate } from '@journals/core/i18n/index';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userTokens } from '../db/schema';
import type { Deps } from '../lib/deps';
import { hashToken, newToken } from '../lib/tokens';
import { queueMail } from '../mail/outbox';
import { templateMails } from '../mail/templates';
import type { Journal } from './journal-context';

type LinkUser = { id: number; email: string; fullName: string; language: string };

/**
 * The single-use links of activation and password reset, and of the invitation to choose the password of an account
 * the journal's editors made (a reset link that lasts days): issued with their mail, consumed once. Accounts and the
 * user list both issue them.
 */

/** Issues a single-use token for a link and queues its mail, inside the caller's transaction. */
export async function issueLinkMail(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  journal: Journal,
  user: LinkUser,
  purpose: 'activate' | 'reset' | 'invitation',
) {
  const code = newToken();
  const hours =
    purpose === 'activate'
      ? TOKEN_LIFETIMES.activationHours
      : purpose === 'reset'
        ? TOKEN_LIFETIMES.passwordResetHours
        : TOKEN_LIFETIMES.invitationDays * 24;
  await tx.insert(userTokens).values({
    userId: user.id,
    // An invitation is a reset link: the reset page chooses the password, which confirms the e-mail too.
    purpose: purpose === 'activate' ? 'activate' : 'reset',
    tokenHash: hashToken(code),
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  const base = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}`;
  const link =
    purpose === 'activate'
      ? `${base}/activate?userId=${user.id}&code=${encodeURIComponent(code)}`
      : `${base}/recover?code=${encodeURIComponent(code)}`;
  const language = user.language as Language;
  const recipient = { email: user.email, fullName: user.fullName, language };
  const type = purpose === 'activate' ? 'activation' : purpose === 'reset' ? 'passwordReset' : 'accountInvitation';
  const mails = await templateMails(tx, journal, type, [recipient], {
    Account_Link: link,
    Link_Validity:
      purpose === 'invitation'
        ? translate(language, 'mail.days', { count: TOKEN_LIFETIMES.invitationDays })
        : translate(language, 'mail.hours', { count: hours }),
  });
  const [id] = await queueMail(tx, ...mails);
  return id!;
}

/** Consumes a link token; null when it is unknown, used, expired or for another user. */
export async function consumeToken(tx: Tx, purpose: 'activate' | 'reset', code: string, userId?: number) {
  const [token] = await tx
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(code)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    );
  if (!token || (userId !== undefined && token.userId !== userId)) return null;
  await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, token.id));
  return token;
}
