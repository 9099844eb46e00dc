import type { NewJournalRequest, PlatformJournalsResponse } from '@journals/core/schemas/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The platform administrator's journals (issue 22 §4), through the journal whose back office is open. */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/platform/journals`;

export function usePlatformJournals(slug: string) {
  return useQuery({ queryKey: ['platform-journals'], queryFn: () => api<PlatformJournalsResponse>(base(slug)) });
}

export function useCreateJournal(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NewJournalRequest) =>
      api<{ id: number; slug: string; message: string }>(base(slug), { method: 'POST', body, globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: ['platform-journals'] }),
  });
}

export function useSetJournalState(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api<{ message: string }>(`${base(slug)}/${id}/state`, { method: 'PUT', body: { active }, globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: ['platform-journals'] }),
  });
}
