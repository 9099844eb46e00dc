import { formatDay } from '@journals/core/format';
import { earliestExtension, type ExtensionAllowance, isoDay, latestExtension } from '@journals/core/reviewing';
import { extensionBlocked, extensionError } from '@journals/core/rules/reviewing';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { required } from '../../../lib/forms';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';

/**
 * A later deadline (spec 01 §5 Extend deadline; issue 19 §5): a required date from the day after the current one
 * (tomorrow when there is none) to the journal's bound past it, while the reviewer has extensions left; the same
 * core rule as the server's. A native date picker bounded by both. A refusal beside the field shows the server's
 * message there; any other failure goes to `onFailed`.
 */
export function ExtendDeadlineForm({
  deadline,
  extensions,
  sending,
  onSend,
  onFailed,
  onCancel,
}: {
  deadline: string | null;
  extensions: ExtensionAllowance;
  sending: boolean;
  onSend: (deadline: string) => Promise<unknown>;
  onFailed: (error: unknown) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const today = isoDay(new Date());
  const earliest = earliestExtension(deadline, today);
  const latest = latestExtension(deadline, today, extensions.maxDays);
  const blocked = extensionBlocked(deadline, extensions, today);
  const left = extensions.maxCount - extensions.used;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const refuse = (key: string) => {
    setError(key);
    input.current?.focus();
  };
  const send = () => {
    const problem = !value
      ? 'validation.required'
      : !/^\d{4}-\d{2}-\d{2}$/.test(value)
        ? 'validation.valid_date'
        : extensionError(value, deadline, extensions, today);
    if (problem) return refuse(problem);
    setError(null);
    onSend(value).catch((failure: unknown) => {
      const key = isApiError(failure) ? failure.fieldErrors.Deadline?.[0] : undefined;
      if (key) refuse(key);
      else onFailed(failure);
    });
  };

  if (blocked)
    return (
      <Stack>
        <Alert color="orange" role="status" data-testid="extension-blocked">
          {dynamicT(blocked)}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onCancel}>{t('reviewing.close')}</Button>
        </Group>
      </Stack>
    );

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
          description={[
            t('reviewing.earliest_deadline', { date: formatDay(earliest, language) }),
            t('reviewing.latest_deadline', { date: formatDay(latest, language) }),
            t('reviewing.extensions_after', { count: left - 1 }),
          ].join(' ')}
          {...required}
          min={earliest}
          max={latest}
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
