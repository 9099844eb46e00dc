import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest } from '@journals/core/schemas/accounts';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCash, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, required } from '../../../lib/forms';
import { useJournal } from '../../../lib/journal';
import { usePaymentWindow } from '../../../lib/payment-window';
import { fetchPaymentState, useStartRegistrationPayment } from '../api';
import { AccountTextInput, ErrorAlert, useFieldBinder } from './AccountFields';

export interface Checkout {
  paymentUrl: string;
  reference: string;
}

type Outcome = 'paid' | 'unpaid' | null;

/**
 * Paying the registration fee (docs/decisions/0006-payments.md): with the checkout of the register answer, a button
 * opens the payment window; without one (or once that payment was cancelled), the account proves itself with its
 * e-mail and password to start a new one. When the window closes the payment's state says paid or not paid.
 */
export function RegistrationPayment({ email, checkout }: { email: string; checkout?: Checkout | null }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const openPayment = usePaymentWindow();
  const [current, setCurrent] = useState<Checkout | null>(checkout ?? null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [waiting, setWaiting] = useState(false);

  const closed = (reference: string) => {
    void fetchPaymentState(slug, reference)
      .then(({ state }) => {
        setOutcome(state === 'paid' ? 'paid' : 'unpaid');
        // A cancelled payment is closed for good: the next try starts a new one.
        if (state === 'failed') setCurrent(null);
      })
      .catch(() => setOutcome('unpaid'))
      .finally(() => setWaiting(false));
  };

  const pay = (target: Checkout) => {
    setWaiting(true);
    setOutcome(null);
    void openPayment(target.paymentUrl, () => closed(target.reference));
  };

  if (outcome === 'paid') {
    return (
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="registration-paid">
        {t('accounts.registration_paid')}
      </Alert>
    );
  }

  return (
    <Stack gap="sm" data-testid="registration-payment">
      <Alert color="yellow" title={t('accounts.payment_title')}>
        {t('accounts.registration_fee_due')}
      </Alert>
      {outcome === 'unpaid' && (
        <Alert color="red" role="alert" data-testid="registration-not-paid">
          {t('accounts.registration_not_paid')}
        </Alert>
      )}
      {current ? (
        <div>
          <Button
            color="green"
            leftSection={<IconCash size={18} aria-hidden />}
            loading={waiting}
            onClick={() => pay(current)}
            data-testid="pay-registration"
          >
            {t('accounts.pay_registration')}
          </Button>
        </div>
      ) : (
        <PayRegistrationForm
          email={email}
          waiting={waiting}
          openPayment={openPayment}
          onPaymentOpened={() => {
            setWaiting(true);
            setOutcome(null);
          }}
          onClosed={closed}
        />
      )}
    </Stack>
  );
}

interface PayRegistrationFormProps {
  email: string;
  waiting: boolean;
  openPayment: ReturnType<typeof usePaymentWindow>;
  onPaymentOpened: () => void;
  onClosed: (reference: string) => void;
}

/** E-mail and password of an account waiting for its fee: POST payments {purpose: 'register'}, then the window. */
function PayRegistrationForm({ email, waiting, openPayment, onPaymentOpened, onClosed }: PayRegistrationFormProps) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const start = useStartRegistrationPayment(slug);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(loginRequest), defaultValues: { email, password: '' } });
  const bind = useFieldBinder(form);

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    let reference = '';
    void openPayment(
      async () => {
        try {
          const started = await start.mutateAsync(values);
          reference = started.reference;
          onPaymentOpened();
          return started.paymentUrl;
        } catch (error) {
          setAlert(applyServerErrors(form, error, ['email', 'password']));
          throw error;
        }
      },
      () => onClosed(reference),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('accounts.pay_form_intro')}</Text>
        <ErrorAlert message={alert} />
        <AccountTextInput {...bind('email')} autoComplete="username" maxLength={undefined} />
        <PasswordInput
          {...bind('password')}
          label={t('accounts.password')}
          autoComplete="current-password"
          {...required}
        />
        <div>
          <Button
            type="submit"
            color="green"
            leftSection={<IconCash size={18} aria-hidden />}
            loading={start.isPending || waiting}
            data-testid="pay-registration"
          >
            {t('accounts.pay_registration')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
