import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useJournal } from '../../../lib/journal';
import { type RegisterAnswer, useResendActivation } from '../api';
import { RegistrationPayment } from './RegistrationPayment';
import { useTranslation } from '../../../lib/i18n';

/**
 * After registration: the server's message and a resend-activation button, then the resend result (spec 01 §2);
 * when the journal charges at registration, the way to pay the fee (docs/decisions/0006-payments.md).
 */
export function RegistrationDone({ answer }: { answer: RegisterAnswer }) {
  const { message, email, paymentUrl, paymentReference } = answer;
  const { t } = useTranslation();
  const { slug } = useJournal();
  const resend = useResendActivation(slug);
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status" title={t('common.success_title')}>
        {message}
      </Alert>
      {paymentUrl && paymentReference && (
        <RegistrationPayment email={email} checkout={{ paymentUrl, reference: paymentReference }} />
      )}
      <div>
        <Button
          variant="light"
          leftSection={<IconMailForward size={18} aria-hidden />}
          loading={resend.isPending}
          data-testid="resend-activation"
          onClick={() => resend.mutate(email)}
        >
          {t('accounts.resend_activation')}
        </Button>
      </div>
      {resend.isSuccess && (
        <Alert color="blue" role="status">
          {resend.data.message}
        </Alert>
      )}
      {resend.isError && (
        <Alert color="red" role="alert">
          {resend.error.message}
        </Alert>
      )}
    </Stack>
  );
}
