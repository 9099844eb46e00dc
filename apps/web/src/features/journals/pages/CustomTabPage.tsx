import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { HtmlContent } from '../../../components/HtmlContent';
import { useJournal, usePick } from '../../../lib/journal';
import { useCustomTab } from '../api';

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
