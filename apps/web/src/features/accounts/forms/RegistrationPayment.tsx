import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import type { PaymentState } from '@journals/core/schemas/payments';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCash, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PaymentWaitStatus } from '../../../components/PaymentWaitStatus';
import { applyServerErrors, lazyZodResolver, required } from '../../../lib/forms';
import { useJournal } from '../../../lib/journal';
import { type Checkout, type PaymentWait, usePaymentWindow } from '../../../lib/payment-window';
import { useStartRegistrationPayment } from '../api';
import { AccountTextInput, ErrorAlert, useFieldBinder } from '../../../components/AccountFields';
import { useTranslation } from '../../../lib/i18n';

type Outcome = 'paid' | 'unpaid' | null;

/**
 * Paying the registration fee (docs/decisions/0006-payments.md): with the checkout of the register answer, a button
 * opens the payment window; without one (or once that payment was cancelled), the account proves itself with its
 * e-mail and password to start a new one. Our server says when the payment is paid or cancelled; until then the
 * button stays, offering to reopen the window (pressing it again resumes the same payment), and a line says so.
 */
export function RegistrationPayment({ email, checkout }: { email: string; checkout?: Checkout | null }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const paymentWindow = usePaymentWindow(slug);
  const [current, setCurrent] = useState<Checkout | null>(checkout ?? null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const settled = (state: PaymentState) => {
    if (state === 'paid') setOutcome('paid');
    if (state === 'failed') {
      setOutcome('unpaid');
      // A cancelled payment is closed for good: the next try starts a new one.
      setCurrent(null);
    }
  };

  const pay = (target: Checkout) => {
    setOutcome(null);
    void paymentWindow.open(target, settled);
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
            onClick={() => pay(current)}
            data-testid="pay-registration"
          >
            {t(payLabelKey(paymentWindow.wait))}
          </Button>
        </div>
      ) : (
        <PayRegistrationForm
          email={email}
          paymentWindow={paymentWindow}
          onPaymentOpened={() => setOutcome(null)}
          onSettled={settled}
        />
      )}
      <PaymentWaitStatus
        wait={paymentWindow.wait}
        waiting={t('accounts.registration_payment_waiting')}
        timedOut={t('accounts.registration_payment_not_heard')}
      />
    </Stack>
  );
}

/** While the window is open, the button brings it back (the same payment) rather than paying again. */
const payLabelKey = (wait: PaymentWait) =>
  wait === 'waiting' ? ('accounts.pay_registration_reopen' as const) : ('accounts.pay_registration' as const);

interface PayRegistrationFormProps {
  email: string;
  paymentWindow: ReturnType<typeof usePaymentWindow>;
  onPaymentOpened: () => void;
  onSettled: (state: PaymentState) => void;
}

/** E-mail and password of an account waiting for its fee: POST payments {purpose: 'register'}, then the window. */
function PayRegistrationForm({ email, paymentWindow, onPaymentOpened, onSettled }: PayRegistrationFormProps) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const start = useStartRegistrationPayment(slug);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver(async () => (await import('@journals/core/schemas/accounts')).loginRequest),
    defaultValues: { email, password: '' },
  });
  const bind = useFieldBinder(form);

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    void paymentWindow.open(async () => {
      try {
        const started = await start.mutateAsync(values);
        onPaymentOpened();
        return started;
      } catch (error) {
        setAlert(applyServerErrors(form, error, ['email', 'password']));
        throw error;
      }
    }, onSettled);
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
            loading={start.isPending}
            data-testid="pay-registration"
          >
            {t(payLabelKey(paymentWindow.wait))}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
