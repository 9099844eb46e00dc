import { canPayUploadFee } from '@journals/core/rules/papers';
import { randomBytes } from 'node:crypto';
import { type Language, PAPER_STATUS } from '@journals/core/enums';
import { publishPaymentDue } from '@journals/core/rules/issues';
import { PAYMENT_CURRENCY, uploadPaymentDue } from '@journals/core/rules/payments';
import type { PaymentPurpose } from '@journals/core/schemas/payments';
import { and, eq, sql } from 'drizzle-orm';
import { journalPaymentSettings, papers, payments, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, NotFoundError } from '../../lib/errors';
import { openSecret } from '../../lib/secret-box';
import type { Journal } from '../../domain/journal-context';
import { paymentProviders } from './provider';

/**
 * A payment's checkout (DESIGN §7): a payer starts it, the gateway calls back signed with the journal's
 * SecurityKey, and the callback marks the payment paid and flips what it paid for in the same transaction.
 * Registration (accounts) starts its fee with `startRegistrationPayment`, which app.ts hands to the account routes:
 * features never import each other.
 */

export type PaymentSettingsRow = typeof journalPaymentSettings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export const DEFAULT_PROVIDER = 'sandbox';

/**
 * A journal's payment settings with its SecurityKey opened (stored sealed, decision 0073); a key that does not open
 * under this SECRET reads as not set, so the manager is asked for it again instead of every payment failing.
 */
export async function paymentSettingsOf(
  deps: Pick<Deps, 'db' | 'config'>,
  journalId: number,
): Promise<PaymentSettingsRow | null> {
  const [row] = await deps.db
    .select()
    .from(journalPaymentSettings)
    .where(eq(journalPaymentSettings.journalId, journalId));
  if (!row) return null;
  return { ...row, securityKey: openSecret(deps.config.SECRET, 'payment-security-key', row.securityKey) ?? '' };
}

/** The journal can take payments: the three merchant fields are filled (spec 03 §5). */
export const merchantReady = (settings: PaymentSettingsRow | null): settings is PaymentSettingsRow =>
  Boolean(settings?.merchantId && settings.securityKey && settings.merchantName);

const newReference = () => `P${randomBytes(12).toString('hex').toUpperCase()}`;

interface PaymentStart {
  userId: number;
  purpose: PaymentPurpose;
  paperId: number | null;
  amount: string;
  description: string;
  returnUrl: string;
  language: Language;
}

/**
 * Starts a payment, or resumes the pending one of the same payer, purpose and paper (a client retry never creates
 * a second row, DESIGN §6). The payer's row is locked for the check, so two racing calls resume the same payment.
 */
export async function startPayment(deps: Deps, journal: Journal, start: PaymentStart) {
  const provider = paymentProviders(deps.config)[DEFAULT_PROVIDER];
  if (!provider) throw new AppError('conflict', 'errors.paymentsNotConfigured');
  const amount = Number(start.amount).toFixed(2);
  const payment = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, start.userId)).for('update');
    const [pending] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.journalId, journal.id),
          eq(payments.userId, start.userId),
          eq(payments.purpose, start.purpose),
          start.paperId === null ? sql`${payments.paperId} is null` : eq(payments.paperId, start.paperId),
          eq(payments.state, 'pending'),
        ),
      )
      .limit(1);
    if (pending && pending.amount === amount) return pending;
    // The fee changed since: the old checkout can no longer be completed.
    if (pending) await tx.update(payments).set({ state: 'failed' }).where(eq(payments.id, pending.id));
    const [created] = await tx
      .insert(payments)
      .values({
        journalId: journal.id,
        userId: start.userId,
        purpose: start.purpose,
        paperId: start.paperId,
        amount,
        currency: PAYMENT_CURRENCY,
        provider: provider.name,
        reference: newReference(),
      })
      .returning();
    return created!;
  });
  const { paymentUrl } = await provider.createCheckout({
    reference: payment.reference,
    amount: payment.amount,
    currency: payment.currency,
    description: start.description,
    returnUrl: start.returnUrl,
    language: start.language,
  });
  return { paymentUrl, reference: payment.reference };
}

/** A paper's fee is paid by its creator: the paper of this journal (404 for anyone else) and the journal's settings. */
async function payersPaper(deps: Deps, journal: Journal, userId: number, paperId: number) {
  const [paper] = await deps.db
    .select()
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.journalId, journal.id)));
  if (!paper || !canPayUploadFee(paper, userId)) throw NotFoundError();
  return { paper, settings: await paymentSettingsOf(deps, journal.id) };
}

/** Starts a paper's fee, once found due, at its price; the description names the paper by its code. */
function startPaperPayment(
  deps: Deps,
  journal: Journal,
  userId: number,
  paper: { id: number; code: string | null },
  language: Language,
  fee: { purpose: 'upload' | 'publish'; price: string; settings: PaymentSettingsRow; en: string; ar: string },
) {
  if (!merchantReady(fee.settings)) throw new AppError('conflict', 'errors.paymentsNotConfigured');
  const label = paper.code ?? `#${paper.id}`;
  return startPayment(deps, journal, {
    userId,
    purpose: fee.purpose,
    paperId: paper.id,
    amount: fee.price,
    description: `${language === 'ar' ? fee.ar : fee.en} ${label}`,
    returnUrl: paymentReturnUrl(deps.config, journal.slug, { purpose: fee.purpose, paperId: paper.id }),
    language,
  });
}

