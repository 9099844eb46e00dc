import type { ColorName } from '@journals/core/colors';
import { formatDay, truncate } from '@journals/core/format';
import { LIMITS } from '@journals/core/limits';
import { STATUS_COLORS } from '@journals/core/papers';
import { canCreatePaper } from '@journals/core/rules/papers';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
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
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPages } from '../../../components/ListPages';
import { StatCard } from '../../../components/StatCard';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { actorOf, useSession } from '../../../lib/session';
import { DASHBOARD_FILTERS, useMyPapers, type DashboardFilter } from '../api';

const PAGE_SIZE = 10;
const FILTER_COLORS: Record<DashboardFilter, ColorName> = {
  all: 'brand',
  accepted: 'green',
  rejected: 'red',
  acceptedWithRevisions: 'indigo',
  waiting: 'orange',
  published: 'blueGray',
};

/**
 * /{slug}/dashboard: the author's papers, six statistic cards that filter the table (spec 01 "Author dashboard"),
 * their numbers abbreviated with K, M and B (the exact number in the card's title). Only researchers are offered
 * a new paper.
 */
export function AuthorDashboardPage() {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const { slug } = useJournal();
  const user = useSession(slug).data?.user;
  const [status, setStatus] = useState<DashboardFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const papers = useMyPapers(slug, { status, search: debounced.trim(), page });
  const data = papers.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} fz={28}>
          {t('backoffice.screen_authorDashboard')}
        </Title>
        {canCreatePaper(actorOf(user)) && (
          <Button
            component={Link}
            to={`/${slug}/dashboard/papers/create`}
            leftSection={<IconPlus size={18} aria-hidden />}
            data-testid="add-paper"
          >
            {t('submissions.add_new_paper')}
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        {DASHBOARD_FILTERS.map((filter) => (
          <StatCard
            key={filter}
            count={data?.statistics?.[filter] ?? 0}
            label={t(`submissions.stat_${filter}`)}
            color={FILTER_COLORS[filter]}
            active={status === filter}
            onClick={() => {
              setStatus(filter);
              setPage(1);
            }}
            testId={`stat-${filter}`}
          />
        ))}
      </SimpleGrid>

      <TextInput
        label={t('submissions.search_label')}
        placeholder={t('submissions.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />

      {papers.isError ? (
        <Alert color="red" role="alert">
          {papers.error.message}
        </Alert>
      ) : (
        <Paper withBorder radius="lg" p="md">
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('submissions.col_code')}</Table.Th>
                  <Table.Th>{t('submissions.col_title')}</Table.Th>
                  <Table.Th>{t('submissions.col_submitted')}</Table.Th>
                  <Table.Th>{t('submissions.col_status')}</Table.Th>
                  <Table.Th>{t('submissions.col_status_date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.items.map((paper) => (
                  <Table.Tr key={paper.id} data-testid="paper-row">
                    <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                      <Anchor component={Link} to={`/${slug}/dashboard/papers/${paper.id}`}>
                        {paper.code ?? '—'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={paper.title} multiline maw={400} withArrow>
                        {/* dir="auto": an English title in the Arabic table keeps its ellipsis at its end. */}
                        <Anchor
                          component={Link}
                          to={`/${slug}/dashboard/papers/${paper.id}`}
                          aria-label={paper.title}
                          dir="auto"
                        >
                          {truncate(paper.title, LIMITS.tableTitleCut)}
                        </Anchor>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>{formatDay(paper.submittedAt ?? paper.createdAt, language)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[paper.status] ?? 'gray'} variant="light">
                        {dynamicT(`papers.status_${paper.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDay(paper.statusDate, language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data && data.items.length === 0 && (
            <Text ta="center" c="gray.7" py="lg">
              {t('backoffice.empty_authorDashboard')}
            </Text>
          )}
          {data && (
            <ListPages total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} testId="papers-pages" />
          )}
        </Paper>
      )}
    </Stack>
  );
}
