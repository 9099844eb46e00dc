import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { formatNumber } from '@journals/core/format';
import { SEARCH_MAX_WORDS } from '@journals/core/schemas/search';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconClockHour4, IconFilter } from '@tabler/icons-react';
import { ApiError } from '../../../lib/http';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';

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
  const retry = (
    <Button variant="light" color={refusal?.status === 503 ? 'yellow' : 'red'} onClick={onRetry}>
      {t('search.retry')}
    </Button>
  );
  if (refusal?.status === 503)
    return (
      <Alert color="yellow" icon={<IconClockHour4 aria-hidden />} title={t('search.busy_title')} role="alert">
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
