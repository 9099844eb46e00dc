import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors, lazyZodResolver } from '../../../lib/forms';
import { useJournal } from '../../../lib/journal';
import { useForgotPassword } from '../api';
import { AccountTextInput, CaptchaField, ErrorAlert, useFieldBinder } from '../../../components/AccountFields';
import { useTranslation } from '../../../lib/i18n';

/** Asks for a reset link: e-mail and captcha (spec 01 §2, DESIGN §6). */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const forgot = useForgotPassword(slug);
  const [alert, setAlert] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useForm({
    resolver: lazyZodResolver(async () => (await import('@journals/core/schemas/accounts')).forgotPasswordRequest),
    defaultValues: { email: '', captcha: '' },
  });
  const bind = useFieldBinder(form);

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    forgot.mutate(values, {
      onError: (error) => {
        setCaptchaReset((n) => n + 1);
        setAlert(applyServerErrors(form, error, ['email', 'captcha']));
      },
    });
  });

  if (forgot.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          {forgot.data.message}
        </Alert>
        <Button variant="default" onClick={onBack}>
          {t('accounts.back_to_login')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('accounts.forgot_intro')}
        </Text>
        <ErrorAlert message={alert} />
        <AccountTextInput {...bind('email')} maxLength={undefined} data-autofocus />
        <CaptchaField control={form.control} name="captcha" resetKey={captchaReset} />
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('accounts.back_to_login')}
          </Anchor>
          <Button type="submit" loading={forgot.isPending} data-testid="forgot-submit">
            {t('accounts.forgot_button')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
