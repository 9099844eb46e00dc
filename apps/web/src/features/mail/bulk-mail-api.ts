import type { JournalRole } from '@journals/core/enums';
import type { BulkMailBudget, BulkMailRequest, BulkMailResponse } from '@journals/core/schemas/bulk-mail';
import type { UsersResponse } from '@journals/core/schemas/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** "Send an e-mail message" (issue 22 §3): the message, one outbox row per person. */
export function useSendBulkMail(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkMailRequest) =>
      api<BulkMailResponse>(`/api/journals/${encodeURIComponent(slug)}/bulk-mail`, {
        method: 'POST',
        body,
        globalErrors: false,
      }),
    // The outbox screen shows the new messages; the budget panel what is left (decision 0073).
    onSettled: async () => {
      await Promise.all([
        queries.invalidateQueries({ queryKey: ['outbox', slug] }),
        queries.invalidateQueries({ queryKey: ['bulk-mail-budget', slug] }),
      ]);
    },
  });
}

/** What is left of the journal's bulk mail budget this hour and today (decision 0073). */
export function useBulkMailBudget(slug: string) {
  return useQuery({
    queryKey: ['bulk-mail-budget', slug],
    queryFn: () => api<BulkMailBudget>(`/api/journals/${encodeURIComponent(slug)}/bulk-mail/budget`),
  });
}

/** The picker's people: the first page of the journal's user list, by role and name or e-mail (the same API). */
export function usePeople(slug: string, role: JournalRole | null, search: string) {
  const query = new URLSearchParams({ page: '1' });
  if (role) query.set('role', role);
  if (search) query.set('search', search);
  return useQuery({
    queryKey: ['bulk-mail-people', slug, role, search],
    queryFn: () => api<UsersResponse>(`/api/journals/${encodeURIComponent(slug)}/users?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}
