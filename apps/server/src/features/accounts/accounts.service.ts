import type { Language } from '@journals/core/enums';
import { TOKEN_LIFETIMES } from '@journals/core/limits';
import { translate } from '@journals/core/i18n/index';
import type { z } from 'zod';
import type {
  forgotPasswordRequest,
  loginRequest,
  profileUpdateRequest,
  registerRequest,
  resetPasswordRequest,
} from '@journals/core/schemas/accounts';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  journalPaymentSettings,
  journalRoles,
  sessions,
  specializations,
  userSpecializations,
  userTokens,
  users,
} from '../../db/schema';
import { AppError, databaseError, FieldError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { hashToken, newToken } from '../../lib/tokens';
import { queueMail, renderMail } from '../../mail/outbox';
import type { Journal } from '../../domain/journal-context';
import type { SessionUserRow } from '../../plugins/context';
import { verifyCaptcha } from './captcha';
import { checkPassword } from '../../lib/login-throttle';
import { hashPassword, verifyPassword } from '../../lib/passwords';

type User = typeof users.$inferSelect;

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

/** Specialization ids must be live ones of this journal. */
async function assertJournalSpecializations(tx: Tx, journalId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: specializations.id })
    .from(specializations)
    .where(
      and(
        eq(specializations.journalId, journalId),
        eq(specializations.isDeleted, false),
        inArray(specializations.id, unique),
      ),
    );
  if (found.length !== unique.length) throw FieldError('Specializations', 'validation.unknown_specialization');
  return unique;
}

async function assertEmailFree(tx: Tx, email: string, exceptUserId?: number) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email));
  if (taken) throw FieldError('Email', 'validation.email_taken');
}

/**
 * Two requests racing for the same e-mail (or ORCID iD) both pass the checks above; the unique index stops the
 * second one. Its violation means the same as the check's answer, never a 500.
 */
function uniqueViolationAsAnswer(orcidError?: () => AppError) {
  return (error: unknown): never => {
    const found = databaseError(error);
    if (found?.code === '23505' && found.constraint === 'users_email_unique')
      throw FieldError('Email', 'validation.email_taken');
    if (orcidError && found?.code === '23505' && found.constraint === 'users_orcid_unique') throw orcidError();
    throw error;
  };
}

/** Issues a single-use token for a link and queues its mail, inside the caller's transaction. */
async function issueLinkMail(
  tx: Tx,
  deps: Deps,
  journal: Journal,
  user: Pick<User, 'id' | 'email' | 'fullName' | 'language'>,
  purpose: 'activate' | 'reset',
) {
  const code = newToken();
  const hours = purpose === 'activate' ? TOKEN_LIFETIMES.activationHours : TOKEN_LIFETIMES.passwordResetHours;
  await tx.insert(userTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hashToken(code),
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  const base = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}`;
  const link =
    purpose === 'activate'
      ? `${base}/activate?userId=${user.id}&code=${encodeURIComponent(code)}`
      : `${base}/recover?code=${encodeURIComponent(code)}`;
  const language = user.language as Language;
  const content = renderMail(language, purpose === 'activate' ? 'activation' : 'reset', {
    name: user.fullName,
    journal: language === 'ar' ? journal.titleAr : journal.titleEn,
    validity: translate(language, 'mail.hours', { count: hours }),
    link,
  });
  const [id] = await queueMail(tx, {
    journalId: journal.id,
    to: user.email,
    replyTo: journal.email || null,
    kind: purpose === 'activate' ? 'activation' : 'passwordReset',
    ...content,
  });
  return id!;
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

/** Consumes a link token; null when it is unknown, used, expired or for another user. */
async function consumeToken(tx: Tx, purpose: 'activate' | 'reset', code: string, userId?: number) {
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

/** Sets the new password and ends every session of the account. */
export async function resetPassword(deps: Deps, input: z.output<typeof resetPasswordRequest>) {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const token = await consumeToken(tx, 'reset', input.code);
    const [user] = token ? await tx.select().from(users).where(eq(users.id, token.userId)) : [];
    if (!token || !user || user.email !== input.email) throw new AppError('validation', 'messages.resetInvalid');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
}

export async function getProfile({ db }: Deps, journal: Journal, user: SessionUserRow) {
  const chosen = await db
    .select({ id: userSpecializations.specializationId })
    .from(userSpecializations)
    .innerJoin(specializations, eq(specializations.id, userSpecializations.specializationId))
    .where(and(eq(userSpecializations.userId, user.id), eq(specializations.journalId, journal.id)));
  return {
    email: user.email,
    fullName: user.fullName,
    nameOnPaper: user.nameOnPaper,
    phone: user.phone,
    jobTitle: user.jobTitle,
    workPlace: user.workPlace,
    orcid: user.orcid,
    specializations: chosen.map((row) => row.id),
    personalKeywords: user.personalKeywords,
    availableAsReviewer: user.availableAsReviewer,
  };
}

/** The stored password hash: read only where the current password is checked. */
async function passwordHashOf({ db }: Deps, userId: number) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

/**
 * Saves the profile; specializations are those of this journal (a user's others stay as they are). The ORCID iD is
 * not part of it: only the ORCID flow links one (docs/decisions/0012-orcid-linking.md).
 */
export async function updateProfile(
  deps: Deps,
  journal: Journal,
  user: SessionUserRow,
  sessionId: number | null,
  input: z.output<typeof profileUpdateRequest>,
) {
  if (
    (input.changeEmail || input.changePassword) &&
    !(await verifyPassword(await passwordHashOf(deps, user.id), input.currentPassword ?? ''))
  ) {
    throw FieldError('CurrentPassword', 'validation.currentPassword_wrong');
  }
  const passwordHash = input.changePassword && input.password ? await hashPassword(input.password) : undefined;
  await deps.db
    .transaction(async (tx) => {
      const email = input.changeEmail && input.email ? input.email.trim().toLowerCase() : user.email;
      if (email !== user.email) await assertEmailFree(tx, email, user.id);
      const specializationIds = await assertJournalSpecializations(tx, journal.id, input.specializations);
      await tx
        .update(users)
        .set({
          email,
          ...(passwordHash ? { passwordHash } : {}),
          fullName: input.fullName.trim(),
          nameOnPaper: input.nameOnPaper.trim(),
          phone: input.phone ?? null,
          jobTitle: input.jobTitle.trim(),
          workPlace: input.workPlace.trim(),
          personalKeywords: [...new Set(input.personalKeywords)],
          availableAsReviewer: input.availableAsReviewer,
        })
        .where(eq(users.id, user.id));
      const journalSpecializations = tx
        .select({ id: specializations.id })
        .from(specializations)
        .where(eq(specializations.journalId, journal.id));
      await tx
        .delete(userSpecializations)
        .where(
          and(
            eq(userSpecializations.userId, user.id),
            inArray(userSpecializations.specializationId, journalSpecializations),
          ),
        );
      await tx
        .insert(userSpecializations)
        .values(specializationIds.map((id) => ({ userId: user.id, specializationId: id })));
      // A changed password ends the other sessions of the account; this one stays.
      if (passwordHash) {
        await tx
          .delete(sessions)
          .where(
            sessionId ? and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)) : eq(sessions.userId, user.id),
          );
      }
    })
    .catch(uniqueViolationAsAnswer());
}
