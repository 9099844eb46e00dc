import type { ImportView } from '@journals/core/schemas/imports';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { QueryView } from '../../components/QueryView';
import { useDynamicT, useTranslation } from '../../lib/i18n';
import { useImport } from './api';
import { InviteButton, RunChoice, UndoButton } from './ImportActions';
import { useStartedAt } from './ImportHistory';
import { CheckingProgress, RunningProgress } from './ImportProgress';
import { ImportReport, type ReportFilters } from './ImportReport';
import { ImportStateBadge } from './ImportStateBadge';
import { ImportSummaryCards } from './ImportSummaryCards';

/**
 * One import, followed while its job works on it: the dry run going on, its report and the choice to import, the
 * progress of the import, its final report and Undo, or why the file could not be read.
 */
export function ImportDetail({ slug, id, onClosed }: { slug: string; id: number; onClosed: () => void }) {
  const { t } = useTranslation();
  const query = useImport(slug, id);
  return (
    <QueryView query={query} failedTitle={t('imports.load_failed')}>
      {(view) => <ImportShown slug={slug} view={view} onClosed={onClosed} />}
    </QueryView>
  );
}

function ImportShown({ slug, view, onClosed }: { slug: string; view: ImportView; onClosed: () => void }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const startedAt = useStartedAt();
  const [filters, setFilters] = useState<ReportFilters>({ page: 1, action: null });
  const ran = view.state === 'done' || view.state === 'undone' || view.state === 'running' || view.state === 'queued';
  const hasReport = view.state === 'checked' || view.state === 'done' || view.state === 'undone';
  const resultsTitle = ran ? t('imports.result_title') : t('imports.checked_title');

  return (
    <Stack gap="md" component="section" aria-labelledby="import-title" data-testid="import-detail">
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={2} fz="lg" id="import-title" style={{ wordBreak: 'break-word' }}>
              <bdi data-testid="import-file-name">{view.fileName ?? view.url}</bdi>
            </Title>
            <Text size="sm">{dynamicT(`imports.source_${view.source}`)}</Text>
            <Text size="xs" c="gray.7">
              {t('imports.started_by', { name: view.createdBy?.fullName ?? '', date: startedAt(view) })}
            </Text>
          </Stack>
          <Group gap="sm" align="flex-start">
            <ImportStateBadge state={view.state} />
            {view.state === 'done' && view.source === 'ojsUsers' && <InviteButton slug={slug} view={view} />}
            {view.state === 'done' && <UndoButton slug={slug} view={view} />}
          </Group>
        </Group>
      </Paper>

      {view.state === 'checking' && <CheckingProgress view={view} />}
      {(view.state === 'queued' || view.state === 'running') && <RunningProgress view={view} />}
      {view.state === 'failed' && (
        <Alert color="red" role="alert" title={t('imports.failed_title')} data-testid="import-error">
          {view.error?.message ?? t('imports.file_unreadable')}
        </Alert>
      )}
      {view.state === 'undone' && (
        <Alert color="gray" data-testid="import-undone">
          {t('imports.undone')}
        </Alert>
      )}

      {(hasReport || ran) && view.state !== 'queued' && (
        <Title order={2} fz="lg" data-testid="results-title">
          {view.state === 'done' ? t('imports.done_title') : resultsTitle}
        </Title>
      )}
      {(hasReport || ran) && view.state !== 'queued' && (
        <ImportSummaryCards
          summary={view.summary}
          ran={ran}
          action={filters.action}
          onAction={(action) => setFilters({ page: 1, action })}
        />
      )}
      {view.state === 'checked' && <RunChoice slug={slug} view={view} onDiscarded={onClosed} />}
      {hasReport && <ImportReport slug={slug} view={view} filters={filters} onFilters={setFilters} />}
    </Stack>
  );
}
