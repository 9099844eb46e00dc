import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { TIMINGS } from '@journals/core/limits';
import { Alert, Button, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { fetchSession, landingPathOf, sessionKey } from '../../../lib/session';
import { RegistrationPayment } from '../forms/RegistrationPayment';
import { orcidMessageKey } from '../orcid';
import { useTranslation } from '../../../lib/i18n';

/**
 * /{slug}/auth/orcid/login?status=&message= : the result of the ORCID sign-in (spec 03 §4). On success the server
 * has already set the session; after a short pause the user goes to the dashboard of the role.
 */
export function OrcidLoginPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const valid = params.get('status') === 'valid';
  const messageKey = orcidMessageKey(params.get('message'));

  useEffect(() => {
    if (!valid) return;
    const timer = window.setTimeout(() => {
      void fetchSession(slug)
        .then((me) => {
          client.setQueryData(sessionKey(slug), me);
          navigate(landingPathOf(slug, me.user) ?? `/${slug}/`, { replace: true });
        })
        .catch(() => navigate(`/${slug}/`, { replace: true }));
    }, TIMINGS.orcidRedirectMs);
    return () => window.clearTimeout(timer);
  }, [valid, slug, client, navigate]);

  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto">
      <Stack gap="lg">
        <Title order={1} fz={28}>
          {t('accounts.orcid_login_title')}
        </Title>
        <Alert color={valid ? 'green' : 'red'} role={valid ? 'status' : 'alert'}>
          {t(messageKey)}
        </Alert>
        {/* An account waiting for its registration fee pays it here (docs/decisions/0006-payments.md). */}
        {!valid && params.get('message') === 'paid' && <RegistrationPayment email="" />}
        {valid ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : (
          <Group>
            <Button component={Link} to={`/${slug}/`}>
              {t('common.back_home')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
