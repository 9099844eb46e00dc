import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/EmptyState.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { EmptyState, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useJournal } from '../../../lib/journal';
import { useJournalTabs } from '../api';
import { useTranslation } from '../../../lib/i18n';

/**
 * /{slug}/archive. The public archive (volumes and issues) comes with the archive area; until an issue is
 * published there is nothing to list, which the tabs answer (currentIssue) tells us.
 */
export function ArchivePage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const currentIssue = useJournalTabs(slug).data?.currentIssue;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('public.archive_title')}</Title>
      <Paper withBorder radius="lg" p="xl">
        {currentIssue ? (
          <Text fw={600}>
            {t('public.current_issue', {
              volume: currentIssue.volume,
              issue: currentIssue.issue,
              chronology: currentIssue.chronology,
            })}
          </Text>
        ) : (
          <EmptyState
            icon={<IconArchive aria-hidden />}
            title={t('public.archive_empty')}
            description={t('public.archive_empty_text')}
          />
        )}
      </Paper>
    </Stack>
  );
}
