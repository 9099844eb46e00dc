import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequest } from '@journals/core/schemas/accounts';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Captcha } from '../../../components/Captcha';
import { applyServerErrors, required } from '../../../lib/forms';
import { useFieldError } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useForgotPassword } from '../api';

/** Asks for a reset link: e-mail and captcha (spec 01 §2, DESIGN §6). */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { slug } = useJournal();
  const forgot = useForgotPassword(slug);
  const [alert, setAlert] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useForm({ resolver: zodResolver(forgotPasswordRequest), defaultValues: { email: '', captcha: '' } });
  const { errors } = form.formState;

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
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <TextInput
          {...form.register('email')}
          type="email"
          label={t('accounts.email')}
          autoComplete="email"
          {...required}
          data-autofocus
          error={fieldError(errors.email)}
        />
        <Controller
          control={form.control}
          name="captcha"
          render={({ field }) => (
            <Captcha
              onChange={(payload) => field.onChange(payload)}
              error={fieldError(errors.captcha)}
              resetKey={captchaReset}
            />
          )}
        />
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
