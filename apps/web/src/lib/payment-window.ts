import type { PaymentState } from '@journals/core/schemas/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './http';

/** How often the page asks our server for the payment's state while it is pending (spec 02 §9). */
export const PAYMENT_POLL_MS = 1_000;
/** How long the page keeps asking: about as long as a gateway keeps a checkout open. */
export const PAYMENT_WAIT_MS = 15 * 60_000;

const POPUP = 'width=900,height=720';

/**
 * What the paying page tells the payer about the payment window: nothing (`idle`: not opened, or our server has
 * said paid or failed), that it waits for the payment (`waiting`), or that the wait is over without an answer
 * (`timedOut`: the payer may have paid anyway, our server may hear of it later).
 */
export type PaymentWait = 'idle' | 'waiting' | 'timedOut';

/** A started payment: the gateway's page and our reference for it. */
export interface Checkout {
  paymentUrl: string;
  reference: string;
}

const fetchPaymentState = (slug: string, reference: string) =>
  api<{ state: PaymentState }>(`/api/journals/${encodeURIComponent(slug)}/payments/${encodeURIComponent(reference)}`, {
    globalErrors: false,
  });

/**
 * The gateway's payment window (docs/decisions/0006-payments.md, 0013-payment-outcome-from-server.md), shared by
 * the paper page (at-upload fee) and the registration (registration fee). `open(checkout, onOutcome)` opens the
 * popup at once (a popup opened in the click gets through popup blockers) and sends it to the gateway; without a
 * popup (blocked) the page itself goes there. Then it asks our server for the payment's state every second and
 * calls `onOutcome` once it is final, or with `pending` when the wait is over; `wait` says meanwhile which it is.
 * The popup itself is never asked: a gateway on another origin may cut it off from us (COOP), so it looks closed
 * before anyone has paid. `open` resolves false when `checkout` failed (its error is the caller's to show).
 */
export function usePaymentWindow(slug: string) {
  const [wait, setWait] = useState<PaymentWait>('idle');
  const stopWatching = useRef(() => {});
  useEffect(() => () => stopWatching.current(), []);

  const open = useCallback(
    async (
      checkout: Checkout | (() => Promise<Checkout>),
      onOutcome: (state: PaymentState) => void,
    ): Promise<boolean> => {
      stopWatching.current();
      const popup = window.open(typeof checkout === 'function' ? '' : checkout.paymentUrl, 'payment', POPUP);
      let started = checkout;
      if (typeof started === 'function') {
        try {
          started = await started();
        } catch {
          popup?.close();
          setWait('idle');
          return false;
        }
        if (popup) popup.location.href = started.paymentUrl;
      }
      if (!popup) {
        window.location.href = started.paymentUrl;
        return true;
      }
      setWait('waiting');
      stopWatching.current = watchPayment(slug, started.reference, (state) => {
        setWait(state === 'pending' ? 'timedOut' : 'idle');
        onOutcome(state);
      });
      return true;
    },
    [slug],
  );

  return { open, wait };
}

/** Asks for the payment's state until it is final or the wait is over; returns what stops it (unmount, a new try). */
function watchPayment(slug: string, reference: string, onOutcome: (state: PaymentState) => void) {
  const deadline = Date.now() + PAYMENT_WAIT_MS;
  let stopped = false;
  let timer = 0;
  const look = async () => {
    // A failed look (network, server restart) is only a missed look: the next one may answer.
    const state = await fetchPaymentState(slug, reference).then(
      (answer) => answer.state,
      () => 'pending' as const,
    );
    if (stopped) return;
    if (state === 'pending' && Date.now() < deadline) {
      timer = window.setTimeout(() => void look(), PAYMENT_POLL_MS);
      return;
    }
    stopped = true;
    onOutcome(state);
  };
  timer = window.setTimeout(() => void look(), PAYMENT_POLL_MS);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
