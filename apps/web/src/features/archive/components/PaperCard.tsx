import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import type { ArchiveIssueResponse } from '@journals/core/schemas/archive';
import { formatNumber } from '@journals/core/format';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { longDate, paperPath } from '../format';
import { Localized, localizedTitle } from './Localized';
import { NoticeMark } from './NoticeMark';

type IssuePaper = ArchiveIssueResponse['papers'][number];

/** A paper of an issue's table of contents: order, title, subtitle, authors, publish date, pages and its link. */
export function PaperCard({
  slug,
  paper,
  headingLevel = 3,
}: {
  slug: string;
  paper: IssuePaper;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localizedTitle(paper.title, language);
  const titleId = `paper-${paper.id}-title`;
  return (
    <Paper component="article" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-labelledby={titleId}>
      <Stack gap={6}>
        {paper.mark && (
          <div>
            <NoticeMark mark={paper.mark} />
          </div>
        )}
        <Text size="sm" c="gray.7">
          {t('archive.order', { order: paper.order })}
          {paper.pages?.from != null && paper.pages.to != null && (
            <>
              {' · '}
              {t('archive.pages')}{' '}
              {t('archive.pages_range', {
                from: formatNumber(paper.pages.from, language, { useGrouping: false }),
                to: formatNumber(paper.pages.to, language, { useGrouping: false }),
              })}
            </>
          )}
        </Text>
        <Title order={headingLevel} fz="lg" id={titleId}>
          <Anchor component={Link} to={paperPath(slug, paper.id)} inherit>
            <Localized text={title} />
          </Anchor>
        </Title>
        {paper.subtitle && <Text c="gray.7">{paper.subtitle}</Text>}
        {paper.authors.length > 0 && <Text size="sm">{paper.authors.join(language === 'ar' ? '، ' : ', ')}</Text>}
        <Group justify="space-between" gap="xs">
          {paper.publishDate && (
            <Text size="sm" c="gray.7">
              {t('archive.published_on', { date: longDate(paper.publishDate, language) })}
            </Text>
          )}
          <Anchor
            component={Link}
            to={paperPath(slug, paper.id)}
            size="sm"
            aria-label={`${t('archive.read_paper')}: ${title.text}`}
          >
            {t('archive.read_paper')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
