import { OUTBOX_WAITING_STATES, type OutboxResponse, type OutboxState } from '@journals/core/schemas/outbox';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The outbox screen (issue 22 §3): a page of the journal's messages, and sending a failed one again. */

export interface OutboxFilters {
  state: OutboxState | null;
  search: string;
  page: number;
}

/** How often a page showing a waiting message is read again. */
const PENDING_REFRESH_MS = 3_000;

/** A journal's outbox, or the platform administrator's across journals (reached through the journal open). */
export type OutboxScope = 'journal' | 'platform';
const base = (slug: string, scope: OutboxScope) =>
  `/api/journals/${encodeURIComponent(slug)}/${scope === 'platform' ? 'platform/outbox' : 'outbox'}`;

export function useOutbox(slug: string, filters: OutboxFilters, scope: OutboxScope) {
  const query = new URLSearchParams();
  if (filters.state) query.set('state', filters.state);
  if (filters.search) query.set('search', filters.search);
  if (filters.page > 1) query.set('page', String(filters.page));
  return useQuery({
    queryKey: ['outbox', slug, scope, filters],
    queryFn: () => api<OutboxResponse>(`${base(slug, scope)}?${query}`),
    placeholderData: keepPreviousData,
    // While a message of the page waits or is being sent, the screen looks again now and then: a retried one turns
    // to sent. (Looking only while one was pending stopped for good when a look found it being sent.)
    refetchInterval: (current) =>
      current.state.data?.items.some((item) => OUTBOX_WAITING_STATES.includes(item.state)) ? PENDING_REFRESH_MS : false,
  });
}

export function useRetryMail(slug: string, scope: OutboxScope) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`${base(slug, scope)}/${id}/retry`, { method: 'POST', globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: ['outbox', slug] }),
  });
}
