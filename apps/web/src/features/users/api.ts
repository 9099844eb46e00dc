import type { JournalRole } from '@journals/core/enums';
import type { UsersResponse } from '@journals/core/schemas/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The journal's users (issue 22 §1): a page of the people with a role here, and activating an account. */

const usersBase = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/users`;
const usersKey = (slug: string) => ['users', slug] as const;

export interface UserFilters {
  role: JournalRole | null;
  search: string;
  page: number;
}

/** One page of the list; the page shown stays while the next one loads. */
export function useUsers(slug: string, filters: UserFilters) {
  const query = new URLSearchParams({ page: String(filters.page) });
  if (filters.role) query.set('role', filters.role);
  if (filters.search) query.set('search', filters.search);
  return useQuery({
    queryKey: [...usersKey(slug), filters],
    queryFn: () => api<UsersResponse>(`${usersBase(slug)}?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useActivateUser(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api<{ message: string }>(`${usersBase(slug)}/${userId}/activate`, { method: 'POST', globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: usersKey(slug) }),
  });
}
