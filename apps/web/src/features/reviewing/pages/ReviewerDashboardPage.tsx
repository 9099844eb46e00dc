import type { ColorName } from '@journals/core/colors';
import { formatDay, truncate } from '@journals/core/format';
import { LIMITS } from '@journals/core/limits';
import { REVIEW_STATUS, REVIEWER_FILTER_NAMES, type ReviewerFilter } from '@journals/core/reviewing';
import {
  Alert,
  Anchor,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPages } from '../../../components/ListPages';
import { StatCard } from '../../../components/StatCard';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useReviewerDashboard, type InvitationRow } from '../api';
import { InvitationActions } from '../InvitationActions';
import { type Outcome, OutcomeDialog, useOutcome } from '../OutcomeDialog';
import { StatusBadge } from '../../../components/StatusBadge';

const PAGE_SIZE = 10;
const FILTER_COLORS: Record<ReviewerFilter, ColorName> = {
  newInvitations: 'brand',
  inPeerReview: 'orange',
  reviewed: 'green',
};

/**
 * /{slug}/dashboard/reviewing (spec 01 "Reviewer dashboard"): three cards that count and filter the reviewer's
 * invitations, and one page of the chosen filter, newest invitation first, searchable by title or code.
 */
export function ReviewerDashboardPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const [status, setStatus] = useState<ReviewerFilter>('newInvitations');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const dashboard = useReviewerDashboard(slug, { status, search: debounced.trim(), page });
  const data = dashboard.data;
  const { outcome, show, clear } = useOutcome();
  const showFilter = (filter: ReviewerFilter) => {
    setStatus(filter);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {t('backoffice.screen_reviewerDashboard')}
      </Title>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" maw={900}>
        {REVIEWER_FILTER_NAMES.map((filter) => (
          <StatCard
            key={filter}
            count={data?.statistics[filter]}
            label={t(`reviewing.stat_${filter}`)}
            color={FILTER_COLORS[filter]}
            active={status === filter}
            onClick={() => showFilter(filter)}
            testId={`stat-${filter}`}
          />
        ))}
      </SimpleGrid>

      <TextInput
        label={t('reviewing.search_label')}
        placeholder={t('reviewing.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />

      {dashboard.isError ? (
        <Alert color="red" role="alert">
          {dashboard.error.message}
        </Alert>
      ) : !data ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <Paper withBorder radius="lg" p="md">
          {data.items.length > 0 && (
            <InvitationTable
              slug={slug}
              rows={data.items}
              showDeadline={status !== 'reviewed'}
              onAnswered={() => showFilter('newInvitations')}
              onOutcome={show}
            />
          )}
          {data.items.length === 0 && (
            <Text ta="center" c="gray.7" py="lg" data-testid="reviewing-empty">
              {debounced.trim() ? t('reviewing.empty_search') : t(`reviewing.empty_${status}`)}
            </Text>
          )}
          <ListPages total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} testId="invitation-pages" />
        </Paper>
      )}
      <OutcomeDialog outcome={outcome} onClosed={clear} />
    </Stack>
  );
}

function InvitationTable({
  slug,
  rows,
  showDeadline,
  onAnswered,
  onOutcome,
}: {
  slug: string;
  rows: InvitationRow[];
  showDeadline: boolean;
  onAnswered: () => void;
  onOutcome: (kind: Outcome['kind'], message: string) => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reviewing.col_code')}</Table.Th>
            <Table.Th>{t('reviewing.col_title')}</Table.Th>
            <Table.Th>{t('reviewing.col_invited')}</Table.Th>
            {showDeadline && <Table.Th>{t('reviewing.col_deadline')}</Table.Th>}
            {!showDeadline && <Table.Th>{t('reviewing.col_status')}</Table.Th>}
            <Table.Th>{t('reviewing.col_actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const paperPath = `/${slug}/dashboard/papers/${row.paperId}`;
            return (
              <Table.Tr key={row.id} data-testid="invitation-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <span dir="ltr">{row.code ?? '—'}</span>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={row.title} multiline maw={400} withArrow>
                    {row.status === REVIEW_STATUS.refused ? (
                      // A declined invitation opens no paper page: its title is text, its status says why.
                      <Text span dir="auto" data-testid="declined-title">
                        {truncate(row.title, LIMITS.tableTitleCut)}
                      </Text>
                    ) : (
                      <Anchor component={Link} to={paperPath} aria-label={row.title} dir="auto">
                        {truncate(row.title, LIMITS.tableTitleCut)}
                      </Anchor>
                    )}
                  </Tooltip>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.inviteDate, language)}</Table.Td>
                {showDeadline && (
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="row-deadline">
                    <Group gap={6} wrap="nowrap">
                      <span>{formatDay(row.deadline, language)}</span>
                      {row.deadlineChanged && (
                        <Tooltip label={t('reviewing.deadline_changed_hint')} withArrow>
                          <StatusBadge size="sm" color="orange" data-testid="deadline-changed">
                            {t('reviewing.deadline_changed')}
                          </StatusBadge>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                )}
                {!showDeadline && (
                  <Table.Td>
                    <StatusBadge color={row.status === 4 ? 'red' : 'green'}>
                      {dynamicT(`reviewing.review_status_${row.status}`)}
                    </StatusBadge>
                  </Table.Td>
                )}
                <Table.Td>
                  <InvitationActions slug={slug} target={row} onAnswered={onAnswered} onOutcome={onOutcome} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
