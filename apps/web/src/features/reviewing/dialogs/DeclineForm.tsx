import { REFUSAL_CATEGORIES, REVIEW_LIMITS, type RefusalCategory } from '@journals/core/reviewing';
import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { required, requiredMark } from '../../../lib/forms';
import { useDynamicT } from '../../../lib/i18n';
import type { RefusalBody } from '../api';

/** Labels of the decline form: the back office and the public page read them from different catalogue areas. */
export interface DeclineTexts {
  category: string;
  categoryOf: (category: RefusalCategory) => string;
  reason: string;
  suggestion: string;
  suggestionHint: string;
  send: string;
  cancel?: string;
}

/**
 * Declining an invitation (spec 01 §5 Refusal): why (a category), a required reason focused when missing, and an
 * optional suggested reviewer. Shared by the dashboard's dialog and the mail link's page.
 */
export function DeclineForm({
  texts,
  sending,
  onSend,
  onCancel,
}: {
  texts: DeclineTexts;
  sending: boolean;
  onSend: (body: RefusalBody) => void;
  onCancel?: () => void;
}) {
  const dynamicT = useDynamicT();
  const [category, setCategory] = useState<RefusalCategory>('noTime');
  const [reason, setReason] = useState('');
  const [suggestion, setSuggestion] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const send = () => {
    if (!reason.trim()) {
      setReasonError('validation.required');
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    onSend({ category, reason: reason.trim(), suggestion: suggestion.trim() });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack>
        <Radio.Group
          label={texts.category}
          value={category}
          onChange={(value) => setCategory(value as RefusalCategory)}
          {...requiredMark}
        >
          <Stack gap="xs" mt="xs">
            {REFUSAL_CATEGORIES.map((code) => (
              <Radio key={code} value={code} label={texts.categoryOf(code)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          ref={reasonRef}
          label={texts.reason}
          {...required}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (reasonError && event.currentTarget.value.trim()) setReasonError(null);
          }}
          error={reasonError ? dynamicT(reasonError) : undefined}
          autosize
          dir="auto"
          minRows={3}
          maxLength={REVIEW_LIMITS.refusalReason}
          data-testid="refusal-reason"
        />
        <Textarea
          label={texts.suggestion}
          description={texts.suggestionHint}
          value={suggestion}
          onChange={(event) => setSuggestion(event.currentTarget.value)}
          autosize
          dir="auto"
          minRows={2}
          maxLength={REVIEW_LIMITS.suggestion}
        />
        <Group justify="flex-end">
          {onCancel && texts.cancel && (
            <Button variant="default" onClick={onCancel}>
              {texts.cancel}
            </Button>
          )}
          <Button type="submit" loading={sending} data-testid="refusal-send">
            {texts.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
