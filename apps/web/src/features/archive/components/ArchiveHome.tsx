import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useArchiveHome } from '../api';
import { chronologyLabel, issuePath, paperPath } from '../format';
import { NoticeMark } from './NoticeMark';
import { Localized, localizedTitle } from './Localized';
import { PaperCard } from './PaperCard';

/**
 * The archive part of a journal's home (issue 21 §3): the current issue with its papers, and the most-read papers.
 * Nothing while the journal has published nothing.
 */
export function ArchiveHome() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const home = useArchiveHome(slug).data;
  if (!home) return null;
  const { currentIssue, mostRead } = home;
  return (
    <>
      {currentIssue && (
        <section aria-labelledby="current-issue">
          <Group justify="space-between" align="baseline" mb="md">
            <Title order={2} id="current-issue">
              {t('archive.current_issue')}
            </Title>
            <Anchor component={Link} to={issuePath(slug, currentIssue.volume, currentIssue.issue)}>
              {t('archive.issue_of_volume', { volume: currentIssue.volume, issue: Number(currentIssue.issue) })} ·{' '}
              {chronologyLabel(currentIssue.chronology, language)}
            </Anchor>
          </Group>
          <Stack gap="md">
            {currentIssue.papers.map((paper) => (
              <PaperCard key={paper.id} slug={slug} paper={paper} />
            ))}
          </Stack>
        </section>
      )}
      {mostRead.length > 0 && (
        <section aria-labelledby="most-read">
          <Title order={2} id="most-read" mb="md">
            {t('archive.most_read')}
          </Title>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack component="ol" gap="sm" m={0} ps="lg">
              {mostRead.map((paper) => (
                <li key={paper.id}>
                  <Anchor component={Link} to={paperPath(slug, paper.id)}>
                    <Localized text={localizedTitle(paper.title, language)} />
                  </Anchor>{' '}
                  <NoticeMark mark={paper.mark} />{' '}
                  <Text span size="sm" c="gray.7">
                    ({t('archive.views_count', { count: paper.views })})
                  </Text>
                </li>
              ))}
            </Stack>
          </Paper>
        </section>
      )}
    </>
  );
}
