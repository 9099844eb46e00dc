import { TIMINGS } from '@journals/core/limits';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';

export interface Outcome {
  kind: 'success' | 'error';
  message: string;
}

/**
 * The answer to a reviewer's action (spec 01 §8): a success dialog that closes itself after 2.5 s, or an error
 * dialog with the server's message that waits for its close button. `onClosed` runs when it goes either way.
 */
export function OutcomeDialog({
  outcome,
  onClosed,
  titles,
}: {
  outcome: Outcome | null;
  onClosed: () => void;
  titles?: { success: string; error: string };
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = window.setTimeout(onClosed, TIMINGS.successDialogMs);
    return () => window.clearTimeout(timer);
  }, [outcome, onClosed]);
  const success = outcome?.kind === 'success';
  return (
    <Modal
      opened={outcome !== null}
      onClose={onClosed}
      title={success ? (titles?.success ?? t('common.success_title')) : (titles?.error ?? t('common.error_title'))}
      centered
      data-testid={success ? 'success-dialog' : 'error-dialog'}
    >
      {outcome && (
        <Stack>
          <Alert
            color={success ? 'green' : 'red'}
            icon={success ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
            role={success ? 'status' : 'alert'}
          >
            <Text inherit>{outcome.message}</Text>
          </Alert>
          {!success && (
            <Group justify="flex-end">
              <Button onClick={onClosed}>{t('common.ok')}</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The outcome shown and its setters: `show(kind, message)`, `clear()`. */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const show = useCallback((kind: Outcome['kind'], message: string) => setOutcome({ kind, message }), []);
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, show, clear };
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
