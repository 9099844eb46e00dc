import '@mantine/core/styles/Table.layer.css';
import { IMPORT_ACTIONS, type ImportAction, type ImportView } from '@journals/core/schemas/imports';
import { Anchor, Group, Select, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ListPanel } from '../../components/ListPanel';
import { QueryView } from '../../components/QueryView';
import { StatusBadge } from '../../components/StatusBadge';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { formatNumber } from '@journals/core/format';
import { reportCsvUrl, useImportLines } from './api';
import { ACTION_BADGE_COLORS } from './display';

export interface ReportFilters {
  page: number;
  action: ImportAction | null;
}

/**
 * The report, record by record: its place in the file, its kind, what is (or was) done with it and why, filtered by
 * action and paged by the server; the whole report as CSV.
 */
export function ImportReport({
  slug,
  view,
  filters,
  onFilters,
}: {
  slug: string;
  view: ImportView;
  filters: ReportFilters;
  onFilters: (filters: ReportFilters) => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const lines = useImportLines(slug, view.id, filters, view.state);

  return (
    <section aria-labelledby="import-report-title">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} fz="lg" id="import-report-title">
          {t('imports.report_heading')}
        </Title>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('imports.filter_label')}
            data={[
              { value: '', label: t('imports.filter_all') },
              ...IMPORT_ACTIONS.map((action) => ({ value: action, label: dynamicT(`imports.action_${action}`) })),
            ]}
            value={filters.action ?? ''}
            onChange={(value) => onFilters({ page: 1, action: (value || null) as ImportAction | null })}
            allowDeselect={false}
            w={200}
            data-testid="report-filter"
          />
          <Anchor href={reportCsvUrl(slug, view.id, language)} download size="sm" data-testid="report-csv">
            <Group gap={4} component="span" wrap="nowrap">
              <IconDownload size={16} aria-hidden />
              {t('imports.download_report')}
            </Group>
          </Anchor>
        </Group>
      </Group>
      <QueryView query={lines} failedTitle={t('imports.report_failed')}>
        {(data) => (
          <ListPanel
            busy={lines.isPlaceholderData}
            summary={t('imports.report_total', { count: data.total })}
            summaryTestId="report-total"
            empty={data.items.length > 0 ? null : t('imports.report_empty')}
            emptyTestId="report-empty"
            pages={{
              total: data.total,
              pageSize: data.pageSize,
              page: filters.page,
              onChange: (page) => onFilters({ ...filters, page }),
              testId: 'report-pages',
            }}
          >
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" striped data-testid="report-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('imports.report_position')}</Table.Th>
                    <Table.Th>{t('imports.report_place')}</Table.Th>
                    <Table.Th>{t('imports.report_kind')}</Table.Th>
                    <Table.Th>{t('imports.report_action')}</Table.Th>
                    <Table.Th>{t('imports.report_title')}</Table.Th>
                    <Table.Th>{t('imports.report_reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((line) => (
                    <Table.Tr key={line.position} data-testid="report-line">
                      <Table.Td>{formatNumber(line.position, language)}</Table.Td>
                      {/* Worded in the page's language by the server; a file's name or an id in it as the source wrote it. */}
                      <Table.Td maw={220} data-testid="line-place">
                        <Text size="xs" style={{ wordBreak: 'break-word' }}>
                          {line.place}
                        </Text>
                      </Table.Td>
                      <Table.Td>{dynamicT(`imports.kind_${line.kind}`)}</Table.Td>
                      <Table.Td>
                        <StatusBadge color={ACTION_BADGE_COLORS[line.action]} data-testid="line-action">
                          {dynamicT(`imports.action_${line.action}`)}
                        </StatusBadge>
                      </Table.Td>
                      <Table.Td data-testid="line-title">
                        <bdi>{line.title}</bdi>
                      </Table.Td>
                      <Table.Td data-testid="line-reason">{line.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </ListPanel>
        )}
      </QueryView>
    </section>
  );
}
