import { extensionOf, MB } from '@journals/core/files';
import {
  applicableQuestions,
  DECISION_ATTACHMENT_RULE,
  FINAL_DECISION_CODES,
  FINAL_DECISIONS,
  REVIEW_LIMITS,
} from '@journals/core/reviewing';
import { finalDecisionRequest } from '@journals/core/schemas/reviewing';
import { Alert, Button, Container, FileInput, Group, Modal, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { DayInput, dayError } from '../../components/DayInput';
import { required, requiredMark } from '../../lib/forms';
import { isApiError } from '../../lib/http';
import { useDynamicT, useTranslation } from '../../lib/i18n';
import { type DecisionBody, useDecide, useDecisionForm } from './api';
import { DecisionSheet } from './DecisionSheet';

type Field = 'decision' | 'comments' | 'revisionDeadline' | 'attachment';
type Errors = Partial<Record<Field, string>>;

interface Props {
  slug: string;
  paperId: number;
  /** What the reviewers recommended, shown above the decision (reviewing's summary, composed by the app layer). */
  reviewsSummary: ReactNode;
  opened: boolean;
  onClose: () => void;
}

/** The final decision, full screen (spec 02 §2–§5): the reviews above, the decision and its comments below. */
export function FinalDecisionDialog({ opened, onClose, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('decisions.decision_title')} fullScreen>
      {opened && <DecisionForm {...props} onClose={onClose} />}
    </Modal>
  );
}

/** A chosen attachment's problem by the rule the server applies (its content is checked there too). */
function attachmentError(file: File | null): string | null {
  if (!file) return null;
  if (!DECISION_ATTACHMENT_RULE.extensions.includes(extensionOf(file.name))) return 'validation.file_type';
  if (file.size > DECISION_ATTACHMENT_RULE.maxBytes) return 'validation.file_max';
  return null;
}

function DecisionForm({ slug, paperId, reviewsSummary, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const form = useDecisionForm(slug, paperId, true);
  const decide = useDecide(slug, paperId);
  const [decision, setDecision] = useState<string | null>(null);
  const [comments, setComments] = useState('');
  const [revisionDeadline, setRevisionDeadline] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const [answers, setAnswers] = useState<Record<number, string | undefined>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const needsDeadline = Number(decision) === FINAL_DECISIONS.acceptWithModifications;
  const forget = (field: Field) => setErrors((old) => ({ ...old, [field]: undefined }));

  const body = (): DecisionBody => ({
    decision: Number(decision),
    comments,
    revisionDeadline: needsDeadline ? revisionDeadline : undefined,
    answers: Object.fromEntries(
      Object.entries(answers).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  });

  const check = (): boolean => {
    const found: Errors = {};
    const parsed = finalDecisionRequest.safeParse(body());
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        if (['decision', 'comments', 'revisionDeadline'].includes(field)) found[field] ??= issue.message;
      }
    // The schema's own check of the date waits for its other fields: the form says everything at once.
    if (needsDeadline && !revisionDeadline) found.revisionDeadline = 'validation.revision_deadline_required';
    if (needsDeadline && revisionDeadline && !found.revisionDeadline) {
      const problem = dayError(revisionDeadline);
      if (problem) found.revisionDeadline = problem;
    }
    const fileProblem = attachmentError(attachment);
    if (fileProblem) found.attachment = fileProblem;
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const send = async () => {
    setGeneral(null);
    try {
      const answer = await decide.mutateAsync({ body: body(), attachment });
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (cause) {
      const fields: Errors = {};
      if (isApiError(cause))
        for (const [name, keys] of Object.entries(cause.fieldErrors)) {
          const field = (['decision', 'comments', 'revisionDeadline', 'attachment'] as Field[]).find(
            (candidate) => candidate.toLowerCase() === name.toLowerCase(),
          );
          if (field && keys[0]) fields[field] = keys[0];
        }
      setErrors(fields);
      setGeneral(cause instanceof Error ? cause.message : String(cause));
    }
  };

  const confirm = () => {
    if (!check()) return;
    modals.openConfirmModal({
      title: t('decisions.confirm_title'),
      centered: true,
      children: (
        <Text size="sm">{t('decisions.confirm_text', { decision: dynamicT(`submissions.decision_${decision}`) })}</Text>
      ),
      labels: { confirm: t('decisions.record'), cancel: t('decisions.back') },
      confirmProps: { 'data-testid': 'decision-confirm' } as Record<string, string>,
      onConfirm: () => void send(),
    });
  };

  const questions = form.data ? applicableQuestions(form.data.questions, answers) : [];
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        {general && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        {reviewsSummary}

        <Paper withBorder radius="lg" p="md">
          <Stack>
            <Radio.Group
              label={t('decisions.decision')}
              {...requiredMark}
              value={decision}
              onChange={(value) => {
                setDecision(value);
                forget('decision');
              }}
              error={errors.decision && dynamicT(errors.decision)}
            >
              <Stack gap="xs" mt="xs">
                {FINAL_DECISION_CODES.map((code) => (
                  <Radio key={code} value={String(code)} label={dynamicT(`submissions.decision_${code}`)} />
                ))}
              </Stack>
            </Radio.Group>
            {needsDeadline && (
              <DayInput
                label={t('decisions.revision_deadline')}
                {...required}
                value={revisionDeadline}
                onChange={(value) => {
                  setRevisionDeadline(value);
                  forget('revisionDeadline');
                }}
                error={errors.revisionDeadline && dynamicT(errors.revisionDeadline)}
              />
            )}
            <Textarea
              label={t('decisions.comments')}
              description={t('decisions.comments_hint')}
              {...required}
              value={comments}
              onChange={(event) => {
                setComments(event.currentTarget.value);
                forget('comments');
              }}
              maxLength={REVIEW_LIMITS.decisionComments}
              autosize
              minRows={5}
              error={errors.comments && dynamicT(errors.comments)}
            />
            <FileInput
              label={t('decisions.attachment_label')}
              description={t('decisions.attachment_placeholder', {
                types: DECISION_ATTACHMENT_RULE.extensions.join(', '),
                size: DECISION_ATTACHMENT_RULE.maxBytes / MB,
              })}
              accept={DECISION_ATTACHMENT_RULE.extensions.map((ext) => `.${ext}`).join(',')}
              value={attachment}
              onChange={(file) => {
                const problem = attachmentError(file);
                setErrors((old) => ({ ...old, attachment: problem ?? undefined }));
                setAttachment(problem ? null : file);
              }}
              clearable
              clearButtonProps={{ 'aria-label': t('decisions.clear') }}
              error={errors.attachment && dynamicT(errors.attachment)}
            />
          </Stack>
        </Paper>

        <DecisionSheet
          form={form}
          questions={questions}
          answers={answers}
          onAnswer={(id, value) => setAnswers((old) => ({ ...old, [id]: value }))}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('decisions.cancel')}
          </Button>
          <Button onClick={confirm} loading={decide.isPending} data-testid="decision-send">
            {t('decisions.record')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
