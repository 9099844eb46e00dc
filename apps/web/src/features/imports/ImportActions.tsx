import type { ImportOnRefusal, ImportView } from '@journals/core/schemas/imports';
import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notifyDone, notifyFailed } from '../../lib/notify';
import { useDiscardImport, useInviteImported, useRunImport, useUndoImport } from './api';

/**
 * After the dry run: what to do if records were refused (import the others, or write nothing), then Import; or
 * discard the import. The choice is asked only when the check refused something.
 */
export function RunChoice({ slug, view, onDiscarded }: { slug: string; view: ImportView; onDiscarded: () => void }) {
  const { t } = useTranslation();
  const [onRefusal, setOnRefusal] = useState<ImportOnRefusal>('skip');
  const run = useRunImport(slug, view.id);
  const discard = useDiscardImport(slug, view.id);
  const confirmDiscard = () =>
    modals.openConfirmModal({
      title: t('imports.discard_title'),
      children: <Text size="sm">{t('imports.discard_body')}</Text>,
      labels: { confirm: t('imports.discard'), cancel: t('imports.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-discard' } as never,
      onConfirm: () => discard.mutate(undefined, { onSuccess: onDiscarded, onError: notifyFailed }),
    });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="run-choice">
      <Stack gap="md">
        {view.summary.refuse > 0 && (
          <Radio.Group
            label={t('imports.refusal_label')}
            value={onRefusal}
            onChange={(value) => setOnRefusal(value as ImportOnRefusal)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="skip" label={t('imports.refusal_skip')} data-testid="refusal-skip" />
              <Radio value="nothing" label={t('imports.refusal_nothing')} data-testid="refusal-nothing" />
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            onClick={confirmDiscard}
            loading={discard.isPending}
            data-testid="import-discard"
          >
            {t('imports.discard')}
          </Button>
          <Button
            onClick={() => run.mutate(onRefusal, { onSuccess: notifyDone, onError: notifyFailed })}
            loading={run.isPending}
            data-testid="import-run"
          >
            {t('imports.run')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Undo, behind a confirmation; when the import can no longer be undone, the button is off and says why. */
export function UndoButton({ slug, view }: { slug: string; view: ImportView }) {
  const { t } = useTranslation();
  const undo = useUndoImport(slug, view.id);
  const confirmUndo = () =>
    modals.openConfirmModal({
      title: t('imports.undo_title'),
      children: <Text size="sm">{t('imports.undo_body')}</Text>,
      labels: { confirm: t('imports.undo'), cancel: t('imports.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-undo' } as never,
      onConfirm: () => undo.mutate(undefined, { onSuccess: notifyDone, onError: notifyFailed }),
    });
  if (view.undoable) {
    return (
      <Button variant="light" color="red" onClick={confirmUndo} loading={undo.isPending} data-testid="import-undo">
        {t('imports.undo')}
      </Button>
    );
  }
  return (
    <Stack gap={4} align="flex-end" maw={360}>
      <Button variant="light" color="red" disabled aria-describedby="undo-unavailable" data-testid="import-undo">
        {t('imports.undo')}
      </Button>
      <Text size="xs" c="gray.7" ta="end" id="undo-unavailable" data-testid="undo-unavailable">
        {t('imports.undo_unavailable')}
      </Text>
    </Stack>
  );
}

/**
 * The people an import brought receive nothing until the journal decides (decision 0081): this sends their
 * invitations, behind a confirmation that says who receives what.
 */
export function InviteButton({ slug, view }: { slug: string; view: ImportView }) {
  const { t } = useTranslation();
  const invite = useInviteImported(slug, view.id);
  const confirmInvite = () =>
    modals.openConfirmModal({
      title: t('imports.invite_title'),
      children: <Text size="sm">{t('imports.invite_body')}</Text>,
      labels: { confirm: t('imports.invite_confirm'), cancel: t('imports.cancel') },
      confirmProps: { 'data-testid': 'confirm-invite' } as never,
      onConfirm: () => invite.mutate(undefined, { onSuccess: notifyDone, onError: notifyFailed }),
    });
  return (
    <Button variant="light" onClick={confirmInvite} loading={invite.isPending} data-testid="import-invite">
      {t('imports.invite_action')}
    </Button>
  );
}
