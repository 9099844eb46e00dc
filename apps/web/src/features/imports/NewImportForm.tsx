import { formatNumber } from '@journals/core/format';
import { IMPORT_LIMITS, IMPORT_SOURCES, type ImportSource } from '@journals/core/schemas/imports';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useFieldErrors, serverErrors } from '../../lib/field-errors';
import { isApiError } from '../../lib/http';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { templateUrl, useStartImport } from './api';
import { ACCEPTED_FILES, formatSize } from './display';

/**
 * The first step: the source (each with a line saying what it expects, and the spreadsheet's templates), then the
 * file or the harvest's address, then Check, which sends it and opens the import while its dry run goes on.
 */
export function NewImportForm({ slug, onStarted }: { slug: string; onStarted: (id: number) => void }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const [source, setSource] = useState<ImportSource>('ojs');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [sent, setSent] = useState(0);
  const { setErrors, errorOf } = useFieldErrors();
  const start = useStartImport(slug);
  // A refusal that is not about one field (a source not available yet, a file too large) is said above the button.
  const refusal = start.error && Object.keys(serverErrors(start.error)).length === 0 ? start.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (source === 'oai' && url.trim() === '') return setErrors({ Url: ['imports.url_required'] });
    if (source !== 'oai' && !file) return setErrors({ File: ['imports.file_required'] });
    if (file && file.size > IMPORT_LIMITS.fileBytes) return setErrors({ File: ['imports.file_too_large'] });
    setErrors({});
    setSent(0);
    start.mutate(
      { source, file, url, onProgress: setSent },
      {
        onSuccess: ({ import: view }) => onStarted(view.id),
        onError: (error) => setErrors(isApiError(error) ? error.fieldErrors : {}),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="new-import-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="new-import-title">
            {t('imports.new_title')}
          </Title>
          <Radio.Group
            label={t('imports.source_label')}
            value={source}
            onChange={(value) => {
              setSource(value as ImportSource);
              setFile(null);
              setErrors({});
              start.reset();
            }}
            data-testid="import-source"
          >
            <Stack gap="sm" mt="xs">
              {IMPORT_SOURCES.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={dynamicT(`imports.source_${option}`)}
                  description={dynamicT(`imports.expects_${option}`)}
                  data-testid={`source-${option}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          {source === 'spreadsheet' && (
            <Group gap="lg" data-testid="sheet-templates">
              {(['xlsx', 'csv'] as const).map((format) => (
                <Anchor key={format} href={templateUrl(slug, format, language)} download size="sm">
                  <Group gap={4} component="span">
                    <IconDownload size={16} aria-hidden />
                    {t(format === 'csv' ? 'imports.template_csv' : 'imports.template_xlsx')}
                  </Group>
                </Anchor>
              ))}
            </Group>
          )}
          {source === 'oai' ? (
            <TextInput
              label={t('imports.url_label')}
              placeholder="https://"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={errorOf('Url')}
              maxLength={IMPORT_LIMITS.urlLength}
              dir="ltr"
              type="url"
              withAsterisk
              data-testid="import-url"
            />
          ) : (
            <FileInput
              label={t('imports.file_label')}
              placeholder={t('imports.file_placeholder')}
              // Mantine's placeholder grey is below AA on white (axe: color-contrast).
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              description={t('imports.file_limit', { size: formatSize(IMPORT_LIMITS.fileBytes, language) })}
              accept={ACCEPTED_FILES[source]}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setErrors({});
              }}
              error={errorOf('File')}
              leftSection={<IconFileImport size={16} aria-hidden />}
              clearable
              clearButtonProps={{ 'aria-label': t('imports.file_clear') }}
              withAsterisk
              data-testid="import-file"
            />
          )}
          {start.isPending && file && source !== 'oai' && (
            <Stack gap={4} data-testid="import-sending">
              <Text size="sm" id="import-sending-label">
                {t('imports.sending', { percent: formatNumber(sent, language, { style: 'percent' }) })}
              </Text>
              <Progress.Root size="md" radius="md">
                <Progress.Section
                  value={Math.round(sent * 100)}
                  aria-labelledby="import-sending-label"
                  aria-valuetext={formatNumber(sent, language, { style: 'percent' })}
                />
              </Progress.Root>
            </Stack>
          )}
          {refusal && (
            <Alert color="red" role="alert" data-testid="import-start-error">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={start.isPending} data-testid="import-check">
              {t('imports.check')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
