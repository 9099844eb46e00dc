import { useCallback, useEffect, useRef } from 'react';

/** How often the page looks whether the payment window has closed (spec 02 §9). */
export const PAYMENT_POLL_MS = 500;

/**
 * The gateway's payment window (docs/decisions/0006-payments.md), shared by the paper page (at-upload fee) and the
 * registration (registration fee): `open(checkout, onClosed)` opens the popup at once (a popup opened in the click
 * gets through popup blockers), sends it to the address `checkout` answers, then looks every 500 ms whether it has
 * closed and calls `onClosed` when it has. Without a popup (blocked) the page itself goes to the gateway.
 * Resolves false when `checkout` failed (its error is the caller's to show).
 */
export function usePaymentWindow() {
  const timer = useRef<number | null>(null);
  const stop = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  return useCallback(
    async (checkout: string | (() => Promise<string>), onClosed: () => void): Promise<boolean> => {
      const popup = window.open(typeof checkout === 'string' ? checkout : '', 'payment', 'width=900,height=720');
      if (typeof checkout !== 'string') {
        let paymentUrl: string;
        try {
          paymentUrl = await checkout();
        } catch {
          popup?.close();
          return false;
        }
        if (popup) popup.location.href = paymentUrl;
        else window.location.href = paymentUrl;
      } else if (!popup) {
        window.location.href = checkout;
      }
      stop();
      timer.current = window.setInterval(() => {
        if (!popup || popup.closed) {
          stop();
          onClosed();
        }
      }, PAYMENT_POLL_MS);
      return true;
    },
    [stop],
  );
}
