import type { DoiState } from '@journals/core/rules/doi';
import { mayDepositAgain } from '@journals/core/rules/doi';
import type { DoiDepositView } from '@journals/core/schemas/doi';
import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StatusBadge } from '../../components/StatusBadge';
import { api } from '../../lib/http';
import { useDynamicT, useTranslation } from '../../lib/i18n';
import { notifyDone, notifyFailed } from '../../lib/notify';

/**
 * A published issue's DOIs and their deposits with Crossref (issue 46 §1): each paper's DOI with its state (waiting,
 * sent, registered, refused with Crossref's message), read again every few seconds while one is on its way, and a
 * button that sends a refused (or registered) one again.
 */

const STATE_COLOR: Record<DoiState, string> = {
  waiting: 'gray',
  submitted: 'blue',
  deposited: 'green',
  failed: 'red',
};
const depositsKey = (slug: string, issueId: number) => ['issues', slug, issueId, 'dois'] as const;

export function useIssueDeposits(slug: string, issueId: number, enabled: boolean) {
  return useQuery({
    queryKey: depositsKey(slug, issueId),
    queryFn: () =>
      api<{ deposits: DoiDepositView[] }>(`/api/journals/${encodeURIComponent(slug)}/issues/${issueId}/dois`),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.deposits.some((d) => d.state === 'waiting' || d.state === 'submitted') ? 3000 : false,
  });
}

/** One paper's deposit (null when none was asked for), for its page in the archive management. */
export function usePaperDeposit(slug: string, paperId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['issues', slug, 'paper-doi', paperId] as const,
    queryFn: () =>
      api<{ deposit: DoiDepositView | null }>(
        `/api/journals/${encodeURIComponent(slug)}/papers/${paperId}/doi-deposit`,
      ),
    enabled,
    refetchInterval: (query) => {
      const state = query.state.data?.deposit?.state;
      return state === 'waiting' || state === 'submitted' ? 3000 : false;
    },
  });
}

function useDepositAgain(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (paperId: number) =>
      api<{ deposit: DoiDepositView }>(`/api/journals/${encodeURIComponent(slug)}/papers/${paperId}/doi-deposit`, {
        method: 'POST',
        globalErrors: false,
      }),
    // The issue's list and the paper's page alike (both under the journal's issues keys).
    onSettled: () => queries.invalidateQueries({ queryKey: ['issues', slug] }),
  });
}

/** A message of ours is a key of core's `doi` area; Crossref's own is shown as Crossref wrote it. */
const messageText = (message: string, dynamicT: (key: string) => string) =>
  message.startsWith('doi.') ? dynamicT(message) : message;

export function DoiCell({
  slug,
  doi,
  deposit,
}: {
  slug: string;
  doi: string | null;
  deposit: DoiDepositView | undefined;
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const again = useDepositAgain(slug);
  if (!doi)
    return (
      <Text size="sm" c="dimmed">
        {t('doi.none')}
      </Text>
    );
  return (
    <Stack gap={4} align="flex-start" data-testid="doi-cell">
      <Text size="sm" dir="ltr" span>
        {doi}
      </Text>
      {deposit && (
        <StatusBadge color={STATE_COLOR[deposit.state]} data-testid="doi-state" data-state={deposit.state}>
          {dynamicT(`doi.state_${deposit.state}`)}
        </StatusBadge>
      )}
      {deposit?.message && (deposit.state === 'failed' || deposit.state === 'waiting') && (
        <Text size="xs" c={deposit.state === 'failed' ? 'red.8' : 'dimmed'} dir="auto" data-testid="doi-message">
          {messageText(deposit.message, dynamicT)}
        </Text>
      )}
      {deposit && mayDepositAgain(deposit.state) && deposit.state === 'failed' && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={again.isPending}
          onClick={() =>
            again.mutate(deposit.paperId, {
              onSuccess: () => notifyDone({ message: t('doi.deposit_again_done') }),
              onError: notifyFailed,
            })
          }
          data-testid="doi-deposit-again"
        >
          {t('doi.deposit_again')}
        </Button>
      )}
    </Stack>
  );
}
