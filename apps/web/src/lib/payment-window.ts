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
 * The popup is never asked for the outcome: a gateway on another origin may cut it off from us (COOP), so it looks
 * closed before anyone has paid. Its handle serves only to bring back a window we can still reach rather than open
 * a second one. `open` resolves false when `checkout` failed (its error is the caller's to show).
 */
export function usePaymentWindow(slug: string) {
  const [wait, setWait] = useState<PaymentWait>('idle');
  const stopWatching = useRef(() => {});
  // The popup we opened and the payment it shows: pressing again focuses it instead of opening another.
  const held = useRef<{ popup: Window; reference: string | null } | null>(null);
  useEffect(() => () => stopWatching.current(), []);

  const open = useCallback(
    async (
      checkout: Checkout | (() => Promise<Checkout>),
      onOutcome: (state: PaymentState) => void,
    ): Promise<boolean> => {
      const reachable = held.current && !held.current.popup.closed ? held.current : null;
      const popup =
        reachable?.popup ?? window.open(typeof checkout === 'function' ? '' : checkout.paymentUrl, 'payment', POPUP);
      reachable?.popup.focus();
      let started: Checkout;
      try {
        started = typeof checkout === 'function' ? await checkout() : checkout;
      } catch {
        if (!reachable) popup?.close();
        return false;
      }
      if (!popup) {
        window.location.href = started.paymentUrl;
        return true;
      }
      // A new blank popup, or a held one showing another payment (the fee changed since), goes to this checkout.
      const shows = reachable ? reachable.reference : typeof checkout === 'function' ? null : started.reference;
      if (shows !== started.reference) popup.location.href = started.paymentUrl;
      held.current = { popup, reference: started.reference };
      stopWatching.current();
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
