import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

/**
 * What a back-office list or report shows for one query: the failure with its message and a retry, a loader until
 * the first answer, then `children` with the data (kept while a next page or search loads: placeholder data).
 */
export function QueryView<T>({
  query,
  failedTitle,
  loading,
  children,
}: {
  query: UseQueryResult<T, Error>;
  failedTitle: string;
  /** Another waiting state than the centred loader (the report window's). */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={failedTitle}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (query.data === undefined) {
    return (
      loading ?? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )
    );
  }
  return children(query.data);
}
