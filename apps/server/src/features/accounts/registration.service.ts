import type { Language } from '@journals/core/enums';
import type { z } from 'zod';
import type { registerRequest } from '@journals/core/schemas/accounts';
import { and, eq, isNull } from 'drizzle-orm';
import {
  journalPaymentSettings,
  journalRoles,
  specializations,
  userSpecializations,
  userTokens,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { hashToken } from '../../lib/tokens';
import type { Journal } from '../../domain/journal-context';
import { verifyCaptcha } from './captcha';
import { hashPassword } from '../../lib/passwords';
import { assertEmailFree, assertJournalSpecializations, uniqueViolationAsAnswer } from '../../domain/account-checks';
import { issueLinkMail, consumeToken } from '../../domain/account-links';

/** Registering with a journal: what the form offers, the new account, and its activation link. */

export async function registrationInfo({ db }: Deps, journal: Journal) {
  const [payment] = await db
    .select()
    .from(journalPaymentSettings)
    .where(eq(journalPaymentSettings.journalId, journal.id));
  const items = await db
    .select()
    .from(specializations)
    .where(and(eq(specializations.journalId, journal.id), eq(specializations.isDeleted, false)))
    .orderBy(specializations.id);
  return {
    atRegister: payment?.atRegister ?? false,
    atRegisterPrice: payment?.atRegister ? (payment.atRegisterPrice ?? null) : null,
    specializations: items.map((s) => ({ id: s.id, name: { en: s.nameEn, ar: s.nameAr }, keywords: s.keywords })),
  };
}

export interface NewAccount {
  fullName: string;
  email: string;
  password: string;
  phone?: string;
  jobTitle?: string;
  specializations: number[];
  availableAsReviewer?: boolean;
  orcid?: string;
}

/** Creates a researcher of this journal, waiting for activation (and payment when the journal charges it). */
export async function createAccount(deps: Deps, journal: Journal, account: NewAccount, language: Language) {
  const info = await registrationInfo(deps, journal);
  const passwordHash = await hashPassword(account.password);
  const mailIds: number[] = [];
  const user = await deps.db
    .transaction(async (tx) => {
      await assertEmailFree(tx, account.email);
      if (account.orcid) {
        const [linked] = await tx.select({ id: users.id }).from(users).where(eq(users.orcid, account.orcid));
        if (linked) throw new AppError('conflict', 'orcid.orcid');
      }
      const specializationIds = await assertJournalSpecializations(tx, journal.id, account.specializations);
      const [created] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          fullName: account.fullName,
          nameOnPaper: account.fullName.slice(0, 50),
          phone: account.phone ?? null,
          jobTitle: account.jobTitle ?? '',
          orcid: account.orcid ?? null,
          availableAsReviewer: account.availableAsReviewer ?? false,
          registrationPaid: !info.atRegister,
          language,
        })
        .returning();
      await tx
        .insert(userSpecializations)
        .values(specializationIds.map((id) => ({ userId: created!.id, specializationId: id })));
      await tx.insert(journalRoles).values({ userId: created!.id, journalId: journal.id, role: 'researcher' });
      mailIds.push(await issueLinkMail(tx, deps, journal, created!, 'activate'));
      return created!;
    })
    .catch(uniqueViolationAsAnswer(() => new AppError('conflict', 'orcid.orcid')));
  await deps.jobs.dispatchMail(mailIds);
  return { user, awaitingPayment: info.atRegister };
}

export async function register(
  deps: Deps,
  journal: Journal,
  input: z.output<typeof registerRequest>,
  language: Language,
) {
  await verifyCaptcha(deps.db, deps.config, input.captcha);
  return createAccount(deps, journal, input, language);
}

/** Answers the same whether or not the e-mail is known, so it cannot be used to find accounts. */
export async function resendActivation(deps: Deps, journal: Journal, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!user || user.emailConfirmed) return;
  const mailId = await deps.db.transaction(async (tx) => {
    await tx
      .delete(userTokens)
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'activate'), isNull(userTokens.usedAt)));
    return issueLinkMail(tx, deps, journal, user, 'activate');
  });
  await deps.jobs.dispatchMail([mailId]);
}

export async function activate(deps: Deps, userId: number, code: string): Promise<'activated' | 'alreadyActive'> {
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (user?.emailConfirmed) {
      // Only the holder of a real link of this account learns that it is already active.
      const [issued] = await tx
        .select({ id: userTokens.id })
        .from(userTokens)
        .where(
          and(
            eq(userTokens.userId, userId),
            eq(userTokens.purpose, 'activate'),
            eq(userTokens.tokenHash, hashToken(code)),
          ),
        );
      if (issued) return 'alreadyActive';
      throw new AppError('validation', 'messages.activationInvalid');
    }
    const token = await consumeToken(tx, 'activate', code, userId);
    if (!user || !token) throw new AppError('validation', 'messages.activationInvalid');
    await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId));
    return 'activated';
  });
}
