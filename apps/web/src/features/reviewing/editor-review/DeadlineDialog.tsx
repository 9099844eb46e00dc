import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatDay } from '@journals/core/format';
import { required } from '../../../lib/forms';
import { isApiError } from '../../../lib/http';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { type Invitation, useChangeDeadline } from './api';
import { DayInput, dayError } from '../../../components/DayInput';

/** The editor moves the deadline of an invitation not yet reviewed (PUT reviewers/{id}/deadline). */
export function DeadlineDialog({
  slug,
  paperId,
  invitation,
  onClose,
}: {
  slug: string;
  paperId: number;
  invitation: Invitation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={invitation !== null} onClose={onClose} title={t('decisions.change_deadline')}>
      {invitation && <DeadlineForm slug={slug} paperId={paperId} invitation={invitation} onClose={onClose} />}
    </Modal>
  );
}

function DeadlineForm({
  slug,
  paperId,
  invitation,
  onClose,
}: {
  slug: string;
  paperId: number;
  invitation: Invitation;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const change = useChangeDeadline(slug, paperId);
  const [deadline, setDeadline] = useState(invitation.deadline);
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);

  const save = async () => {
    const problem = dayError(deadline);
    setError(problem);
    if (problem) return;
    setGeneral(null);
    try {
      const answer = await change.mutateAsync({ invitationId: invitation.id, deadline });
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (cause) {
      const field = isApiError(cause) ? cause.fieldErrors.Deadline?.[0] : undefined;
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
      <Text size="sm">
        {t('decisions.deadline_of', {
          name: invitation.fullName,
          date: formatDay(invitation.deadline, language),
        })}
      </Text>
      <DayInput
        label={t('decisions.new_deadline')}
        {...required}
        value={deadline}
        onChange={setDeadline}
        error={error ? dynamicT(error) : undefined}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('decisions.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={change.isPending} data-testid="deadline-save">
          {t('decisions.save_deadline')}
        </Button>
      </Group>
    </Stack>
  );
}
