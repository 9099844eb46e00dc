import { EXPORT_FORMATS, type ExportFormat } from '@journals/core/schemas/exports';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { notifyDone } from '../../../lib/notify';
import { useStartExport } from './api';
import { ExportList } from './ExportList';

/**
 * Leaving (issue 45, decision 0082), on the Import screen below the imports: the format (OJS Native XML with the
 * PDFs embedded, or JATS with the PDFs in a zip), each with what it is for, then Export; the journal's exports
 * follow, each made in the background, downloaded once ready, deleted behind a confirmation.
 */
export function ExportSection({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const [format, setFormat] = useState<ExportFormat>('ojs');
  const start = useStartExport(slug);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(format, { onSuccess: () => notifyDone({ message: t('exports.created') }) });
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="export-title" data-testid="exports">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="export-title">
            {t('exports.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('exports.intro')}
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Radio.Group
              label={t('exports.format')}
              value={format}
              onChange={(value) => setFormat(value as ExportFormat)}
              data-testid="export-format"
            >
              <Stack gap="sm" mt="xs">
                {EXPORT_FORMATS.map((option) => (
                  <Radio
                    key={option}
                    value={option}
                    label={dynamicT(`exports.format_${option}`)}
                    description={dynamicT(`exports.format_use_${option}`)}
                    data-testid={`export-format-${option}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {start.error && (
              <Alert color="red" role="alert" data-testid="export-start-error">
                {start.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={start.isPending}
                leftSection={<IconFileExport size={16} aria-hidden />}
                data-testid="export-start"
              >
                {t('exports.start')}
              </Button>
            </Group>
          </Stack>
        </form>
        <ExportList slug={slug} />
      </Stack>
    </Paper>
  );
}
