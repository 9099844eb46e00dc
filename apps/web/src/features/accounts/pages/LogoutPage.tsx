import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Center, Group, Loader, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useJournal } from '../../../lib/journal';
import { useLogout } from '../api';
import { useTranslation } from '../../../lib/i18n';

/** /{slug}/logout: clears the session and goes to the journal home (spec 01 §2). */
export function LogoutPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const logout = useLogout(slug);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout.mutate(undefined, { onSettled: () => navigate(`/${slug}/`, { replace: true }) });
  }, [logout, navigate, slug]);

  return (
    <Center py="xl">
      <VisuallyHidden>
        <Title order={1}>{t('accounts.logout')}</Title>
      </VisuallyHidden>
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('accounts.logging_out')}</Text>
      </Group>
    </Center>
  );
}
