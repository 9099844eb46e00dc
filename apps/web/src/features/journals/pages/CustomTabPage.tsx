import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { HtmlContent } from '../../../components/HtmlContent';
import { useJournal, usePick } from '../../../lib/journal';
import { useCustomTab } from '../api';
import { useTranslation } from '../../../lib/i18n';

/** /{slug}/page/{tabSlug}: the tab's name and content; any failure goes back to the journal home (spec 03 §8). */
export function CustomTabPage() {
  const { t } = useTranslation();
  const pick = usePick();
  const { slug } = useJournal();
  const { tabSlug = '' } = useParams();
  const tab = useCustomTab(slug, tabSlug);

  if (tab.isError) return <Navigate to={`/${slug}/`} replace />;
  if (!tab.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const html = pick(tab.data.content);
  return (
    <Stack gap="lg">
      <Title order={1}>{pick(tab.data.name)}</Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {html.trim() ? <HtmlContent html={html} /> : <Text c="dimmed">{t('public.section_empty')}</Text>}
      </Paper>
    </Stack>
  );
}
