import type { ExportView } from '@journals/core/schemas/exports';
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { QueryView } from '../../../components/QueryView';
import { StatusBadge } from '../../../components/StatusBadge';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { notifyDone, notifyFailed } from '../../../lib/notify';
import { downloadUrl, isBusy, useDeleteExport, useExports } from './api';
import { EXPORT_STATE_COLORS, formatBytes, formatStarted } from './display';

/**
 * The journal's exports, newest first, one card each (a table's last columns, Download and Delete, went off a
 * phone's screen): its format and state, when it started, the papers written and the file's size, then Download
 * once ready and Delete while it is not being made.
 */
export function ExportList({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const list = useExports(slug);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" id="export-list-title">
        {t('exports.list_title')}
      </Title>
      <QueryView query={list} failedTitle={t('exports.load_failed')}>
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm" c="gray.7" data-testid="exports-empty">
              {t('exports.empty')}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-labelledby="export-list-title"
              data-testid="export-list"
            >
              {data.items.map((item) => (
                <ExportItem key={item.id} slug={slug} view={item} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

function ExportItem({ slug, view }: { slug: string; view: ExportView }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const started = formatStarted(view.createdAt, language);
  const remove = useDeleteExport(slug);
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('exports.delete_title'),
      children: <Text size="sm">{t('exports.delete_body')}</Text>,
      labels: { confirm: t('exports.delete'), cancel: t('exports.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-export-delete' } as never,
      onConfirm: () =>
        remove.mutate(view.id, {
          onSuccess: () => notifyDone({ message: t('exports.deleted') }),
          onError: notifyFailed,
        }),
    });
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="export-row" data-state={view.state}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {dynamicT(`exports.short_${view.format}`)}
            </Text>
            <StatusBadge color={EXPORT_STATE_COLORS[view.state]} data-testid="export-state">
              {dynamicT(`exports.state_${view.state}`)}
            </StatusBadge>
          </Group>
          <Text size="xs" c="gray.7">
            {t('exports.started_at', { date: started })}
          </Text>
          <ExportProgress view={view} />
          {view.state === 'failed' && view.error && (
            <Text size="sm" c="red.8" data-testid="export-error">
              {view.error.message}
            </Text>
          )}
          {/* Done without the PDFs the storage no longer had (decision 0084): said, with the papers' titles. */}
          {view.missingFiles && (
            <div data-testid="export-missing">
              <Text size="sm" fw={500}>
                {view.missingFiles.message}
              </Text>
              <Text component="ul" size="sm" my={4} ps="lg">
                {view.missingFiles.titles.map((title, index) => (
                  <li key={index}>
                    <bdi>{title}</bdi>
                  </li>
                ))}
              </Text>
            </div>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {view.state === 'done' && view.fileName && (
            <Button
              component="a"
              href={downloadUrl(slug, view.id)}
              download={view.fileName}
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={t('exports.download_named', { name: view.fileName })}
              data-testid="export-download"
            >
              {t('exports.download')}
            </Button>
          )}
          {!isBusy(view) && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={confirmDelete}
              loading={remove.isPending}
              aria-label={t('exports.delete_named', { date: started })}
              data-testid="export-delete"
            >
              {t('exports.delete')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** Papers written of all and the file's size; a bar while the export is made (its total is known once it starts). */
function ExportProgress({ view }: { view: ExportView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { papers, papersDone } = view.progress;
  if (view.state === 'queued' && papers === 0) return null;
  const label = t('exports.papers_done', { count: papers, done: papersDone, total: papers });
  const id = `export-progress-${view.id}`;
  return (
    <Stack gap={4}>
      <Text size="sm" id={id}>
        <span data-testid="export-progress">{label}</span>
        {view.bytes !== null && (
          <>
            {' · '}
            <span data-testid="export-size">{formatBytes(view.bytes, language)}</span>
          </>
        )}
      </Text>
      {isBusy(view) && (
        <Progress.Root size="md" radius="md" maw={360}>
          <Progress.Section
            value={papers > 0 ? Math.min(100, Math.round((papersDone / papers) * 100)) : 0}
            animated
            aria-labelledby={id}
            aria-valuetext={label}
          />
        </Progress.Root>
      )}
    </Stack>
  );
}
