import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors, lazyZodResolver, required } from '../../../lib/forms';
import { useJournal } from '../../../lib/journal';
import { landingPathOf } from '../../../lib/session';
import { useLogin } from '../api';
import { AccountTextInput, ErrorAlert, useFieldBinder } from '../../../components/AccountFields';
import { useTranslation } from '../../../lib/i18n';

/**
 * E-mail and password; on success the user goes to the dashboard of the role, or stays when there is none or when
 * the page asked (`stay`).
 */
export function LoginForm({
  onDone,
  onForgot,
  stay = false,
}: {
  onDone: () => void;
  onForgot: () => void;
  stay?: boolean;
}) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const login = useLogin(slug);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver(async () => (await import('@journals/core/schemas/accounts')).loginRequest),
    defaultValues: { email: '', password: '' },
  });
  const bind = useFieldBinder(form);

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    login.mutate(values, {
      onSuccess: (me) => {
        onDone();
        const target = stay ? null : landingPathOf(slug, me.user);
        if (target) navigate(target);
      },
      onError: (error) => {
        form.resetField('password', { keepError: false });
        setAlert(applyServerErrors(form, error, ['email', 'password']));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert message={alert} />
        <AccountTextInput {...bind('email')} autoComplete="username" maxLength={undefined} data-autofocus />
        <PasswordInput
          {...bind('password')}
          label={t('accounts.password')}
          autoComplete="current-password"
          {...required}
        />
        <Group justify="space-between" align="center">
          <Anchor component="button" type="button" size="sm" onClick={onForgot}>
            {t('accounts.forgot_link')}
          </Anchor>
          <Button type="submit" loading={login.isPending} data-testid="login-submit">
            {t('accounts.login')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
