import { zodResolver } from '@hookform/resolvers/zod';
import {
  extensionOf,
  MB,
  PAPER_FILE_KINDS,
  PAPER_FILE_RULES,
  type PaperFileKind,
  resubmissionFiles,
} from '@journals/core/files';
import { STATUS_COLORS } from '@journals/core/papers';
import { mailToStaffRequest } from '@journals/core/schemas/submissions';
import { Alert, Anchor, Badge, Button, FileInput, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { required } from '../../../lib/forms';
import { useDynamicT, useFieldError, useLanguage, useTranslation } from '../../../lib/i18n';
import { fileUrl, type HistoryReviewer, papersBase, useMailStaff, usePaperHistory } from '../api';
import { formatDay } from '@journals/core/format';
import { postMultipart, UploadError } from '../upload';
import type { FinalDecisionPart } from './page-parts';

interface DialogProps {
  slug: string;
  paperId: number;
  opened: boolean;
  onClose: () => void;
}

/** Every version of the paper: code, date, status, files, reviewers and decision (GET papers/{id}/history). */
export function HistoryDialog({
  slug,
  paperId,
  opened,
  onClose,
  finalDecision,
}: DialogProps & { finalDecision: FinalDecisionPart }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const history = usePaperHistory(slug, paperId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('submissions.history')} size="lg">
      {history.isError ? (
        <Alert color="red" role="alert">
          {history.error.message}
        </Alert>
      ) : !history.data ? (
        <Loader aria-label={t('common.loading')} />
      ) : history.data.items.length === 0 ? (
        <Text c="gray.7">{t('submissions.no_history')}</Text>
      ) : (
        <Stack gap="md">
          {history.data.items.map((version) => (
            <Stack key={version.id} gap={4} data-testid="history-entry">
              <Group gap="sm">
                <Text fw={600} dir="ltr">
                  {version.code ?? '—'}
                </Text>
                {version.version != null && version.version > 0 && (
                  <Text size="sm" fw={600}>
                    {t('submissions.version', { version: version.version })}
                  </Text>
                )}
                <Badge color={STATUS_COLORS[version.status] ?? 'gray'} variant="light" data-testid="history-status">
                  {dynamicT(`papers.status_${version.status}`)}
                </Badge>
                <Text size="sm" c="gray.7">
                  {formatDay(version.submittedAt ?? version.createdAt, language)}
                </Text>
              </Group>
              {version.files.map((file) => (
                <Anchor
                  key={file.id}
                  href={fileUrl(slug, version.id, file.id)}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                >
                  {dynamicT(`papers.file_${file.kind}`)}: {file.originalName}
                </Anchor>
              ))}
              <HistoryReviewers reviewers={version.reviewers ?? []} />
              {version.finalDecision &&
                finalDecision({ paperId: version.id, decision: version.finalDecision, size: 'sm' })}
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

/** A version's reviewers with their recommendations: by name for editors, "Reviewer 1, …" for anyone else. */
function HistoryReviewers({ reviewers }: { reviewers: HistoryReviewer[] }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  if (reviewers.length === 0) return null;
  return (
    <Stack gap={2} ps="sm" data-testid="history-reviewers">
      <Text size="sm" fw={600}>
        {t('decisions.history_reviewers')}
      </Text>
      {reviewers.map((reviewer, index) => (
        <Group key={index} gap="xs" data-testid="history-reviewer">
          <Text size="sm" dir="auto">
            {reviewer.fullName ?? t('decisions.reviewer_number', { number: index + 1 })}
          </Text>
          <Text size="sm" c="gray.7">
            {dynamicT(`reviewing.review_status_${reviewer.status}`)}
          </Text>
          {reviewer.decision != null && (
            <Badge size="sm" variant="light" color="indigo">
              {dynamicT(`reviewing.recommendation_${reviewer.decision}`)}
            </Badge>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** A message to the journal's editors about this paper (POST papers/{id}/mail-staff). */
export function MailStaffDialog({ slug, paperId, opened, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('submissions.mail_staff')} size="lg">
      {opened && <MailStaffForm slug={slug} paperId={paperId} onClose={onClose} />}
    </Modal>
  );
}

function MailStaffForm({ slug, paperId, onClose }: Omit<DialogProps, 'opened'>) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const mail = useMailStaff(slug);
  const form = useForm<z.input<typeof mailToStaffRequest>, unknown, z.output<typeof mailToStaffRequest>>({
    resolver: zodResolver(mailToStaffRequest),
    defaultValues: { message: '' },
  });
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(async ({ message }) => {
          try {
            await mail.mutateAsync({ id: paperId, message });
            notifications.show({ color: 'green', message: t('submissions.mail_sent') });
            onClose();
          } catch (error) {
            form.setError('root', { message: error instanceof Error ? error.message : String(error) });
          }
        })(event)
      }
    >
      <Stack>
        {form.formState.errors.root && (
          <Alert color="red" role="alert">
            {form.formState.errors.root.message}
          </Alert>
        )}
        <Textarea
          {...form.register('message')}
          label={t('submissions.mail_message')}
          {...required}
          autosize
          minRows={5}
          error={fieldError(form.formState.errors.message)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('submissions.cancel')}
          </Button>
          <Button type="submit" loading={mail.isPending} data-testid="mail-staff-send">
            {t('submissions.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new version a resubmission creates (POST papers/{id}/resubmit). */
export interface NewVersion {
  id: number;
  code: string | null;
  version: number;
}

/** Resubmission at status 5 (spec 02 §5 Dialogs): the revised files of the paper's kind, the consent optional. */
export function ResubmitDialog({
  slug,
  paperId,
  kind,
  opened,
  onClose,
  onDone,
}: DialogProps & { kind: number | null | undefined; onDone: (next: NewVersion) => void }) {
  const slots = resubmissionFiles(kind);
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const [chosen, setChosen] = useState<Partial<Record<PaperFileKind, File>>>({});
  const [errors, setErrors] = useState<Partial<Record<PaperFileKind, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const pickFile = (kind: PaperFileKind, file: File | null) => {
    const rule = PAPER_FILE_RULES[kind];
    let error: string | undefined;
    if (file && !rule.extensions.includes(extensionOf(file.name))) error = 'validation.file_type';
    else if (file && file.size > rule.maxBytes) error = 'validation.file_max';
    setErrors((old) => ({ ...old, [kind]: error }));
    setChosen((old) => ({ ...old, [kind]: error ? undefined : (file ?? undefined) }));
  };

  const send = async () => {
    const missing = slots.required.filter((slot) => !chosen[slot]);
    if (missing.length > 0) {
      setErrors((old) => ({
        ...old,
        ...Object.fromEntries(missing.map((kind) => [kind, 'validation.file_required'])),
      }));
      return;
    }
    const data = new FormData();
    for (const kind of PAPER_FILE_KINDS) {
      const file = chosen[kind];
      if (file) data.append(kind, file);
    }
    setSending(true);
    setGeneral(null);
    try {
      const next = await postMultipart<NewVersion>(`${papersBase(slug)}/${paperId}/resubmit`, data);
      notifications.show({ color: 'green', message: t('submissions.resubmitted') });
      onClose();
      onDone(next);
    } catch (cause) {
      const failure = cause instanceof UploadError ? cause : new UploadError(0, String(cause));
      const next: Partial<Record<PaperFileKind, string>> = {};
      for (const kind of PAPER_FILE_KINDS) {
        const key = Object.entries(failure.fieldErrors).find(
          ([name]) => name.toLowerCase() === kind.toLowerCase(),
        )?.[1]?.[0];
        if (key) next[kind] = key;
      }
      setErrors(next);
      if (Object.keys(next).length === 0) setGeneral(failure.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('submissions.resubmit')} size="lg">
      <Stack>
        {general && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        {slots.offered.map((kind) => (
          <FileInput
            key={kind}
            label={dynamicT(`papers.file_${kind}`)}
            {...(slots.required.includes(kind) ? required : {})}
            description={PAPER_FILE_RULES[kind].anonymised ? t('submissions.file_anonymity_hint') : undefined}
            accept={PAPER_FILE_RULES[kind].extensions.map((ext) => `.${ext}`).join(',')}
            placeholder={t('submissions.file_placeholder', {
              types: PAPER_FILE_RULES[kind].extensions.join(', '),
              size: PAPER_FILE_RULES[kind].maxBytes / MB,
            })}
            value={chosen[kind] ?? null}
            onChange={(file) => pickFile(kind, file)}
            clearable
            error={errors[kind] ? dynamicT(errors[kind]) : undefined}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('submissions.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={sending} data-testid="resubmit-send">
            {t('submissions.resubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
