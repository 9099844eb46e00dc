import { extensionOf, PAPER_FILE_RULES, type PaperFileKind } from '@journals/core/files';
import { Anchor, Button, FileInput, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { fileUrl, type PaperFile } from '../api';
import { uploadPaperFile, UploadError } from '../upload';

export interface FilesStepProps {
  slug: string;
  paperId: number | null;
  kinds: PaperFileKind[];
  files: PaperFile[];
  /** Message keys or server messages under each slot. */
  errors: Partial<Record<PaperFileKind, string>>;
  setError: (kind: PaperFileKind, message: string | undefined) => void;
  /** The draft's id, creating the draft first when there is none yet. */
  ensurePaperId: () => Promise<number | null>;
  onUploaded: (file: PaperFile) => void;
  onRemove: (file: PaperFile) => Promise<void>;
}

/** Step 3: one slot per document, each uploaded on its own with a progress bar (docs/decisions/0005). */
export function FilesStep(props: FilesStepProps) {
  return (
    <Stack gap="md">
      {props.kinds.map((kind) => (
        <FileSlot key={kind} kind={kind} {...props} />
      ))}
    </Stack>
  );
}

function FileSlot({
  kind,
  slug,
  paperId,
  files,
  errors,
  setError,
  ensurePaperId,
  onUploaded,
  onRemove,
}: FilesStepProps & { kind: PaperFileKind }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const rule = PAPER_FILE_RULES[kind];
  const existing = files.find((file) => file.kind === kind);
  const error = errors[kind];
  const label = dynamicT(`papers.file_${kind}`);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!rule.extensions.includes(extensionOf(file.name))) return setError(kind, 'validation.file_type');
    if (file.size > rule.maxBytes) return setError(kind, 'validation.file_max');
    setError(kind, undefined);
    const id = await ensurePaperId();
    if (id === null) return;
    setProgress(0);
    try {
      onUploaded(await uploadPaperFile(slug, id, kind, file, setProgress));
    } catch (cause) {
      const failure = cause instanceof UploadError ? cause : new UploadError(0, String(cause));
      const fieldMessage = Object.entries(failure.fieldErrors).find(
        ([name]) => name.toLowerCase() === kind.toLowerCase(),
      )?.[1]?.[0];
      setError(kind, fieldMessage ?? (failure.message || 'errors.internal'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid={`slot-${kind}`}>
      <Stack gap="xs">
        <Text fw={600}>{label}</Text>
        <Text size="xs" c="gray.7">
          {t('submissions.file_rule', {
            types: rule.extensions.map((ext) => `.${ext}`).join(', '),
            size: Math.round(rule.maxBytes / (1024 * 1024)),
          })}
        </Text>
        {rule.anonymised && (
          <Text size="xs" c="gray.7" data-testid={`anonymity-hint-${kind}`}>
            {t('submissions.file_anonymity_hint')}
          </Text>
        )}
        {existing ? (
          <Group justify="space-between" wrap="nowrap">
            <Anchor
              href={fileUrl(slug, paperId ?? 0, existing.id)}
              target="_blank"
              rel="noopener"
              data-testid={`file-link-${kind}`}
            >
              <Group gap={6} wrap="nowrap">
                <IconDownload size={16} aria-hidden />
                {existing.originalName}
              </Group>
            </Anchor>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={removing}
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={async () => {
                setRemoving(true);
                try {
                  await onRemove(existing);
                } finally {
                  setRemoving(false);
                }
              }}
              aria-label={t('submissions.remove_file', { name: label })}
            >
              {t('submissions.remove')}
            </Button>
          </Group>
        ) : (
          <FileInput
            label={t('submissions.choose_file', { name: label })}
            leftSection={<IconPaperclip size={16} aria-hidden />}
            accept={rule.extensions.map((ext) => `.${ext}`).join(',')}
            onChange={(file) => void upload(file)}
            value={null}
            disabled={progress !== null}
            clearable={false}
            data-testid={`file-input-${kind}`}
          />
        )}
        {progress !== null && (
          <Progress value={progress} animated aria-label={t('submissions.uploading', { name: label })} />
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert" data-testid={`file-error-${kind}`}>
            {dynamicT(error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
