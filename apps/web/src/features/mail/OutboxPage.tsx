import { formatDay, formatNumber, formatTime } from '@journals/core/format';
import { OUTBOX_STATES, type OutboxRow, type OutboxState } from '@journals/core/schemas/outbox';
import { Button, Group, SegmentedControl, Stack, Table, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { CutText } from '../../components/CutText';
import { ListPanel } from '../../components/ListPanel';
import { QueryView } from '../../components/QueryView';
import { SearchBox } from '../../components/SearchBox';
import { StatusBadge } from '../../components/StatusBadge';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { type OutboxFilters, type OutboxScope, useOutbox, useRetryMail } from './api';
import { ScreenHeading } from '../../components/ScreenHeading';
import { notifyDone, notifyFailed } from '../../lib/notify';

const STATE_COLOR: Record<OutboxState, string> = { pending: 'blue', sending: 'cyan', sent: 'green', failed: 'red' };

/**
 * The outbox screen (issue 22 §3): the journal's messages newest first with their kind, recipient, subject, state,
 * attempts and dates; filtered by state, searched by recipient or subject (Enter or the icon), a page at a time; a
 * failed message shows why and can be sent again. Bodies are never shown. The platform administrator's outbox across
 * journals (issue 22 §4) is the same screen with each message's journal.
 */
export function OutboxPage({ scope = 'journal' }: { scope?: OutboxScope }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const { slug } = useJournal();
  const [filters, setFilters] = useState<OutboxFilters>({ state: null, search: '', page: 1 });
  const list = useOutbox(slug, filters, scope);
  const retry = useRetryMail(slug, scope);
  const platform = scope === 'platform';
  const kindOf = (kind: string) => {
    const key = `outbox.kind_${kind}`;
    const label = dynamicT(key);
    return label === key ? kind : label;
  };
  const when = (value: string) => `${formatDay(value, language)} ${formatTime(new Date(value), language)}`;
  const filtered = filters.state !== null || filters.search !== '';

  return (
    <Stack gap="lg">
      <ScreenHeading
        title={t(platform ? 'backoffice.screen_platformOutbox' : 'backoffice.screen_outbox')}
        intro={t(platform ? 'outbox.platform_intro' : 'outbox.intro')}
      />
      <Group align="flex-end" gap="md">
        <SearchBox
          label={t('outbox.search_label')}
          placeholder={t('outbox.search_placeholder')}
          active={filters.search}
          onSearch={(search) => setFilters((now) => ({ ...now, search, page: 1 }))}
          testId="outbox-search"
        />
        <SegmentedControl
          aria-label={t('outbox.col_state')}
          value={filters.state ?? 'all'}
          onChange={(value) =>
            setFilters((now) => ({ ...now, state: value === 'all' ? null : (value as OutboxState), page: 1 }))
          }
          data={[
            { value: 'all', label: t('outbox.state_all') },
            ...OUTBOX_STATES.map((state) => ({ value: state, label: t(`outbox.state_${state}`) })),
          ]}
          data-testid="outbox-state"
        />
      </Group>
      <QueryView query={list} failedTitle={t('outbox.load_failed')}>
        {(data) => (
          <ListPanel
            busy={list.isPlaceholderData}
            summary={
              data.more
                ? t('outbox.more_than', { count: formatNumber(data.total, language) })
                : t('outbox.total', { count: data.total })
            }
            summaryTestId="outbox-total"
            empty={data.items.length > 0 ? null : filtered ? t('outbox.empty') : t('outbox.none_yet')}
            emptyTestId="outbox-empty"
            pages={{
              total: data.total,
              pageSize: data.pageSize,
              page: filters.page,
              onChange: (page) => setFilters((now) => ({ ...now, page })),
              testId: 'outbox-pages',
            }}
          >
            <Table.ScrollContainer minWidth={platform ? 1100 : 900}>
              <Table striped verticalSpacing="sm" data-testid="outbox-table">
                <Table.Thead>
                  <Table.Tr>
                    {platform && <Table.Th>{t('outbox.col_journal')}</Table.Th>}
                    <Table.Th>{t('outbox.col_kind')}</Table.Th>
                    <Table.Th>{t('outbox.col_to')}</Table.Th>
                    <Table.Th>{t('outbox.col_subject')}</Table.Th>
                    <Table.Th>{t('outbox.col_state')}</Table.Th>
                    <Table.Th>{t('outbox.col_attempts')}</Table.Th>
                    <Table.Th>{t('outbox.col_created')}</Table.Th>
                    <Table.Th>{t('outbox.col_sent')}</Table.Th>
                    <Table.Th>{t('outbox.col_actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((mail) => (
                    <OutboxLine
                      key={mail.id}
                      mail={mail}
                      platform={platform}
                      kind={kindOf(mail.kind)}
                      when={when}
                      retrying={retry.isPending && retry.variables === mail.id}
                      onRetry={() =>
                        retry.mutate(mail.id, {
                          onSuccess: notifyDone,
                          onError: notifyFailed,
                        })
                      }
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </ListPanel>
        )}
      </QueryView>
    </Stack>
  );
}

function OutboxLine({
  mail,
  platform,
  kind,
  when,
  retrying,
  onRetry,
}: {
  mail: OutboxRow;
  platform: boolean;
  kind: string;
  when: (value: string) => string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const state = (
    <StatusBadge color={STATE_COLOR[mail.state]} data-testid="outbox-state-badge">
      {t(`outbox.state_${mail.state}`)}
    </StatusBadge>
  );
  return (
    <Table.Tr data-testid="outbox-row" data-id={mail.id}>
      {platform && (
        <Table.Td dir="ltr" style={{ textAlign: 'start', whiteSpace: 'nowrap' }} data-testid="outbox-journal">
          {mail.journalSlug ? `/${mail.journalSlug}/` : '—'}
        </Table.Td>
      )}
      <Table.Td>{kind}</Table.Td>
      <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
        <CutText text={mail.to} />
      </Table.Td>
      <Table.Td>
        <CutText text={mail.subject} />
      </Table.Td>
      <Table.Td>
        {mail.lastError ? (
          <Tooltip label={mail.lastError} multiline w={320}>
            <span tabIndex={0}>{state}</span>
          </Tooltip>
        ) : (
          state
        )}
      </Table.Td>
      <Table.Td>{formatNumber(mail.attempts, language)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(mail.createdAt)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{mail.sentAt ? when(mail.sentAt) : '—'}</Table.Td>
      <Table.Td>
        {mail.state === 'failed' && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retrying}
            onClick={onRetry}
            data-testid="outbox-retry"
          >
            {t('outbox.retry')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
