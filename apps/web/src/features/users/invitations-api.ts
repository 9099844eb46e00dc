import type { InvitationView, PendingInvitationsResponse } from '@journals/core/schemas/invitations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { usersKey } from './api';

/**
 * A journal's invitations (issue 44 §3, decision 0071): the users screen's pending list, and the invited person's
 * page, which sends the link's code in a body.
 */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}`;

/** The invitations not answered yet (or declined), under the user list; refreshed with it. */
export function usePendingInvitations(slug: string) {
  return useQuery({
    queryKey: [...usersKey(slug), 'invitations'],
    queryFn: () => api<PendingInvitationsResponse>(`${base(slug)}/users/invitations`),
  });
}

/** The invitation of a link, read once the person is signed in (`enabled`). */
export function useInvitation(slug: string, code: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invitation', slug, code],
    queryFn: () =>
      api<InvitationView>(`${base(slug)}/invitation`, { method: 'POST', body: { code }, globalErrors: false }),
    enabled: enabled && code !== '',
    retry: false,
  });
}

/** Accepting or declining; the session (the person's roles here) is read again after. */
export function useAnswerInvitation(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ code, answer }: { code: string; answer: 'accept' | 'decline' }) =>
      api<{ message: string }>(`${base(slug)}/invitation/${answer}`, {
        method: 'POST',
        body: { code },
        globalErrors: false,
      }),
    onSuccess: () => queries.invalidateQueries(),
  });
}

/** Takes an invitation back: its link stops working and it leaves the list. */
export function useWithdrawInvitation(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`${base(slug)}/users/invitations/${id}`, { method: 'DELETE', globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: usersKey(slug) }),
  });
}
