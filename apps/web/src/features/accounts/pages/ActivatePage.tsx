import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { useLoginDialog } from '../../../lib/login-dialog';
import { useActivate } from '../api';
import { ErrorAlert } from '../../../components/AccountFields';
import { useTranslation } from '../../../lib/i18n';

/** /{slug}/activate?userId=&code= (spec 01 §2): verifies the account once, then offers the login dialog. */
export function ActivatePage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const [params] = useSearchParams();
  const loginDialog = useLoginDialog();
  const activate = useActivate();
  const userId = Number(params.get('userId'));
  const code = params.get('code') ?? '';
  const valid = Number.isInteger(userId) && userId > 0 && code !== '';
  const sent = useRef(false);

  useEffect(() => {
    if (!valid || sent.current) return;
    sent.current = true;
    activate.mutate({ userId, code });
  }, [valid, userId, code, activate]);

  if (!valid) return <Navigate to={`/${slug}/`} replace />;

  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto">
      <Stack gap="lg">
        <Title order={1} fz={28}>
          {t('accounts.activate_title')}
        </Title>
        {activate.isSuccess ? (
          <Alert color="green" role="status">
            {activate.data.message}
          </Alert>
        ) : activate.isError ? (
          <ErrorAlert message={activate.error.message} />
        ) : (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t('accounts.activating')}</Text>
          </Group>
        )}
        {(activate.isSuccess || activate.isError) && (
          <div>
            <Button leftSection={<IconLogin size={18} aria-hidden />} onClick={loginDialog.open}>
              {t('accounts.login')}
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}
