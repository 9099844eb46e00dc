import { z } from 'zod';
import { email, id } from './fields';

/** What a payment pays for (DESIGN §7): the four fees of spec 03 §3. */
export const PAYMENT_PURPOSES = ['register', 'upload', 'publish', 'download'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_STATES = ['pending', 'paid', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Starts (or resumes) a payment. `upload`: the creator pays the at-upload fee of a submitted paper.
 * `register`: an account waiting for its registration fee cannot sign in, so it proves who it is with its
 * e-mail and password (docs/decisions/0006-payments.md).
 */
export const createPaymentRequest = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('upload'), paperId: id }),
  // The author of an accepted paper pays the journal's at-publish fee (issue 21 §1).
  z.object({ purpose: z.literal('publish'), paperId: id }),
  // A signed-in reader buys (or renews) the journal's download membership (docs/decisions/0033).
  z.object({ purpose: z.literal('download') }),
  z.object({
    purpose: z.literal('register'),
    email,
    password: z.string({ error: 'validation.password_required' }).min(1, { error: 'validation.password_required' }),
  }),
]);
export type CreatePaymentRequest = z.input<typeof createPaymentRequest>;

export const createPaymentResponse = z.object({ paymentUrl: z.string(), reference: z.string() });

/** What the web polls (every second while the payment is pending, spec 02 §9; decision 0013). */
export const paymentStateResponse = z.object({
  reference: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  state: z.enum(PAYMENT_STATES),
  amount: z.string(),
  currency: z.string(),
  paidAt: z.string().nullable(),
});
