import { REVIEW_LIMITS } from '@journals/core/reviewing';
import { refusePaperRequest } from '@journals/core/schemas/reviewing';
import { Alert, Button, Group, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { useDynamicT, useTranslation } from '../../lib/i18n';
import { useRefusePaper } from './api';

interface Props {
  slug: string;
  paperId: number;
  /** The paper's status date as the page read it: a paper changed meanwhile is not refused. */
  seenStatusDate: string | null | undefined;
  opened: boolean;
  onClose: () => void;
}

/** Refusing a new paper directly (spec 02 §4–§5): out of scope, or a reason of up to 300 characters. */
export function RefusePaperDialog({ opened, onClose, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('decisions.refuse_title')} size="lg">
      {opened && <RefuseForm {...props} onClose={onClose} />}
    </Modal>
  );
}

function RefuseForm({ slug, paperId, seenStatusDate, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const refuse = useRefusePaper(slug, paperId);
  const [outOfScope, setOutOfScope] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);

  const send = async () => {
    const body = { outOfScope, reason: outOfScope ? '' : reason, seenStatusDate: seenStatusDate ?? undefined };
    const parsed = refusePaperRequest.safeParse(body);
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'validation.required'));
    if (!parsed.success) return;
    setGeneral(null);
    try {
      const answer = await refuse.mutateAsync(body);
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (cause) {
      const field = isApiError(cause) ? cause.fieldErrors.Reason?.[0] : undefined;
      if (field) setError(field);
      else setGeneral(cause instanceof Error ? cause.message : String(cause));
    }
  };

  return (
    <Stack>
      {general && (
        <Alert color="red" role="alert">
          {general}
        </Alert>
      )}
      <Text size="sm">{t('decisions.refuse_text')}</Text>
      <Stack gap={4}>
        <Switch
          label={t('decisions.out_of_scope')}
          aria-describedby="out-of-scope-hint"
          checked={outOfScope}
          onChange={(event) => {
            setOutOfScope(event.currentTarget.checked);
            setError(null);
          }}
        />
        <Text size="xs" c="gray.7" id="out-of-scope-hint">
          {t('decisions.out_of_scope_hint')}
        </Text>
      </Stack>
      <Textarea
        label={t('decisions.refuse_reason')}
        description={t('decisions.characters', { count: reason.length, max: REVIEW_LIMITS.refuseReason })}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
        maxLength={REVIEW_LIMITS.refuseReason}
        disabled={outOfScope}
        aria-required={!outOfScope}
        autosize
        minRows={4}
        error={error ? dynamicT(error) : undefined}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('decisions.cancel')}
        </Button>
        <Button color="red" onClick={() => void send()} loading={refuse.isPending} data-testid="refuse-send">
          {t('decisions.refuse')}
        </Button>
      </Group>
    </Stack>
  );
}
