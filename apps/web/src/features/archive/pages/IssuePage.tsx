import './archive.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { QueryView } from '../../../components/QueryView';
import { ApiError } from '../../../lib/http';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal, usePageTitle } from '../../../lib/journal';
import { useArchiveIssue } from '../api';
import { ArchiveNotFound } from '../components/ArchiveNotFound';
import { BackButton } from '../components/BackButton';
import { PaperCard } from '../components/PaperCard';
import { chronologyLabel, longDate, readIssueSegment } from '../format';

/** /{slug}/archive/vol-{v}-i-{i}: one published issue and its papers in order (issue 21 §3). */
export function IssuePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const named = readIssueSegment(useParams().issue);
  const query = useArchiveIssue(slug, named?.volume ?? NaN, named?.issue ?? '');
  const shown = query.data;
  usePageTitle(
    shown &&
      `${t('archive.issue_of_volume', { volume: shown.volume, issue: Number(shown.issue) })} (${chronologyLabel(shown.chronology, language)})`,
  );
  if (!named) return <ArchiveNotFound slug={slug} />;
  if (query.error instanceof ApiError && query.error.status === 404)
    return <ArchiveNotFound slug={slug} message={query.error.message} />;
  return (
    <Stack gap="lg">
      <div>
        <BackButton to={`/${slug}/archive`} label={t('archive.back')} />
      </div>
      <QueryView query={query} failedTitle={t('common.load_failed')}>
        {(issue) => (
          <Stack gap="lg">
            <header>
              <Title order={1}>{t('archive.issue', { issue: Number(issue.issue) })}</Title>
              <Text fz="lg" mt={4}>
                {t('archive.volume', { volume: issue.volume })} · {chronologyLabel(issue.chronology, language)}
              </Text>
              {issue.publishDate && (
                <Text c="gray.7" size="sm">
                  {t('archive.published_on', { date: longDate(issue.publishDate, language) })}
                </Text>
              )}
            </header>
            {issue.papers.length === 0 ? (
              <Text c="gray.7">{t('archive.issue_empty')}</Text>
            ) : (
              <Stack
                gap="md"
                component="section"
                aria-label={t('archive.papers_count', { count: issue.papers.length })}
              >
                {issue.papers.map((paper) => (
                  <PaperCard key={paper.id} slug={slug} paper={paper} headingLevel={2} />
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
