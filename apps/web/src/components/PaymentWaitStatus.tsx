import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { Group, Loader, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import type { PaymentWait } from '../lib/payment-window';

interface PaymentWaitStatusProps {
  wait: PaymentWait;
  /** Said while the page waits for our server to learn the outcome. */
  waiting: string;
  /** Said once the page has stopped asking without an outcome: the payer may still have paid. */
  timedOut: string;
}

/**
 * The line under a Pay button while a payment window is open (usePaymentWindow): a loader and `waiting`, then
 * `timedOut` if the wait ends without an outcome; nothing before the button is pressed or once paid or cancelled.
 * One status element for both texts, so a screen reader hears the change.
 */
export function PaymentWaitStatus({ wait, waiting, timedOut }: PaymentWaitStatusProps) {
  if (wait === 'idle') return null;
  return (
    <Group gap="xs" wrap="nowrap" role="status" className="no-print" data-testid="payment-wait">
      {wait === 'waiting' ? (
        <Loader size="xs" type="dots" aria-hidden />
      ) : (
        <IconClockExclamation size={18} color="var(--mantine-color-orange-7)" style={{ flex: 'none' }} aria-hidden />
      )}
      <Text size="sm">{wait === 'waiting' ? waiting : timedOut}</Text>
    </Group>
  );
}
