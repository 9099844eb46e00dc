import { defaultDeadline } from '@journals/core/reviewing';
import { inviteReviewerRequest } from '@journals/core/schemas/reviewing';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { required, requiredMark } from '../../../lib/forms';
import { isApiError } from '../../../lib/http';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { type Candidate, type InviteBody, useCandidates, useInviteReviewer } from './api';
import { DayInput, dayError, todayDay } from '../../../components/DayInput';
import type { ReviewedPaper } from './reviewed-paper';

type Field = 'specializationId' | 'reviewerId' | 'fullName' | 'email' | 'deadline' | 'confirm';
type Errors = Partial<Record<Field, string>>;

/** The server's field names (spec spelling) → the form's fields. */
const SERVER_FIELDS: Record<string, Field> = {
  specializationid: 'specializationId',
  reviewerid: 'reviewerId',
  'newreviewer.fullname': 'fullName',
  'newreviewer.email': 'email',
  deadline: 'deadline',
};
/** zod issue paths of inviteReviewerRequest → the form's fields. */
const ISSUE_FIELDS: Record<string, Field> = {
  specializationId: 'specializationId',
  reviewerId: 'reviewerId',
  'newReviewer.fullName': 'fullName',
  'newReviewer.email': 'email',
  deadline: 'deadline',
};

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
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);

  const chosen = candidates.data?.items.find((candidate) => candidate.id === reviewerId);
  const conflict = mode === 'candidate' && chosen?.conflict ? `validation.conflict_${chosen.conflict}` : serverConflict;
  const forget = (field: Field) => setErrors((old) => ({ ...old, [field]: undefined }));

  const send = async () => {
    const body: InviteBody = {
      specializationId: specializationId ?? 0,
      deadline,
      ...(mode === 'candidate'
        ? reviewerId !== null && { reviewerId }
        : { newReviewer: { fullName: fullName.trim(), email: email.trim() } }),
      ...(conflict && confirmed && { confirmConflict: true }),
    };
    const found: Errors = {};
    const parsed = inviteReviewerRequest.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = ISSUE_FIELDS[issue.path.join('.')];
        if (field) found[field] ??= issue.message;
      }
    const deadlineProblem = dayError(deadline);
    if (deadlineProblem) found.deadline = deadlineProblem;
    if (conflict && !confirmed) found.confirm = 'decisions.confirm_conflict_required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setGeneral(null);
    try {
      const answer = await invite.mutateAsync(body);
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (cause) {
      if (!isApiError(cause)) return setGeneral(String(cause));
      const fields: Errors = {};
      for (const [name, keys] of Object.entries(cause.fieldErrors)) {
        const field = SERVER_FIELDS[name.toLowerCase()];
        if (field && keys[0]) fields[field] = keys[0];
      }
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
        <Stack gap="xs">
          <TextInput
            label={t('decisions.search_reviewers')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          {candidates.isError ? (
            <Alert color="red" role="alert">
              {candidates.error.message}
            </Alert>
          ) : !candidates.data ? (
            specializationId !== null && <Loader size="sm" aria-label={t('common.loading')} />
          ) : candidates.data.items.length === 0 ? (
            <Text c="gray.7" size="sm">
              {t('decisions.no_candidates')}
            </Text>
          ) : (
            <Radio.Group
              label={t('decisions.reviewer')}
              {...requiredMark}
              value={reviewerId === null ? null : String(reviewerId)}
              onChange={(value) => {
                setReviewerId(Number(value));
                setConfirmed(false);
                setServerConflict(null);
                forget('reviewerId');
              }}
              error={errors.reviewerId && dynamicT(errors.reviewerId)}
            >
              <ScrollArea.Autosize mah={340} type="auto" mt={4}>
                <Stack gap={6} pe="xs">
                  {candidates.data.items.map((candidate) => (
                    <CandidateCard
                      key={candidate.id}
                      candidate={candidate}
                      taken={candidate.addedBefore || taken.includes(candidate.id)}
                    />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
              {candidates.data.total > candidates.data.items.length && (
                <Text size="xs" c="gray.7" mt={4}>
                  {t('decisions.more_candidates', {
                    shown: candidates.data.items.length,
                    total: candidates.data.total,
                  })}
                </Text>
              )}
            </Radio.Group>
          )}
        </Stack>
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

/** A candidate as a radio card: load, recent reviews, median days, and what the editor should know. */
function CandidateCard({ candidate, taken: added }: { candidate: Candidate; taken: boolean }) {
  const { t } = useTranslation();
  // An author of the paper is never its reviewer (core paperRelation): shown, with why, but not offered.
  const taken = added || candidate.conflict === 'author';
  return (
    <Radio.Card
      value={String(candidate.id)}
      disabled={taken}
      radius="md"
      p="sm"
      data-testid="candidate"
      style={taken ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator disabled={taken} mt={2} />
        <Stack gap={2} style={{ flex: 1 }}>
          <Group gap={6}>
            <Text fw={600} size="sm" dir="auto">
              {candidate.fullName}
            </Text>
            {candidate.externalReviewer && (
              <Badge size="xs" variant="outline" color="grape">
                {t('decisions.external')}
              </Badge>
            )}
            {candidate.suggested && (
              <Badge size="xs" variant="light" color="teal">
                {t('decisions.suggested')}
              </Badge>
            )}
            {candidate.conflict && (
              <Badge size="xs" variant="filled" color="red">
                {t('decisions.conflict')}
              </Badge>
            )}
            {taken && (
              <Badge size="xs" variant="light" color="gray">
                {t('decisions.already_added')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="gray.7">
            <span dir="ltr">{candidate.email}</span>
            {candidate.workPlace && <span dir="auto"> · {candidate.workPlace}</span>}
          </Text>
          <Text size="xs" c="gray.8">
            {t('decisions.candidate_load', {
              open: candidate.openInvitations,
              recent: candidate.recentReviews,
              median: candidate.medianDays ?? '—',
            })}
          </Text>
          {candidate.conflict && (
            <Text size="xs" c="red.8">
              {t(candidate.conflict === 'author' ? 'validation.conflict_author' : 'validation.conflict_workplace')}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}
