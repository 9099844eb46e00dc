import { formatDay } from '@journals/core/format';
import { earliestExtension, isoDay } from '@journals/core/reviewing';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { required } from '../../../lib/forms';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';

/**
 * A later deadline (spec 01 §5 Extend deadline): a required date no earlier than the day after the current one
 * (tomorrow when there is none), as the server asks. A native date picker: the browser's own, in its language.
 */
export function ExtendDeadlineForm({
  deadline,
  sending,
  onSend,
  onCancel,
}: {
  deadline: string | null;
  sending: boolean;
  onSend: (deadline: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const earliest = earliestExtension(deadline, isoDay(new Date()));
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = () => {
    const problem = !value
      ? 'validation.required'
      : !/^\d{4}-\d{2}-\d{2}$/.test(value)
        ? 'validation.valid_date'
        : value < earliest
          ? 'validation.extension_too_early'
          : null;
    setError(problem);
    if (problem) input.current?.focus();
    else onSend(value);
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
        {deadline && <Text>{t('reviewing.current_deadline', { date: formatDay(deadline, language) })}</Text>}
        <TextInput
          ref={input}
          type="date"
          label={t('reviewing.new_deadline')}
          description={t('reviewing.earliest_deadline', { date: formatDay(earliest, language) })}
          {...required}
          min={earliest}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error ? dynamicT(error) : undefined}
          dir="ltr"
          styles={{ input: { textAlign: 'start' } }}
          data-testid="new-deadline"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('reviewing.cancel')}
          </Button>
          <Button type="submit" loading={sending} data-testid="extend-send">
            {t('reviewing.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
