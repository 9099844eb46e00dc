import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@journals/core/limits';
import { resetPasswordRequest } from '@journals/core/schemas/accounts';
import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { applyServerErrors, noClipboard, required } from '../../../lib/forms';
import { useFieldError } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useLoginDialog } from '../../../lib/login-dialog';
import { useResetPassword } from '../api';

/** /{slug}/recover?code= (spec 01 §2): e-mail, new password and confirmation; then a link to the login dialog. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { slug } = useJournal();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const loginDialog = useLoginDialog();
  const reset = useResetPassword();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { code, email: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;

  if (!code) return <Navigate to={`/${slug}/`} replace />;

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    reset.mutate(values, {
      onError: (error) => setAlert(applyServerErrors(form, error, ['email', 'password', 'passwordConfirmation'])),
    });
  });

  return (
    <Card withBorder radius="lg" padding="xl" maw={560} mx="auto">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            {t('accounts.reset_title')}
          </Title>
          {!reset.isSuccess && (
            <Text c="gray.7" mt={4}>
              {t('accounts.reset_intro')}
            </Text>
          )}
        </div>
        {reset.isSuccess ? (
          <Alert color="green" role="status">
            {reset.data.message}{' '}
            <Anchor component="button" type="button" onClick={loginDialog.open} fw={600}>
              {t('accounts.login')}
            </Anchor>
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {alert && (
                <Alert color="red" role="alert">
                  {alert}
                </Alert>
              )}
              <TextInput
                {...form.register('email')}
                type="email"
                label={t('accounts.email')}
                autoComplete="username"
                maxLength={LIMITS.email}
                {...required}
                error={fieldError(errors.email)}
              />
              <PasswordInput
                {...form.register('password')}
                {...noClipboard}
                label={t('accounts.new_password')}
                autoComplete="new-password"
                maxLength={LIMITS.passwordMax}
                {...required}
                error={fieldError(errors.password)}
              />
              <PasswordInput
                {...form.register('passwordConfirmation')}
                {...noClipboard}
                label={t('accounts.new_password_confirmation')}
                autoComplete="new-password"
                maxLength={LIMITS.passwordMax}
                {...required}
                error={fieldError(errors.passwordConfirmation)}
              />
              <div>
                <Button type="submit" loading={reset.isPending} data-testid="reset-submit">
                  {t('accounts.reset_button')}
                </Button>
              </div>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
