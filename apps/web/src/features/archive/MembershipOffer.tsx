import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { formatDay } from '@journals/core/format';
import { formatPrice } from '@journals/core/prices';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { PaymentWaitStatus } from '../../components/PaymentWaitStatus';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { useLoginDialog } from '../../lib/login-dialog';
import { usePaymentWindow } from '../../lib/payment-window';
import { useCurrencyName, useFullTextAccess, useRefreshAccess, useStartMembership } from './FullTextAccess';

/**
 * The membership's offer where a full text is for members only (issue 21 §3): the price for a month or a year, the
 * end of a membership that ran out, and the button that buys (or renews) it through the gateway's window — a guest
 * is asked to sign in first. Once our server hears the payment, the access answers refresh and the PDF opens up.
 */
export function MembershipOffer({ slug, paperId }: { slug: string; paperId?: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const login = useLoginDialog();
  const start = useStartMembership(slug);
  const refresh = useRefreshAccess(slug);
  const payment = usePaymentWindow(slug);
  const [outcome, setOutcome] = useState<'paid' | 'failed' | null>(null);
  const access = useFullTextAccess(slug, paperId).data;
  const currencyName = useCurrencyName();
  if (outcome === 'paid')
    return (
      <Alert color="green" role="status" className="archive-no-print" data-testid="membership-paid">
        {t('fullText.payment_paid')}
      </Alert>
    );
  if (!access?.membersOnly || access.canRead || !access.price) return null;
  const yearly = access.membershipType === 2;
  const price = { price: formatPrice(access.price, language), currency: currencyName(access.currency) };
  const renewing = access.membershipUntil !== null;
  const buyLabel = renewing
    ? t(yearly ? 'fullText.offer_renew_yearly' : 'fullText.offer_renew_monthly', price)
    : t(yearly ? 'fullText.offer_buy_yearly' : 'fullText.offer_buy_monthly', price);

  const buy = () => {
    setOutcome(null);
    void payment.open(
      () => start.mutateAsync(),
      (state) => {
        if (state === 'paid') {
          setOutcome('paid');
          void refresh();
        } else if (state === 'failed') setOutcome('failed');
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="md" className="archive-no-print" data-testid="membership-offer">
      <Stack gap="sm" align="flex-start">
        <Text fw={700} component="h2" fz="lg" m={0}>
          <IconLock size={18} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} />
          {t('fullText.offer_title')}
        </Text>
        <Text size="sm">{t('fullText.offer_text')}</Text>
        <Text size="sm" fw={600} data-testid="membership-price">
          {t(yearly ? 'fullText.price_yearly' : 'fullText.price_monthly', price)}
        </Text>
        {renewing && (
          <Text size="sm" c="dimmed">
            {t('fullText.membership_expired', { date: formatDay(access.membershipUntil, language) })}
          </Text>
        )}
        {start.error && (
          <Alert color="red" role="alert" p="xs">
            {start.error.message}
          </Alert>
        )}
        {outcome === 'failed' && (
          <Alert color="red" role="alert" p="xs">
            {t('fullText.payment_failed')}
          </Alert>
        )}
        {access.signedIn ? (
          <Button onClick={buy} loading={start.isPending} data-testid="membership-buy">
            {buyLabel}
          </Button>
        ) : (
          <Button variant="light" onClick={login.openStaying} data-testid="membership-sign-in">
            {t('fullText.offer_sign_in')}
          </Button>
        )}
        <PaymentWaitStatus
          wait={payment.wait}
          waiting={t('fullText.payment_waiting')}
          timedOut={t('fullText.payment_timed_out')}
        />
      </Stack>
    </Paper>
  );
}
