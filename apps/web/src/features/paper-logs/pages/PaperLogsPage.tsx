import { PAPER_STATUS } from '@journals/core/enums';
import { isEditor } from '@journals/core/rules/permissions';
import { Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPanel } from '../../../components/ListPanel';
import { QueryView } from '../../../components/QueryView';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { actorOf, useSession } from '../../../lib/session';
import { usePaperLogs } from '../api';
import { LogTable } from '../LogTable';
import { PaperLogDialog } from '../PaperLogDialog';
import { ScreenHeading } from '../../../components/ScreenHeading';

/** The statuses an entry can record: every status a submitted paper takes. */
const STATUSES = Object.values(PAPER_STATUS).filter((status) => status !== PAPER_STATUS.draft);

/**
 * The paper logs screen (spec 03 "Paper logs", issue 10 §3): what happened to the caller's papers (an editor's
 * journal, a handling editor's specializations), newest first; search by title or code, a status filter, the
 * server's pages; a title opens that paper's whole log.
 */
export function PaperLogsPage() {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const { slug } = useJournal();
  const editor = isEditor(actorOf(useSession(slug).data?.user));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const logs = usePaperLogs(slug, { search: debounced, status, page });
  const filtered = debounced !== '' || status !== null;
  // The paper whose log is open, and the one last opened (its log stays while the dialog closes).
  const [opened, setOpened] = useState(false);
  const [paperId, setPaperId] = useState<number | null>(null);

  return (
    <Stack gap="lg">
      <ScreenHeading
        title={t('backoffice.screen_paperLogs')}
        intro={editor ? t('paperLogs.intro_journal') : t('paperLogs.intro_specializations')}
      />

      <Group align="flex-end" gap="md">
        <TextInput
          label={t('paperLogs.search_label')}
          placeholder={t('paperLogs.search_placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 380 }}
          data-testid="logs-search"
        />
        <Select
          label={t('paperLogs.status_label')}
          data={[
            { value: '', label: t('paperLogs.status_all') },
            ...STATUSES.map((value) => ({ value: String(value), label: dynamicT(`papers.status_${value}`) })),
          ]}
          value={status === null ? '' : String(status)}
          onChange={(value) => {
            setStatus(value ? Number(value) : null);
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', sm: 260 }}
          data-testid="logs-status"
        />
      </Group>

      <QueryView query={logs} failedTitle={t('paperLogs.load_failed')}>
        {(data) => (
          <ListPanel
            busy={logs.isPlaceholderData}
            summary={
              data.more ? t('paperLogs.total_more', { count: data.total }) : t('paperLogs.total', { count: data.total })
            }
            summaryTestId="logs-total"
            empty={
              data.items.length > 0
                ? null
                : filtered
                  ? t('paperLogs.no_match')
                  : editor
                    ? t('paperLogs.empty')
                    : t('paperLogs.empty_specializations')
            }
            emptyTestId="logs-empty"
            pages={{
              total: data.total,
              pageSize: data.pageSize,
              page,
              onChange: setPage,
              testId: 'logs-pages',
            }}
          >
            <LogTable
              entries={data.items}
              onOpenPaper={(entry) => {
                setPaperId(entry.paper.id);
                setOpened(true);
              }}
              testId="paper-logs"
            />
          </ListPanel>
        )}
      </QueryView>

      <PaperLogDialog slug={slug} paperId={paperId} opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}
