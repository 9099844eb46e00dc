import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { formatNumber } from '@journals/core/format';
import { SEARCH_MAX_WORDS } from '@journals/core/limits';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconClockHour4, IconFilter } from '@tabler/icons-react';
import { ApiError } from '../../../lib/http';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';

/** The title in the text's colour: the light variant's yellow or blue on its own tint fails WCAG AA contrast. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/**
 * A search the server did not answer, said as what the reader can do (decision 0074): busy (503, many readers at
 * once: try again in a moment), too broad (400: the form above narrows it), too many words or too long a text (400,
 * beside the field's name), or a failure of ours (try again).
 */
export function SearchRefusal({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const refusal = error instanceof ApiError ? error : null;
  // Our own envelope of a 503 (the search's line is full, or the process sheds load); a proxy's page is a failure.
  const busy = refusal?.code === 'unavailable';
  const retry = (
    <Button variant={busy ? 'default' : 'light'} color={busy ? undefined : 'red'} onClick={onRetry}>
      {t('search.retry')}
    </Button>
  );
  if (refusal && busy)
    return (
      <Alert
        color="yellow"
        icon={<IconClockHour4 aria-hidden />}
        title={t('search.busy_title')}
        styles={READABLE_TITLE}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{refusal.message}</Text>
          {retry}
        </Stack>
      </Alert>
    );
  const fieldKeys = Object.values(refusal?.fieldErrors ?? {}).flat();
  if (refusal && (refusal.messageKey === 'search.too_broad' || fieldKeys.length > 0))
    return (
      <Alert
        color="blue"
        icon={<IconFilter aria-hidden />}
        title={fieldKeys.length > 0 ? t('search.failed') : t('search.too_broad_title')}
        styles={READABLE_TITLE}
        role="alert"
      >
        {fieldKeys.length > 0 ? (
          fieldKeys.map((key) => (
            <Text size="sm" key={key}>
              {dynamicT(key, { count: formatNumber(SEARCH_MAX_WORDS, language) })}
            </Text>
          ))
        ) : (
          <Text size="sm">{refusal.message}</Text>
        )}
      </Alert>
    );
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('search.failed')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {retry}
      </Stack>
    </Alert>
  );
}
