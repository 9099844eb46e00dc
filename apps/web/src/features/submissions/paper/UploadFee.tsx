import { Alert, Button } from '@mantine/core';
import { IconCash, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { PaymentWaitStatus } from '../../../components/PaymentWaitStatus';
import { formatPrice } from '@journals/core/prices';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { usePaymentWindow } from '../../../lib/payment-window';
import { useStartPayment } from '../api';

/**
 * The paper's upload fee on its page (docs/decisions/0006-payments.md): the payment window, the pay button in the
 * page's actions and the notices under them.
 */
export function useUploadFee(slug: string, onSettled: () => void, purpose: 'upload' | 'publish' = 'upload') {
  const payment = useStartPayment(slug, purpose);
  const paymentWindow = usePaymentWindow(slug);
  const [outcome, setOutcome] = useState<'paid' | 'cancelled' | null>(null);
  // Paid or cancelled, as our server says, or no answer in time: the paper is read again (paid: the button goes),
  // and the payer is told which it was.
  const pay = (paperId: number) => {
    setOutcome(null);
    void paymentWindow.open(
      () => payment.mutateAsync(paperId),
      (state) => {
        if (state === 'paid') setOutcome('paid');
        if (state === 'failed') setOutcome('cancelled');
        onSettled();
      },
    );
  };
  return { pay, outcome, wait: paymentWindow.wait, starting: payment.isPending, failure: payment.error };
}

type UploadFee = ReturnType<typeof useUploadFee>;

export function UploadFeeButton({
  fee,
  paperId,
  amount,
  purpose = 'upload',
}: {
  fee: UploadFee;
  paperId: number;
  amount: string | null | undefined;
  /** The at-publish fee has its own label and test id (issue 21 §1). */
  purpose?: 'upload' | 'publish';
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  // While the window is open, pressing again brings back the same payment (the server answers the pending one).
  const label =
    fee.wait === 'waiting'
      ? t('submissions.pay_reopen')
      : purpose === 'publish'
        ? t('submissions.pay_publish_amount', { amount: amount ? formatPrice(amount, language) : '' })
        : amount
          ? t('submissions.pay_amount', { amount: formatPrice(amount, language) })
          : t('submissions.pay');
  return (
    <Button
      color="green"
      leftSection={<IconCash size={16} aria-hidden />}
      onClick={() => fee.pay(paperId)}
      loading={fee.starting}
      data-testid={purpose === 'publish' ? 'pay-publish' : 'pay'}
    >
      {label}
    </Button>
  );
}

/** What the payer is told under the actions: the wait, paid or cancelled, the fee due, and a review that waits. */
export function UploadFeeNotices({
  fee,
  due,
  reviewWaits,
  purpose = 'upload',
}: {
  fee: UploadFee;
  due: boolean;
  reviewWaits: boolean;
  purpose?: 'upload' | 'publish';
}) {
  const { t } = useTranslation();
  return (
    <>
      {due && (
        <PaymentWaitStatus
          wait={fee.wait}
          waiting={t('submissions.payment_waiting')}
          timedOut={t('submissions.payment_not_heard')}
        />
      )}

      {fee.outcome === 'paid' && (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          role="status"
          className="no-print"
          data-testid="payment-paid"
        >
          {t('submissions.payment_paid')}
        </Alert>
      )}
      {fee.outcome === 'cancelled' && (
        <Alert color="orange" role="alert" className="no-print" data-testid="payment-cancelled">
          {t('submissions.payment_cancelled')}
        </Alert>
      )}
      {due && (
        <Alert color="yellow" className="no-print" data-testid={`${purpose}-payment-due`}>
          {t(purpose === 'publish' ? 'submissions.publish_payment_due' : 'submissions.payment_due')}
        </Alert>
      )}
      {reviewWaits && (
        <Alert color="yellow" className="no-print" data-testid="review-waits-for-payment">
          {t('submissions.review_waits_for_payment')}
        </Alert>
      )}
      {fee.failure && (
        <Alert color="red" role="alert" className="no-print">
          {fee.failure.message}
        </Alert>
      )}
    </>
  );
}
