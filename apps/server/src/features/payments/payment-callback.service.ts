import { membershipEnd } from '@journals/core/rules/full-text';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { journalMemberships, papers, payments, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, NotFoundError } from '../../lib/errors';
import { type PaymentRow, paymentSettingsOf } from './checkout.service';
import { paymentProviders } from './provider';

/**
 * The gateway's side of a payment (DESIGN §7): its callback, signed with the journal's SecurityKey, marks the payment
 * paid and flips what it paid for in the same transaction; and a payment found by its reference.
 */

/**
 * Handles a gateway callback (the HTTP route and the sandbox page both call this). Unknown reference, forged
 * signature or a different amount: 400 and nothing changes. A callback for a payment already processed answers
 * as a success and changes nothing (gateways retry).
 */
export async function processCallback(
  deps: Pick<Deps, 'db' | 'config'>,
  providerName: string,
  body: unknown,
  headers: Record<string, unknown>,
): Promise<{ reference: string; state: 'paid' | 'failed'; replay: boolean }> {
  const refused = () => new AppError('validation', 'errors.paymentRefused');
  const providers = paymentProviders(deps.config);
  // The name comes from the URL: `__proto__` or `constructor` must not find a member of every object.
  const provider = Object.hasOwn(providers, providerName) ? providers[providerName] : undefined;
  if (!provider) throw NotFoundError();
  const reference = provider.referenceOf(body);
  if (!reference) throw refused();
  const [payment] = await deps.db.select().from(payments).where(eq(payments.reference, reference));
  if (!payment || payment.provider !== provider.name) throw refused();
  const settings = await paymentSettingsOf(deps, payment.journalId);
  const verified = provider.verifyCallback(body, headers, settings?.securityKey ?? '');
  if (!verified || verified.reference !== payment.reference) throw refused();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(verified.amount) || Number(verified.amount).toFixed(2) !== payment.amount) {
    throw refused();
  }
  const state = verified.paid ? 'paid' : 'failed';
  return deps.db.transaction(async (tx) => {
    // Only a pending payment moves; the condition makes a concurrent replay a no-op.
    const [moved] = await tx
      .update(payments)
      .set({ state, providerTransactionId: verified.transactionId, paidAt: verified.paid ? new Date() : null })
      .where(and(eq(payments.id, payment.id), eq(payments.state, 'pending')))
      .returning();
    if (!moved) {
      const [current] = await tx.select({ state: payments.state }).from(payments).where(eq(payments.id, payment.id));
      return { reference, state: current?.state === 'paid' ? 'paid' : 'failed', replay: true } as const;
    }
    if (verified.paid) {
      if (moved.purpose === 'upload' && moved.paperId !== null) {
        await tx.update(papers).set({ uploadPaid: true }).where(eq(papers.id, moved.paperId));
      } else if (moved.purpose === 'publish' && moved.paperId !== null) {
        await tx.update(papers).set({ publishPaid: true }).where(eq(papers.id, moved.paperId));
      } else if (moved.purpose === 'register') {
        await tx.update(users).set({ registrationPaid: true }).where(eq(users.id, moved.userId));
      } else if (moved.purpose === 'download') {
        await extendMembership(tx, moved, settings?.membershipType ?? 1);
      }
    }
    return { reference, state, replay: false } as const;
  });
}

/**
 * A paid membership runs one more period from the later of today and its current end (core `membershipEnd`); the
 * row is locked so that two payments landing together both count.
 */
async function extendMembership(tx: Database, payment: PaymentRow, membershipType: number) {
  const today = new Date().toISOString().slice(0, 10);
  const [current] = await tx
    .select({ until: journalMemberships.until })
    .from(journalMemberships)
    .where(and(eq(journalMemberships.journalId, payment.journalId), eq(journalMemberships.userId, payment.userId)))
    .for('update');
  const until = membershipEnd(current?.until ?? null, today, membershipType);
  await tx
    .insert(journalMemberships)
    .values({ journalId: payment.journalId, userId: payment.userId, until })
    .onConflictDoUpdate({
      target: [journalMemberships.journalId, journalMemberships.userId],
      set: { until, modifiedAt: new Date() },
    });
}

export async function findPayment(db: Database, journalId: number, reference: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.journalId, journalId)));
  if (!payment) throw NotFoundError();
  return payment;
}
