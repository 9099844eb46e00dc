import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Language } from '@journals/core/enums';
import type { Actor } from '@journals/core/rules/permissions';
import { managesJournal } from '@journals/core/rules/permissions';
import type { createPaymentRequest } from '@journals/core/schemas/payments';
import type { paymentSettingsRequest, PaymentSettings } from '@journals/core/schemas/payment-settings';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { journalPaymentSettings, journalRoles, journals, papers, payments, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { accountKey, checkPassword } from '../../lib/login-throttle';
import { AppError, ForbiddenError } from '../../lib/errors';
import { sealSecret } from '../../lib/secret-box';
import type { Journal } from '../../domain/journal-context';
import {
  type PaymentRow,
  paymentReturnUrl,
  paymentSettingsOf,
  startMembershipPayment,
  startRegistrationPayment,
  startPublishPayment,
  startUploadPayment,
} from './checkout.service';
import { processCallback } from './payment-callback.service';
import { sandboxSignature } from './provider';
import type { CheckoutView } from './sandbox-page';

type SessionUser = { id: number } | null;

/** POST payments: the creator pays a paper's at-upload fee; an account waiting for its fee proves itself. */
export async function createPayment(
  deps: Deps,
  journal: Journal,
  user: SessionUser,
  input: z.output<typeof createPaymentRequest>,
  language: Language,
) {
  if (input.purpose === 'upload') {
    if (!user) throw new AppError('unauthenticated', 'errors.unauthenticated');
    return startUploadPayment(deps, journal, user.id, input.paperId, language);
  }
  if (input.purpose === 'publish') {
    if (!user) throw new AppError('unauthenticated', 'errors.unauthenticated');
    return startPublishPayment(deps, journal, user.id, input.paperId, language);
  }
  if (input.purpose === 'download') {
    if (!user) throw new AppError('unauthenticated', 'errors.unauthenticated');
    return startMembershipPayment(deps, journal, user.id, language);
  }
  const payerId = await registrantId(deps, journal, input.email, input.password);
  const started = await startRegistrationPayment(deps, journal, payerId, language);
  if (!started) throw new AppError('conflict', 'errors.paymentNotDue');
  return started;
}

/** The account that registered in this journal with these credentials (answers like a failed login otherwise). */
async function registrantId(deps: Deps, journal: Journal, email: string, password: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  // Unknown e-mails cost the same time as known ones (a decoy hash), and guesses are throttled, like login.
  const valid = await checkPassword(deps, accountKey(email), user?.passwordHash, password);
  const [member] = user
    ? await deps.db
        .select({ userId: journalRoles.userId })
        .from(journalRoles)
        .where(and(eq(journalRoles.userId, user.id), eq(journalRoles.journalId, journal.id)))
    : [];
  if (!user || !valid || !member) {
    throw new AppError('validation', 'errors.loginFailed', {
      Email: ['errors.loginFailed'],
      Password: ['errors.loginFailed'],
    });
  }
  if (user.banned) throw new AppError('validation', 'errors.accountBanned');
  if (user.registrationPaid) throw new AppError('conflict', 'errors.paymentNotDue');
  return user.id;
}

export const paymentState = (payment: PaymentRow) => ({
  reference: payment.reference,
  purpose: payment.purpose,
  state: payment.state,
  amount: payment.amount,
  currency: payment.currency,
  paidAt: payment.paidAt?.toISOString() ?? null,
});

// Payment settings (spec 03 §3, §5): the journal manager only.

export async function getPaymentSettings(deps: Deps, journal: Journal, actor: Actor): Promise<PaymentSettings> {
  if (!managesJournal(actor)) throw ForbiddenError();
  const row = await paymentSettingsOf(deps, journal.id);
  return {
    merchantId: row?.merchantId ?? '',
    securityKeySet: (row?.securityKey ?? '') !== '',
    merchantName: row?.merchantName ?? '',
    atRegister: row?.atRegister ?? false,
    atRegisterPrice: row?.atRegisterPrice ?? null,
    atUpload: row?.atUpload ?? false,
    atUploadPrice: row?.atUploadPrice ?? null,
    atPublish: row?.atPublish ?? false,
    atPublishPrice: row?.atPublishPrice ?? null,
    atDownload: row?.atDownload ?? false,
    atDownloadPrice: row?.atDownloadPrice ?? null,
    membershipType: row?.membershipType ?? null,
  };
}

export async function savePaymentSettings(
  deps: Deps,
  journal: Journal,
  actor: Actor,
  input: z.output<typeof paymentSettingsRequest>,
) {
  if (!managesJournal(actor)) throw ForbiddenError();
  const values = {
    merchantId: input.merchantId,
    // Stored sealed (decision 0073): a dump or a backup of the database does not hold the key in clear.
    securityKey: sealSecret(deps.config.SECRET, 'payment-security-key', input.securityKey),
    merchantName: input.merchantName,
    atRegister: input.atRegister,
    atRegisterPrice: input.atRegisterPrice,
    atUpload: input.atUpload,
    atUploadPrice: input.atUploadPrice,
    atPublish: input.atPublish,
    atPublishPrice: input.atPublishPrice,
    atDownload: input.atDownload,
    atDownloadPrice: input.atDownloadPrice,
    membershipType: input.membershipType ?? null,
  };
  await deps.db
    .insert(journalPaymentSettings)
    .values({ journalId: journal.id, ...values })
    .onConflictDoUpdate({ target: journalPaymentSettings.journalId, set: values });
  // The journal's registration info (atRegister, price) may be cached with the journal.
  deps.cache.invalidate(`journal:${journal.slug}`);
}

// The sandbox gateway's hosted page (DESIGN §7).

/**
 * The one-time token of a payment's form: bound to the payment by the server secret, and useless once the
 * payment is no longer pending (the complete POST accepts only pending payments). /pay/* is outside the /api
 * CSRF hook; this token is what a cross-site form cannot know.
 */
export function completionToken(deps: Pick<Deps, 'config'>, reference: string) {
  return createHmac('sha256', deps.config.SECRET).update(`sandbox-complete|${reference}`).digest('base64url');
}

function tokenMatches(deps: Pick<Deps, 'config'>, reference: string, token: string) {
  const expected = Buffer.from(completionToken(deps, reference));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function sandboxPayment(deps: Deps, reference: string) {
  if (!deps.config.PAYMENT_SANDBOX) return null;
  const [row] = await deps.db.select().from(payments).where(eq(payments.reference, reference));
  return row?.provider === 'sandbox' ? row : null;
}

/** The back link of the hosted page: where the payment was started (a payer without a popup paid in our tab). */
async function backUrlOf(deps: Deps, payment: PaymentRow) {
  const [journal] = await deps.db
    .select({ slug: journals.slug })
    .from(journals)
    .where(eq(journals.id, payment.journalId));
  return journal ? paymentReturnUrl(deps.config, journal.slug, payment) : null;
}

export async function sandboxCheckout(
  deps: Deps,
  reference: string,
  language: Language,
): Promise<{ view: CheckoutView } | { state: 'paid' | 'failed'; backUrl: string | null } | null> {
  const payment = await sandboxPayment(deps, reference);
  if (!payment) return null;
  if (payment.state !== 'pending') return { state: payment.state, backUrl: await backUrlOf(deps, payment) };
  const settings = await paymentSettingsOf(deps, payment.journalId);
  const description = await describe(deps, payment, language);
  return {
    view: {
      reference,
      amount: payment.amount,
      currency: payment.currency,
      merchantName: settings?.merchantName ?? '',
      description,
      token: completionToken(deps, reference),
    },
  };
}

async function describe(deps: Deps, payment: PaymentRow, language: Language) {
  const ar = language === 'ar';
  if (payment.purpose === 'upload' || payment.purpose === 'publish') {
    const [paper] = payment.paperId
      ? await deps.db
          .select({ code: papers.code, title: papers.title })
          .from(papers)
          .where(eq(papers.id, payment.paperId))
      : [];
    const label = paper?.code ?? '';
    const what =
      payment.purpose === 'upload'
        ? ar
          ? 'رسوم تقديم البحث'
          : 'Submission fee of paper'
        : ar
          ? 'رسوم النشر للبحث'
          : 'Publication fee of paper';
    return `${what} ${label}${paper?.title ? ` — ${paper.title}` : ''}`.trim();
  }
  return ar ? 'رسوم التسجيل' : 'Registration fee';
}

/**
 * The Pay / Cancel form of the hosted page: signs the gateway's callback with the journal's SecurityKey and hands
 * it to the same handler the HTTP callback route uses.
 */
export async function sandboxComplete(
  deps: Deps,
  reference: string,
  token: string,
  action: 'pay' | 'cancel',
): Promise<{ outcome: SandboxOutcome; backUrl: string | null }> {
  const payment = await sandboxPayment(deps, reference);
  if (!payment) return { outcome: 'notFound', backUrl: null };
  return { outcome: await completeSandbox(deps, payment, token, action), backUrl: await backUrlOf(deps, payment) };
}

type SandboxOutcome = 'paid' | 'cancelled' | 'alreadyPaid' | 'alreadyClosed' | 'refused' | 'notFound';

async function completeSandbox(
  deps: Deps,
  payment: PaymentRow,
  token: string,
  action: 'pay' | 'cancel',
): Promise<SandboxOutcome> {
  const { reference } = payment;
  if (!tokenMatches(deps, reference, token)) return 'refused';
  if (payment.state === 'paid') return 'alreadyPaid';
  if (payment.state !== 'pending') return 'alreadyClosed';
  const settings = await paymentSettingsOf(deps, payment.journalId);
  const fields = {
    reference,
    amount: payment.amount,
    transactionId: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
    status: action === 'pay' ? 'paid' : 'failed',
  };
  const signature = sandboxSignature(settings?.securityKey ?? '', fields);
  const outcome = await processCallback(deps, 'sandbox', { ...fields, signature }, {});
  if (outcome.replay) return outcome.state === 'paid' ? 'alreadyPaid' : 'alreadyClosed';
  return outcome.state === 'paid' ? 'paid' : 'cancelled';
}
