import '@mantine/core/styles/Table.layer.css';
import { formatDay, formatTime } from '@journals/core/format';
import type { ImportView } from '@journals/core/schemas/imports';
import { Button, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { QueryView } from '../../components/QueryView';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { useImports } from './api';
import { ImportStateBadge } from './ImportStateBadge';

/** When an import was started, in the page's digits: its day and its time. */
export function useStartedAt() {
  const language = useLanguage();
  return (view: ImportView) =>
    `${formatDay(view.createdAt, language)} ${formatTime(new Date(view.createdAt), language)}`;
}

/** The journal's earlier imports, newest first, each to be opened again. */
export function ImportHistory({
  slug,
  openId,
  onOpen,
}: {
  slug: string;
  openId: number | null;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const startedAt = useStartedAt();
  const list = useImports(slug);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="import-history-title">
      <Title order={2} fz="lg" mb="sm" id="import-history-title">
        {t('imports.history_title')}
      </Title>
      <QueryView query={list} failedTitle={t('imports.load_failed')}>
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm" c="gray.7" data-testid="history-empty">
              {t('imports.history_empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" striped data-testid="import-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('imports.col_started')}</Table.Th>
                    <Table.Th>{t('imports.col_source')}</Table.Th>
                    <Table.Th>{t('imports.col_file')}</Table.Th>
                    <Table.Th>{t('imports.col_by')}</Table.Th>
                    <Table.Th>{t('imports.col_state')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('imports.open')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.id} data-testid="history-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{startedAt(item)}</Table.Td>
                      <Table.Td>{dynamicT(`imports.source_${item.source}`)}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>
                        <bdi>{item.fileName ?? item.url}</bdi>
                      </Table.Td>
                      <Table.Td>{item.createdBy?.fullName}</Table.Td>
                      <Table.Td>
                        <ImportStateBadge state={item.state} />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => onOpen(item.id)}
                          disabled={item.id === openId}
                          aria-label={`${t('imports.open')}: ${item.fileName ?? item.url ?? ''}`}
                          data-testid="history-open"
                        >
                          {item.id === openId ? t('imports.opened') : t('imports.open')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryView>
    </Paper>
  );
}
