import './archive.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import type { Language } from '@journals/core/enums';
import type { MessageKey } from '@journals/core/i18n/index';
import { formatNumber } from '@journals/core/format';
import { ABSTRACT_HEADING } from '@journals/core/papers';
import type { ArchivePaperResponse } from '@journals/core/schemas/archive';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { OrcidLink } from '../../../components/OrcidMark';
import { QueryView } from '../../../components/QueryView';
import { ApiError } from '../../../lib/http';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal, usePageTitle } from '../../../lib/journal';
import { useArchivePaper, usePaperViews } from '../api';
import { ArchiveNotFound } from '../components/ArchiveNotFound';
import { FullTextLink } from '../FullTextLink';
import { MembershipOffer } from '../MembershipOffer';
import { BackButton } from '../components/BackButton';
import { Localized, localizedTitle } from '../components/Localized';
import { EarlierVersions } from '../components/EarlierVersions';
import { NoticeBanner } from '../components/NoticeBanner';
import { chronologyLabel, issuePath, longDate } from '../format';

const dirOf = (language: Language) => (language === 'ar' ? 'rtl' : 'ltr');

/**
 * /{slug}/archive/papers/{id}: a published paper's details (issue 21 §3) — its metadata, the print button, the way
 * back to its issue, the final PDF and the Crossmark badge; a paper written in both languages shows its English
 * and Arabic title and abstract side by side, each block in its own language and direction; above all, a banner
 * per notice about it, newest first (a correction, an expression of concern, a retraction: decision 0087).
 */
export function PaperPage() {
  const { slug } = useJournal();
  const language = useLanguage();
  const id = Number(useParams().id);
  const valid = /^\d{1,10}$/.test(useParams().id ?? '') && id > 0 && id <= 2_147_483_647;
  const query = useArchivePaper(slug, valid ? id : NaN, language);
  const { t } = useTranslation();
  if (!valid) return <ArchiveNotFound slug={slug} />;
  if (query.error instanceof ApiError && query.error.status === 404)
    return <ArchiveNotFound slug={slug} message={query.error.message} />;
  return (
    <QueryView query={query} failedTitle={t('common.load_failed')}>
      {(paper) => <PaperDetails slug={slug} paper={paper} />}
    </QueryView>
  );
}

function PaperDetails({ slug, paper }: { slug: string; paper: ArchivePaperResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const views = usePaperViews(slug, paper.id, paper.views);
  const title = localizedTitle(paper.title, language);
  usePageTitle(title.text);
  const issueLink = issuePath(slug, paper.issue.volume, paper.issue.issue);
  const number = (value: number) => formatNumber(value, language, { useGrouping: false });
  const list = (values: string[]) => values.join(language === 'ar' ? '، ' : ', ');
  const both = paper.title.en.trim() !== '' && paper.title.ar.trim() !== '';
  const abstractLanguages: Language[] = (language === 'ar' ? (['ar', 'en'] as const) : (['en', 'ar'] as const)).filter(
    (each) => paper.abstract[each].trim() !== '',
  );

  const details: [MessageKey, ReactNode][] = [];
  if (paper.publishDate) details.push(['archive.publish_date', longDate(paper.publishDate, language)]);
  details.push([
    'archive.issue_label',
    <Anchor component={Link} to={issueLink} key="issue">
      {t('archive.issue_of_volume', { volume: paper.issue.volume, issue: Number(paper.issue.issue) })}
    </Anchor>,
  ]);
  details.push(['archive.chronology', chronologyLabel(paper.issue.chronology, language)]);
  if (paper.paperType) details.push(['archive.paper_type', t(`archive.type_${paper.paperType}` as MessageKey)]);
  if (paper.pages?.from != null && paper.pages.to != null)
    details.push([
      'archive.pages',
      <span key="pages">
        {t('archive.pages_range', { from: number(paper.pages.from), to: number(paper.pages.to) })}
      </span>,
    ]);
  if (paper.doi)
    details.push([
      'archive.doi',
      <Anchor href={`https://doi.org/${paper.doi}`} dir="ltr" key="doi">
        https://doi.org/{paper.doi}
      </Anchor>,
    ]);
  // Each author's name with their ORCID mark, separated as the language separates a list.
  const authorList = (authors: ArchivePaperResponse['authors']) =>
    authors.map((author, index) => (
      <span key={index}>
        {index > 0 && (language === 'ar' ? '، ' : ', ')}
        <span className="archive-author">{author.name}</span>
        {author.orcid && <OrcidLink orcid={author.orcid} name={author.name} />}
      </span>
    ));
  const corresponding = paper.authors.filter((author) => author.corresponding);
  const joint = paper.authors.filter((author) => !author.corresponding);
  if (corresponding.length) details.push(['archive.corresponding_author', authorList(corresponding)]);
  if (joint.length) details.push(['archive.joint_authors', authorList(joint)]);
  if (paper.keywords.length) details.push(['archive.keywords', list(paper.keywords)]);
  if (paper.specializations.length) details.push(['archive.specializations', list(paper.specializations)]);
  if (views !== undefined) details.push(['archive.views', formatNumber(views, language)]);
  details.push(['archive.downloads', formatNumber(paper.downloads, language)]);

  return (
    <Stack gap="lg" component="article" aria-labelledby="paper-title">
      <Group justify="space-between" gap="sm" className="archive-no-print">
        <BackButton to={issueLink} label={t('archive.back_to_issue')} />
        <Group gap="sm">
          {paper.crossMark && paper.doi && (
            <a
              className="archive-crossmark"
              href={`https://crossmark.crossref.org/dialog?doi=${encodeURIComponent(paper.doi)}&domain=${encodeURIComponent(window.location.hostname)}&uri_scheme=https%3A&cm_version=v2.0`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <IconCircleCheck size={18} aria-hidden />
              {t('archive.crossmark')}
            </a>
          )}
          <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            {t('archive.print')}
          </Button>
          {paper.hasFinalFile && (
            <FullTextLink
              slug={slug}
              paperId={paper.id}
              retracted={paper.notices.some((notice) => notice.kind === 'retraction')}
            />
          )}
        </Group>
      </Group>

      {[...paper.notices].reverse().map((notice, index) => (
        <NoticeBanner key={index} notice={notice} />
      ))}

      <header>
        <Title order={1} id="paper-title">
          <Localized text={title} />
        </Title>
        {paper.subtitle && (
          <Text fz="lg" c="gray.7" mt={6}>
            {paper.subtitle}
          </Text>
        )}
      </header>

      {paper.hasFinalFile && <MembershipOffer slug={slug} paperId={paper.id} />}

      <EarlierVersions slug={slug} paper={paper} />

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <dl className="archive-details">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Paper>

      {abstractLanguages.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: both && abstractLanguages.length === 2 ? 2 : 1 }} spacing="lg">
          {abstractLanguages.map((each) => (
            <Paper
              key={each}
              component="section"
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              lang={each}
              dir={dirOf(each)}
              aria-labelledby={`abstract-${each}`}
            >
              {both && abstractLanguages.length === 2 && (
                <Title order={2} fz="lg" mb="xs">
                  {paper.title[each]}
                </Title>
              )}
              <Title order={abstractLanguages.length === 2 ? 3 : 2} fz="md" c="gray.7" mb="xs" id={`abstract-${each}`}>
                {ABSTRACT_HEADING[each]}
              </Title>
              <Text className="archive-abstract">{paper.abstract[each]}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
