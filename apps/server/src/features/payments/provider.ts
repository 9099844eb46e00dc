import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '@journals/core/enums';
import type { Config } from '../../config';

/** What we ask a gateway to charge; `amount` is the stored numeric text ("150.00"). */
export interface CheckoutRequest {
  reference: string;
  amount: string;
  currency: string;
  description: string;
  returnUrl: string;
  /** The payer's language: the hosted page speaks it. */
  language: Language;
}

/** A verified callback: which payment, the gateway's transaction id, and whether it was paid. */
export interface VerifiedCallback {
  reference: string;
  transactionId: string;
  /** The amount the gateway charged, as it signed it: compared with the stored amount. */
  amount: string;
  paid: boolean;
}

/**
 * A payment gateway (DESIGN §7). The journal's merchant settings (spec 03 §3) hold the key each callback is
 * verified with; the callback names our reference first, so the handler can look the journal up before it
 * verifies.
 */
export interface PaymentProvider {
  readonly name: string;
  /** The hosted payment page the payer is sent to (a popup in the web). */
  createCheckout(request: CheckoutRequest): Promise<{ paymentUrl: string }>;
  /** The reference a callback claims to be about: NOT verified, only for finding the payment and its key. */
  referenceOf(body: unknown): string | null;
  /** The callback's content when its signature is the journal's; null when forged, damaged or unsigned. */
  verifyCallback(body: unknown, headers: Record<string, unknown>, securityKey: string): VerifiedCallback | null;
}

/** The sandbox gateway's signature: HMAC-SHA256 over reference|amount|transactionId|status, hex. */
export function sandboxSignature(
  securityKey: string,
  fields: { reference: string; amount: string; transactionId: string; status: string },
): string {
  return createHmac('sha256', securityKey)
    .update([fields.reference, fields.amount, fields.transactionId, fields.status].join('|'))
    .digest('hex');
}

const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : null);

/**
 * The built-in gateway: our own hosted page at /pay/sandbox/{reference} (./sandbox-page.ts),
 * which signs its callback with the journal's SecurityKey exactly as a real gateway would, so every paid flow
 * works end to end offline. Payers reach it at PAYMENT_SANDBOX_URL, which may be another origin than the site's,
 * as a real gateway's page is (docs/decisions/0013-payment-outcome-from-server.md).
 */
export function sandboxProvider(config: Pick<Config, 'PAYMENT_SANDBOX_URL'>): PaymentProvider {
  const base = config.PAYMENT_SANDBOX_URL.replace(/\/$/, '');
  return {
    name: 'sandbox',
    async createCheckout({ reference, language }) {
      return { paymentUrl: `${base}/pay/sandbox/${encodeURIComponent(reference)}?lang=${language}` };
    },
    referenceOf(body) {
      return text((body as { reference?: unknown } | null)?.reference);
    },
    verifyCallback(body, _headers, securityKey) {
      if (!securityKey || !body || typeof body !== 'object') return null;
      const fields = body as Record<string, unknown>;
      const reference = text(fields.reference);
      const amount = text(fields.amount);
      const transactionId = text(fields.transactionId);
      const status = text(fields.status);
      const signature = text(fields.signature);
      if (!reference || !amount || !transactionId || !signature || (status !== 'paid' && status !== 'failed')) {
        return null;
      }
      const expected = Buffer.from(sandboxSignature(securityKey, { reference, amount, transactionId, status }), 'hex');
      const given = Buffer.from(/^[0-9a-f]+$/i.test(signature) ? signature : '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { reference, transactionId, amount, paid: status === 'paid' };
    },
  };
}

/** The gateways this server knows, by the name in the callback route. */
export function paymentProviders(
  config: Pick<Config, 'PAYMENT_SANDBOX_URL' | 'PAYMENT_SANDBOX'>,
): Record<string, PaymentProvider> {
  return config.PAYMENT_SANDBOX ? { sandbox: sandboxProvider(config) } : {};
}
