import {
  applicableQuestions,
  keptAnswers,
  RECOMMENDATIONS,
  REVIEW_ATTACHMENT_SLOTS,
  type ReviewAttachmentSlot,
  sheetErrors,
} from '@journals/core/reviewing';
import { Alert, Button, Group, Modal, Paper, Radio, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { requiredMark } from '../../../lib/forms';
import { isApiError } from '../../../lib/http';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { type ReviewDraft, type ReviewSheet, useSubmitReview } from '../api';
import { messageOf } from '../OutcomeDialog';
import { groupBy } from '../ReviewResultView';
import { useDraftAutosave } from './DraftAutosave';
import { attachmentError, type FieldKey, fieldKeyOf, questionKey } from './review-sheet-fields';
import { SheetComments } from './SheetComments';
import { SheetQuestions } from './SheetQuestions';

/**
 * The review sheet (spec 01 §2, §5 Review form; issue 9 §3): the journal's questions under their headings, the
 * conditional ones only with their design, the comments, two optional attachments and the recommendation. Saved as
 * a draft while the reviewer works; an invalid submit scrolls to its first invalid field; a confirmation first.
 */
export function ReviewSheetForm({
  slug,
  invitationId,
  sheet,
  onSubmitted,
  onFailed,
}: {
  slug: string;
  invitationId: number;
  sheet: ReviewSheet;
  onSubmitted: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const [draft, setDraft] = useState<ReviewDraft>(() => ({
    answers: sheet.draft?.answers ?? {},
    commentForAuthor: sheet.draft?.commentForAuthor ?? '',
    commentForEditor: sheet.draft?.commentForEditor ?? '',
    recommendation: sheet.draft?.recommendation ?? 0,
  }));
  const [files, setFiles] = useState<Record<ReviewAttachmentSlot, File | null>>({
    attachForAuthor: null,
    attachForEditor: null,
  });
  const [errors, setErrors] = useState<Record<FieldKey, string>>({});
  const [confirming, setConfirming] = useState(false);
  const autosave = useDraftAutosave(slug, invitationId, draft, sheet.draftSavedAt);
  const submit = useSubmitReview(slug, invitationId);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  const answersById = Object.fromEntries(Object.entries(draft.answers).map(([id, value]) => [Number(id), value]));
  const shown = applicableQuestions(sheet.questions, answersById);
  const groups = groupBy(shown, (question) => (language === 'ar' ? question.groupAr : question.groupEn));

  const change = (next: Partial<ReviewDraft>, clears: FieldKey) => {
    setDraft((old) => {
      const merged = { ...old, ...next };
      // A changed design drops the answers of the sub-types that no longer apply.
      const kept = keptAnswers(
        sheet.questions,
        Object.fromEntries(Object.entries(merged.answers).map(([id, value]) => [Number(id), value])),
      );
      return { ...merged, answers: Object.fromEntries(Object.entries(kept).map(([id, value]) => [id, value])) };
    });
    setErrors((old) => {
      if (!(clears in old)) return old;
      const { [clears]: _gone, ...rest } = old;
      return rest;
    });
    autosave.touch();
  };

  const pickFile = (slot: ReviewAttachmentSlot, file: File | null) => {
    const problem = attachmentError(slot, file);
    setFiles((old) => ({ ...old, [slot]: problem ? null : file }));
    setErrors((old) => {
      const { [slot]: _gone, ...rest } = old;
      return problem ? { ...rest, [slot]: problem } : rest;
    });
  };

  /** Scrolls to the first field on screen with an error and puts the focus in it. */
  const focusFirstError = (found: Record<FieldKey, string>) => {
    window.requestAnimationFrame(() => {
      const first = [...(formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [])].find(
        (element) => element.dataset.field! in found,
      );
      if (!first) return;
      first.scrollIntoView({ block: 'center' });
      first
        .querySelector<HTMLElement>('input:checked, input:not([type=file]):not([type=hidden]), textarea, button')
        ?.focus({ preventScroll: true });
    });
  };

  const validate = (): Record<FieldKey, string> => {
    const found: Record<FieldKey, string> = {};
    for (const [name, keys] of Object.entries(sheetErrors(sheet.questions, answersById))) {
      const key = fieldKeyOf(name);
      if (key) found[key] = keys[0]!;
    }
    if (!draft.commentForAuthor.trim()) found.commentForAuthor = 'validation.required';
    for (const slot of REVIEW_ATTACHMENT_SLOTS) if (errors[slot]) found[slot] = errors[slot];
    if (!draft.recommendation) found.recommendation = 'validation.recommendation_required';
    return found;
  };

  const trySubmit = () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) focusFirstError(found);
    else setConfirming(true);
  };

  const cancelConfirm = () => {
    setConfirming(false);
    submitRef.current?.focus();
  };

  const send = () => {
    setConfirming(false);
    autosave.settle();
    // The promise, not mutate's callbacks: the refreshed list may unmount this form before they would run.
    submit.mutateAsync({ ...draft, ...files }).then(
      (answer) => onSubmitted(answer.message),
      (error: unknown) => {
        const found: Record<FieldKey, string> = {};
        if (isApiError(error))
          for (const [name, keys] of Object.entries(error.fieldErrors)) {
            const key = fieldKeyOf(name);
            if (key && keys[0]) found[key] = keys[0];
          }
        if (Object.keys(found).length > 0) {
          setErrors(found);
          focusFirstError(found);
        } else onFailed(messageOf(error));
      },
    );
  };

  const errorOf = (key: FieldKey) => (errors[key] ? dynamicT(errors[key]) : undefined);
  const invalid = Object.keys(errors).length > 0;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        trySubmit();
      }}
    >
      <Stack gap="lg" maw={920} mx="auto">
        {autosave.state}
        <SheetQuestions
          groups={groups}
          answers={draft.answers}
          onAnswer={(id, value) => change({ answers: { ...draft.answers, [id]: value } }, questionKey(id))}
          errorOf={errorOf}
        />
        <SheetComments draft={draft} files={files} change={change} pickFile={pickFile} errorOf={errorOf} />

        <Paper withBorder radius="md" p="md">
          <div data-field="recommendation">
            <Radio.Group
              label={t('reviewing.recommendation_label')}
              {...requiredMark}
              value={draft.recommendation ? String(draft.recommendation) : null}
              onChange={(value) => change({ recommendation: Number(value) }, 'recommendation')}
              error={errorOf('recommendation')}
              data-testid="recommendation"
            >
              <Stack gap="xs" mt="xs">
                {RECOMMENDATIONS.map((code) => (
                  <Radio key={code} value={String(code)} label={dynamicT(`reviewing.recommendation_${code}`)} />
                ))}
              </Stack>
            </Radio.Group>
          </div>
        </Paper>

        {invalid && (
          <Alert color="red" role="alert">
            {t('reviewing.sheet_invalid')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button ref={submitRef} type="submit" size="md" loading={submit.isPending} data-testid="submit-review">
            {t('reviewing.submit_review')}
          </Button>
        </Group>
      </Stack>

      <Modal
        opened={confirming}
        onClose={cancelConfirm}
        // The focus goes where the answer sends it (a field the server refused), not back to the submit button.
        returnFocus={false}
        title={t('reviewing.confirm_submit_title')}
        centered
        data-testid="confirm-submit"
      >
        <Stack>
          <Text>{t('reviewing.confirm_submit_text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={cancelConfirm}>
              {t('reviewing.cancel')}
            </Button>
            <Button onClick={send} data-testid="confirm-submit-yes">
              {t('reviewing.confirm_submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
