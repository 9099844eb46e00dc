import type { ImportView } from '@journals/core/schemas/imports';
import { Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { formatTimeLeft } from './display';

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0);

/** The dry run going on: how many records it has read (it cannot know how many there are before the end). */
export function CheckingProgress({ view }: { view: ImportView }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" role="status" data-testid="import-checking">
      <Group gap="md" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Stack gap={2}>
          <Text fw={600}>{t('imports.checking_title')}</Text>
          <Text size="sm" c="gray.7">
            {t('imports.checking_body', { count: view.progress.recordsDone })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The import running (or waiting for its turn): records and files done of all, and the time left from its pace. */
export function RunningProgress({ view }: { view: ImportView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { records, recordsDone, files, filesDone, secondsLeft } = view.progress;
  const bar = (label: string, done: number, total: number, testId: string) => (
    <Stack gap={4}>
      <Text size="sm" id={`${testId}-label`}>
        {label}
      </Text>
      {/* The bar itself (Mantine's section) is the progressbar: it carries the name (axe: aria-progressbar-name). */}
      <Progress.Root size="lg" radius="md" data-testid={testId}>
        <Progress.Section
          value={percent(done, total)}
          animated={view.state === 'running'}
          aria-labelledby={`${testId}-label`}
          // Read as the line above says it, in the page's words and digits, not Mantine's "34%".
          aria-valuetext={label}
        />
      </Progress.Root>
    </Stack>
  );
  return (
    <Paper withBorder radius="lg" p="md" data-testid="import-running">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('imports.running_title')}
        </Title>
        {view.state === 'queued' ? (
          <Text size="sm" c="gray.7">
            {t('imports.queued_body')}
          </Text>
        ) : null}
        {bar(
          t('imports.progress_records', { done: recordsDone, total: records }),
          recordsDone,
          records,
          'progress-records',
        )}
        {files > 0 &&
          bar(t('imports.progress_files', { done: filesDone, total: files }), filesDone, files, 'progress-files')}
        <Text size="sm" c="gray.7" role="status" data-testid="time-left">
          {secondsLeft === null
            ? t('imports.time_unknown')
            : t('imports.time_left', { time: formatTimeLeft(secondsLeft, language) })}
        </Text>
      </Stack>
    </Paper>
  );
}
