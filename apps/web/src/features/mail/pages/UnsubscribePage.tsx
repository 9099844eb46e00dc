import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/http';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal, usePageTitle } from '../../../lib/journal';

interface Target {
  email: string;
  journalTitleEn: string;
  journalTitleAr: string;
}

/**
 * /{slug}/unsubscribe?token= (issue 22 §3): the footer link of a bulk message. It says whom the link concerns and
 * unsubscribes only when asked (a link scanner's visit changes nothing); mail programs use the one-click POST of the
 * message's List-Unsubscribe header instead.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const base = `/api/journals/${encodeURIComponent(slug)}/unsubscribe`;
  const target = useQuery({
    queryKey: ['unsubscribe', slug, token],
    queryFn: () => api<Target>(`${base}?token=${encodeURIComponent(token)}`, { globalErrors: false }),
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: () => api<{ message: string }>(base, { method: 'POST', body: { token }, globalErrors: false }),
  });
  usePageTitle(t('invitation.unsubscribe_title'));
  const journal = target.data ? (language === 'ar' ? target.data.journalTitleAr : target.data.journalTitleEn) : '';

  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto" w="100%">
      <Stack gap="lg">
        <Title order={1} fz={28}>
          {t('invitation.unsubscribe_title')}
        </Title>
        {target.isError ? (
          <Alert color="red" role="alert" data-testid="unsubscribe-error">
            {target.error.message}
          </Alert>
        ) : !target.data ? (
          <Center py="lg">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : confirm.isSuccess ? (
          <Alert color="green" role="status" data-testid="unsubscribe-done">
            {confirm.data.message}
          </Alert>
        ) : (
          <>
            <Text>{t('invitation.unsubscribe_intro', { email: `\u2066${target.data.email}\u2069`, journal })}</Text>
            {confirm.isError && (
              <Alert color="red" role="alert">
                {confirm.error.message}
              </Alert>
            )}
            <Button
              onClick={() => confirm.mutate()}
              loading={confirm.isPending}
              color="red"
              variant="light"
              style={{ alignSelf: 'flex-start' }}
              data-testid="unsubscribe-confirm"
            >
              {t('invitation.unsubscribe_confirm')}
            </Button>
          </>
        )}
        <Button component={Link} to={`/${slug}/`} variant="subtle" style={{ alignSelf: 'flex-start' }}>
          {t('invitation.unsubscribe_home')}
        </Button>
      </Stack>
    </Card>
  );
}