/**
 * The at-publish fee of an accepted paper (issue 21 §1), paid by its creator (404 for anyone else): due while the
 * journal charges at publish and the paper, its newest version, is accepted and unpaid.
 */
export async function startPublishPayment(
  deps: Deps,
  journal: Journal,
  userId: number,
  paperId: number,
  language: Language,
) {
  const { paper, settings } = await payersPaper(deps, journal, userId, paperId);
  if (
    !settings ||
    paper.status !== PAPER_STATUS.accepted ||
    paper.superseded ||
    !publishPaymentDue(paper, settings) ||
    settings.atPublishPrice === null
  ) {
    throw new AppError('conflict', 'errors.paymentNotDue');
  }
  return startPaperPayment(deps, journal, userId, paper, language, {
    purpose: 'publish',
    price: settings.atPublishPrice,
    settings,
    en: 'Publishing fee of paper',
    ar: 'رسوم نشر البحث',
  });
}

/**
 * Where the payer goes back to after the gateway (a real gateway's return URL, the sandbox page's back link): the
 * paper's page for a paper's fee, the journal's login for the registration fee. Built from PUBLIC_URL and the
 * payment alone, never from a request (DESIGN §6).
 */
export function paymentReturnUrl(
  config: Pick<Deps['config'], 'PUBLIC_URL'>,
  slug: string,
  payment: Pick<PaymentRow, 'purpose' | 'paperId'>,
) {
  const journal = `${config.PUBLIC_URL.replace(/\/$/, '')}/${encodeURIComponent(slug)}`;
  if (payment.paperId !== null) return `${journal}/dashboard/papers/${payment.paperId}`;
  if (payment.purpose === 'download') return `${journal}/archive`;
  return payment.purpose === 'register' ? `${journal}/?login` : `${journal}/`;
}

/** The registration fee of an account waiting for it; null when the journal charges none. */
export async function startRegistrationPayment(deps: Deps, journal: Journal, userId: number, language: Language) {
  const settings = await paymentSettingsOf(deps, journal.id);
  if (!settings?.atRegister || settings.atRegisterPrice === null) return null;
  if (!merchantReady(settings)) throw new AppError('conflict', 'errors.paymentsNotConfigured');
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.registrationPaid) throw new AppError('conflict', 'errors.paymentNotDue');
  return startPayment(deps, journal, {
    userId,
    purpose: 'register',
    paperId: null,
    amount: settings.atRegisterPrice,
    description: `${language === 'ar' ? journal.titleAr : journal.titleEn}: ${language === 'ar' ? 'رسوم التسجيل' : 'registration fee'}`,
    returnUrl: paymentReturnUrl(deps.config, journal.slug, { purpose: 'register', paperId: null }),
    language,
  });
}

/** The at-upload fee of a submitted paper, paid by its creator (404 for anyone else). */
export async function startUploadPayment(
  deps: Deps,
  journal: Journal,
  userId: number,
  paperId: number,
  language: Language,
) {
  const { paper, settings } = await payersPaper(deps, journal, userId, paperId);
  if (!settings || !uploadPaymentDue(paper, settings) || settings.atUploadPrice === null) {
    throw new AppError('conflict', 'errors.paymentNotDue');
  }
  return startPaperPayment(deps, journal, userId, paper, language, {
    purpose: 'upload',
    price: settings.atUploadPrice,
    settings,
    en: 'Submission fee of paper',
    ar: 'رسوم تقديم البحث',
  });
}

/**
 * A signed-in reader's download membership of the journal (docs/decisions/0033): bought or renewed at the journal's
 * at-download price; 409 when the journal sells none.
 */
export async function startMembershipPayment(deps: Deps, journal: Journal, userId: number, language: Language) {
  const settings = await paymentSettingsOf(deps, journal.id);
  if (!settings?.atDownload || settings.atDownloadPrice === null || !settings.membershipType) {
    throw new AppError('conflict', 'errors.paymentNotDue');
  }
  if (!merchantReady(settings)) throw new AppError('conflict', 'errors.paymentsNotConfigured');
  const yearly = settings.membershipType === 2;
  const title = language === 'ar' ? journal.titleAr : journal.titleEn;
  const period =
    language === 'ar' ? (yearly ? 'عضوية سنوية' : 'عضوية شهرية') : yearly ? 'yearly membership' : 'monthly membership';
  return startPayment(deps, journal, {
    userId,
    purpose: 'download',
    paperId: null,
    amount: settings.atDownloadPrice,
    description: `${title}: ${period}`,
    returnUrl: paymentReturnUrl(deps.config, journal.slug, { purpose: 'download', paperId: null }),
    language,
  });
}
