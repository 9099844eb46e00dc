import type { JournalRole } from '@journals/core/enums';
import type {
  EditUserRequest,
  NewUserRequest,
  NewUserResponse,
  OpenReview,
  RolesRequest,
  UserDetailsResponse,
  UserRolesResponse,
  UsersResponse,
} from '@journals/core/schemas/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The journal's users (issue 22 §1): a page of the people with a role here, and activating an account. */

const usersBase = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/users`;
export const usersKey = (slug: string) => ['users', slug] as const;

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

/** The journal's ban (decision 0040): `ban` true bans the person here, false lifts the ban. */
export function useBanUser(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ban }: { userId: number; ban: boolean }) =>
      api<{ message: string }>(`${usersBase(slug)}/${userId}/ban`, {
        method: ban ? 'POST' : 'DELETE',
        globalErrors: false,
      }),
    onSettled: () => queries.invalidateQueries({ queryKey: usersKey(slug) }),
  });
}

/** Invites a person to the journal: the answer is the same whether or not the address had an account (decision 0071). */
export function useAddUser(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUserRequest) =>
      api<NewUserResponse>(usersBase(slug), { method: 'POST', body, globalErrors: false }),
    onSuccess: () => queries.invalidateQueries({ queryKey: usersKey(slug) }),
  });
}

/** A person as the edit form opens them, and saving them. */
export function useUserDetails(slug: string, userId: number) {
  return useQuery({
    queryKey: [...usersKey(slug), 'details', userId],
    queryFn: () => api<UserDetailsResponse>(`${usersBase(slug)}/${userId}`),
    enabled: Number.isInteger(userId) && userId > 0,
  });
}

export function useEditUser(slug: string, userId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: EditUserRequest) =>
      api<{ message: string }>(`${usersBase(slug)}/${userId}`, { method: 'PUT', body, globalErrors: false }),
    onSuccess: () => queries.invalidateQueries({ queryKey: usersKey(slug) }),
  });
}

/** Removes the person from the journal (their roles here go; the account stays). */
export function useRemoveUser(slug: string, userId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ message: string }>(`${usersBase(slug)}/${userId}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => queries.invalidateQueries({ queryKey: usersKey(slug) }),
  });
}

const userKey = (slug: string, userId: number) => ['users', slug, 'user', userId] as const;

/** A person's roles here, as the roles dialog opens them. */
export function useUserRoles(slug: string, userId: number | null) {
  return useQuery({
    queryKey: userKey(slug, userId ?? 0),
    queryFn: () => api<UserRolesResponse>(`${usersBase(slug)}/${userId}/roles`),
    enabled: userId !== null,
  });
}

export function useSaveRoles(slug: string, userId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: RolesRequest) =>
      api<{ message: string }>(`${usersBase(slug)}/${userId}/roles`, { method: 'PUT', body, globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: usersKey(slug) }),
  });
}

/** The reviews a person still owes here (why their reviewer role stays). */
export function useOpenReviews(slug: string, userId: number | null) {
  return useQuery({
    queryKey: [...userKey(slug, userId ?? 0), 'open-reviews'],
    queryFn: () => api<{ items: OpenReview[] }>(`${usersBase(slug)}/${userId}/open-reviews`),
    enabled: userId !== null,
  });
}

/** Withdraws one of those invitations through the editor's remove-reviewer route of the paper. */
export function useWithdrawInvitation(slug: string, userId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (review: OpenReview) =>
      api<void>(`/api/journals/${encodeURIComponent(slug)}/papers/${review.paperId}/reviewers/${review.invitationId}`, {
        method: 'DELETE',
        globalErrors: false,
      }),
    onSettled: () => queries.invalidateQueries({ queryKey: userKey(slug, userId) }),
  });
}
