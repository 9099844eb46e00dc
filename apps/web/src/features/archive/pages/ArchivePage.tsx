import './archive.css';
import '@mantine/core/styles/EmptyState.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { EmptyState, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryView } from '../../../components/QueryView';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal, usePageTitle } from '../../../lib/journal';
import { useArchiveTimeline } from '../api';
import { chronologyLabel, issuePath, longDate } from '../format';

/** /{slug}/archive: the journal's published issues by volume, newest first (issue 21 §3). */
export function ArchivePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  usePageTitle(t('archive.archive_title'));
  const timeline = useArchiveTimeline(slug);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('archive.archive_title')}</Title>
      <QueryView query={timeline} failedTitle={t('common.load_failed')}>
        {({ volumes }) =>
          volumes.length === 0 ? (
            <Paper withBorder radius="lg" p="xl">
              <EmptyState
                icon={<IconArchive aria-hidden />}
                title={t('archive.archive_empty')}
                description={t('archive.archive_empty_text')}
              />
            </Paper>
          ) : (
            <ol className="archive-timeline">
              {volumes.map(({ volume, issues }) => (
                <li key={volume} className="archive-volume">
                  <Title order={2} fz="xl" mb="sm" id={`volume-${volume}`}>
                    {t('archive.volume', { volume })}
                  </Title>
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-labelledby={`volume-${volume}`}>
                    {issues.map((issue) => (
                      <Link key={issue.issue} to={issuePath(slug, volume, issue.issue)} className="archive-issue-link">
                        <Paper withBorder radius="lg" p="md" className="archive-issue-card">
                          <Text fw={700} fz="lg">
                            {t('archive.issue', { issue: Number(issue.issue) })}
                          </Text>
                          <Text>{chronologyLabel(issue.chronology, language)}</Text>
                          {issue.publishDate && (
                            <Text size="sm" c="gray.7">
                              {t('archive.published_on', { date: longDate(issue.publishDate, language) })}
                            </Text>
                          )}
                          <Text size="sm" c="gray.7">
                            {t('archive.papers_count', { count: issue.papers })}
                          </Text>
                        </Paper>
                      </Link>
                    ))}
                  </SimpleGrid>
                </li>
              ))}
            </ol>
          )
        }
      </QueryView>
    </Stack>
  );
}
