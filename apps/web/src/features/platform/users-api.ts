import type { PlatformUsersResponse } from '@journals/core/schemas/platform';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The people of every journal (issue 22 §4, decision 0052), through the journal whose back office is open. */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/platform/users`;

export interface PeopleFilters {
  search: string;
  onlyBanned: boolean;
  page: number;
}

export function usePlatformUsers(slug: string, filters: PeopleFilters) {
  const query = new URLSearchParams({ page: String(filters.page) });
  if (filters.search) query.set('search', filters.search);
  if (filters.onlyBanned) query.set('banned', 'true');
  return useQuery({
    queryKey: ['platform-users', filters],
    queryFn: () => api<PlatformUsersResponse>(`${base(slug)}?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useSetPlatformBan(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, banned }: { id: number; banned: boolean }) =>
      api<{ message: string }>(`${base(slug)}/${id}/ban`, { method: 'PUT', body: { banned }, globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: ['platform-users'] }),
  });
}

export function useErasePerson(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) =>
      api<{ message: string }>(`${base(slug)}/${id}/erase`, { method: 'POST', body: { email }, globalErrors: false }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['platform-users'] }),
  });
}
