import { formatTime } from '@journals/core/format';
import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLanguage, useTranslation } from '../../../lib/i18n';
import { type ReviewDraft, useSaveReviewDraft } from '../api';

const DRAFT_DELAY_MS = 1_000;

/**
 * Keeps the sheet as a draft while the reviewer works (issue 9 §3): a second after the last change, and at once
 * when the sheet closes with a change not yet saved. `touch()` marks a change; the state says where the draft is.
 */
export function useDraftAutosave(slug: string, invitationId: number, draft: ReviewDraft, savedBefore: string | null) {
  const saving = useSaveReviewDraft(slug, invitationId);
  const [dirty, setDirty] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(savedBefore);
  const { mutate: save } = saving;
  const pending = useRef<ReviewDraft | null>(null);
  pending.current = dirty ? draft : null;

  useEffect(() => {
    if (!dirty) return;
    const timer = window.setTimeout(() => {
      setDirty(false);
      save(draft, { onSuccess: (answer) => setSavedAt(answer.draftSavedAt) });
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dirty, draft, save]);

  // Closed (or submitted) within the delay: the last change is sent anyway; a submitted sheet answers 409, unread.
  useEffect(
    () => () => {
      if (pending.current) save(pending.current);
    },
    [save],
  );

  return {
    touch: () => setDirty(true),
    /** After a submit, nothing is left to save. */
    settle: () => setDirty(false),
    state: <DraftState saving={saving.isPending} savedAt={savedAt} error={saving.error} />,
  };
}

/** Where the draft is: saving, saved at a time, or not saved (and why). */
function DraftState({ saving, savedAt, error }: { saving: boolean; savedAt: string | null; error: Error | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const time = (value: string) => formatTime(new Date(value), language, { dateStyle: 'short', timeStyle: 'medium' });
  const text = saving
    ? t('reviewing.draft_saving')
    : error
      ? t('reviewing.draft_not_saved', { message: error.message })
      : savedAt
        ? t('reviewing.draft_saved', { time: time(savedAt) })
        : t('reviewing.draft_none');
  return (
    <Text size="sm" c={error ? 'red.8' : 'gray.7'} role="status" data-testid="draft-state">
      {text}
    </Text>
  );
}
