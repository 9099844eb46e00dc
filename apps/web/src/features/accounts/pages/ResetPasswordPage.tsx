import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';
import { applyServerErrors, lazyZodResolver } from '../../../lib/forms';
import { useJournal } from '../../../lib/journal';
import { useLoginDialog } from '../../../lib/login-dialog';
import { useResetPassword } from '../api';
import { AccountTextInput, ErrorAlert, PasswordPair, useFieldBinder } from '../../../components/AccountFields';
import { useTranslation } from '../../../lib/i18n';

/** /{slug}/recover?code= (spec 01 §2): e-mail, new password and confirmation; then a link to the login dialog. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const loginDialog = useLoginDialog();
  const reset = useResetPassword();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver(async () => (await import('@journals/core/schemas/accounts')).resetPasswordRequest),
    defaultValues: { code, email: '', password: '', passwordConfirmation: '' },
  });
  const bind = useFieldBinder(form);

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
              <ErrorAlert message={alert} />
              <AccountTextInput {...bind('email')} autoComplete="username" />
              <PasswordPair password={bind('password')} confirmation={bind('passwordConfirmation')} labels="new" />
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
