import { defaultDeadline } from '@journals/core/reviewing';
import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { DayInput, todayDay } from '../../../components/DayInput';
import { required } from '../../../lib/forms';
import { isApiError } from '../../../lib/http';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { type InviteBody, useCandidates, useInviteReviewer } from './api';
import { CandidateList } from './CandidateList';
import { type InviteErrors, type InviteField, inviteErrors, serverInviteErrors } from './invite-fields';
import type { ReviewedPaper } from './reviewed-paper';

interface Props {
  slug: string;
  paper: ReviewedPaper;
  specializations: { id: number; name: string }[];
  /** Reviewers already on the paper: not offered again. */
  taken: number[];
  opened: boolean;
  onClose: () => void;
}

/** "Add reviewer" (spec 02 §2, §5): a reviewer of a specialization, or someone new, with a deadline. */
export function InviteReviewerDialog({ opened, onClose, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('decisions.add_reviewer')} size="xl">
      {opened && <InviteForm {...props} onClose={onClose} />}
    </Modal>
  );
}

function InviteForm({ slug, paper, specializations, taken, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const invite = useInviteReviewer(slug, paper.id);
  const [specializationId, setSpecializationId] = useState<number | null>(paper.specializationId ?? null);
  const [mode, setMode] = useState<'candidate' | 'new'>('candidate');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const candidates = useCandidates(slug, paper.id, specializationId, debounced);
  const [reviewerId, setReviewerId] = useState<number | null>(null);
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [deadline, setDeadline] = useState(() => defaultDeadline(todayDay()));
  const [confirmed, setConfirmed] = useState(false);
  /** The conflict the server named for someone the list did not flag (a new person, a changed workplace). */
  const [serverConflict, setServerConflict] = useState<string | null>(null);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [general, setGeneral] = useState<string | null>(null);

  const chosen = candidates.data?.items.find((candidate) => candidate.id === reviewerId);
  const conflict = mode === 'candidate' && chosen?.conflict ? `validation.conflict_${chosen.conflict}` : serverConflict;
  const forget = (field: InviteField) => setErrors((old) => ({ ...old, [field]: undefined }));

  const send = async () => {
    const body: InviteBody = {
      specializationId: specializationId ?? 0,
      deadline,
      ...(mode === 'candidate'
        ? reviewerId !== null && { reviewerId }
        : { newReviewer: { fullName: fullName.trim(), email: email.trim() } }),
      ...(conflict && confirmed && { confirmConflict: true }),
    };
    const found = inviteErrors(body, Boolean(conflict) && !confirmed);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setGeneral(null);
    try {
      const answer = await invite.mutateAsync(body);
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (cause) {
      if (!isApiError(cause)) return setGeneral(String(cause));
      const fields = serverInviteErrors(cause.fieldErrors);
      if (cause.messageKey === 'errors.conflictOfInterest') {
        // The editor sees why (on the chosen reviewer, or on the e-mail of someone new), and confirms to invite anyway.
        setServerConflict(fields.reviewerId ?? fields.email ?? 'errors.conflictOfInterest');
        setConfirmed(false);
        delete fields.reviewerId;
        delete fields.email;
      }
      setErrors(fields);
      setGeneral(cause.message);
    }
  };

  return (
    <Stack>
      {general && (
        <Alert color="red" role="alert" data-testid="invite-error">
          {general}
        </Alert>
      )}
      <Select
        label={t('decisions.specialization')}
        {...required}
        data={specializations.map((item) => ({ value: String(item.id), label: item.name }))}
        value={specializationId === null ? null : String(specializationId)}
        onChange={(value) => {
          setSpecializationId(value ? Number(value) : null);
          setReviewerId(null);
          forget('specializationId');
        }}
        allowDeselect={false}
        error={errors.specializationId && dynamicT(errors.specializationId)}
      />
      <SegmentedControl
        value={mode}
        onChange={(value) => {
          setMode(value as 'candidate' | 'new');
          setServerConflict(null);
          setConfirmed(false);
        }}
        data={[
          { value: 'candidate', label: t('decisions.choose_reviewer') },
          { value: 'new', label: t('decisions.someone_new') },
        ]}
        aria-label={t('decisions.who')}
      />
      {mode === 'candidate' ? (
        <CandidateList
          search={search}
          onSearch={setSearch}
          candidates={candidates}
          specializationId={specializationId}
          reviewerId={reviewerId}
          onPick={(id) => {
            setReviewerId(id);
            setConfirmed(false);
            setServerConflict(null);
            forget('reviewerId');
          }}
          error={errors.reviewerId && dynamicT(errors.reviewerId)}
          taken={taken}
        />
      ) : (
        <Group grow align="flex-start">
          <TextInput
            label={t('decisions.new_full_name')}
            {...required}
            value={fullName}
            onChange={(event) => {
              setFullName(event.currentTarget.value);
              forget('fullName');
            }}
            error={errors.fullName && dynamicT(errors.fullName)}
          />
          <TextInput
            label={t('decisions.new_email')}
            {...required}
            type="email"
            dir="ltr"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setServerConflict(null);
              forget('email');
            }}
            error={errors.email && dynamicT(errors.email)}
          />
        </Group>
      )}
      <DayInput
        label={t('decisions.deadline')}
        description={t('decisions.deadline_hint')}
        {...required}
        value={deadline}
        onChange={(value) => {
          setDeadline(value);
          forget('deadline');
        }}
        error={errors.deadline && dynamicT(errors.deadline)}
      />
      {conflict && (
        <Stack gap="xs" data-testid="conflict-warning">
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
            <Text size="sm" fw={700}>
              {t('decisions.conflict_title')}
            </Text>
            <Text size="sm">{dynamicT(conflict)}</Text>
          </Alert>
          <Checkbox
            label={t('decisions.confirm_conflict')}
            checked={confirmed}
            onChange={(event) => {
              setConfirmed(event.currentTarget.checked);
              forget('confirm');
            }}
            error={errors.confirm && dynamicT(errors.confirm)}
          />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('decisions.cancel')}
        </Button>
        <Button onClick={() => void send()} loading={invite.isPending} data-testid="invite-send">
          {t('decisions.invite')}
        </Button>
      </Group>
    </Stack>
  );
}
