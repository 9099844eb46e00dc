import './archive.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import type { MessageKey } from '@journals/core/i18n/index';
import type { NoticePageResponse } from '@journals/core/schemas/notices';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { QueryView } from '../../../components/QueryView';
import { ApiError } from '../../../lib/http';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal, usePageTitle } from '../../../lib/journal';
import { useArchiveNotice } from '../api';
import { ArchiveNotFound } from '../components/ArchiveNotFound';
import { BackButton } from '../components/BackButton';
import { Localized, localizedTitle } from '../components/Localized';
import { issuePath, longDate } from '../format';

/** Each kind's colour and icon, as the paper's banner shows them. */
const LOOK = {
  retraction: { color: 'red', Icon: IconBan },
  expressionOfConcern: { color: 'orange', Icon: IconAlertTriangle },
  correction: { color: 'blue', Icon: IconInfoCircle },
} as const;

/**
 * /{slug}/archive/notices/{id}: a notice's own page (issue 46 §2, decision 0088) — its kind, date, text in the
 * reader's language (else the other, marked with its own language and direction), its DOI, and the paper it is
 * about, linked. The paper's banner links here; the notice's DOI resolves here.
 */
export function NoticePage() {
  const { slug } = useJournal();
  const raw = useParams().id ?? '';
  const id = Number(raw);
  const valid = /^\d{1,10}$/.test(raw) && id > 0 && id <= 2_147_483_647;
  const query = useArchiveNotice(slug, valid ? id : NaN);
  const { t } = useTranslation();
  if (!valid) return <ArchiveNotFound slug={slug} />;
  if (query.error instanceof ApiError && query.error.status === 404)
    return <ArchiveNotFound slug={slug} message={query.error.message} />;
  return (
    <QueryView query={query} failedTitle={t('common.load_failed')}>
      {(notice) => <NoticeDetails slug={slug} notice={notice} />}
    </QueryView>
  );
}

function NoticeDetails({ slug, notice }: { slug: string; notice: NoticePageResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const kind = t(`archive.notice_title_${notice.kind}` as MessageKey);
  const paperTitle = localizedTitle(notice.paper.title, language);
  usePageTitle(`${kind}: ${paperTitle.text}`);
  const text = localizedTitle(notice.text, language);
  const paperLink = `/${slug}/archive/papers/${notice.paper.id}`;
  const { color, Icon } = LOOK[notice.kind];
  return (
    <Stack gap="lg" component="article" aria-labelledby="notice-title" data-notice={notice.kind}>
      <Group>
        <BackButton to={paperLink} label={t('archive.back_to_paper')} />
      </Group>
      <Alert
        variant="light"
        color={color}
        radius="lg"
        icon={<Icon size={26} aria-hidden />}
        title={
          <Title order={1} fz="h2" id="notice-title">
            {kind}
          </Title>
        }
      >
        <Text size="sm" mb="sm">
          {t('archive.notice_date', { date: longDate(notice.noticeDate, language) })}
        </Text>
        <Text className="archive-abstract" component="div" style={{ whiteSpace: 'pre-line' }}>
          <Localized text={text} />
        </Text>
        {notice.doi && (
          <Text size="sm" mt="sm">
            {t('archive.notice_doi')}:{' '}
            <Anchor href={`https://doi.org/${notice.doi}`} dir="ltr">
              https://doi.org/{notice.doi}
            </Anchor>
          </Text>
        )}
      </Alert>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="notice-paper">
        <Stack gap="xs">
          <Title order={2} fz="lg" id="notice-paper">
            {t('archive.notice_about')}
          </Title>
          <Anchor component={Link} to={paperLink} fw={600} data-testid="notice-paper-link">
            <Localized text={paperTitle} />
          </Anchor>
          <Anchor component={Link} to={issuePath(slug, notice.paper.volume, notice.paper.issue)} size="sm">
            {t('archive.issue_of_volume', { volume: notice.paper.volume, issue: Number(notice.paper.issue) })}
          </Anchor>
          {notice.paper.doi && (
            <Text size="sm">
              {t('archive.doi')}:{' '}
              <Anchor href={`https://doi.org/${notice.paper.doi}`} dir="ltr">
                https://doi.org/{notice.paper.doi}
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
