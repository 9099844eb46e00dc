import type { CustomTabAdminNode, CustomTabRequest } from '@journals/core/schemas/custom-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** The custom tabs screen (issue 22 §2): the tree, a save (new or edited), a delete. */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/custom-tabs`;
const key = (slug: string) => ['custom-tabs', slug] as const;

export function useCustomTabs(slug: string) {
  return useQuery({ queryKey: key(slug), queryFn: () => api<{ items: CustomTabAdminNode[] }>(base(slug)) });
}

/** After a change the journal's public menu is stale too. */
const refresh = (queries: ReturnType<typeof useQueryClient>, slug: string) =>
  Promise.all([
    queries.invalidateQueries({ queryKey: key(slug) }),
    queries.invalidateQueries({ queryKey: ['journal-tabs', slug] }),
    queries.invalidateQueries({ queryKey: ['journal-tab', slug] }),
  ]);

export function useSaveCustomTab(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CustomTabRequest }) =>
      api<{ id: number; slug: string; message: string }>(id === null ? base(slug) : `${base(slug)}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        globalErrors: false,
      }),
    onSettled: () => refresh(queries, slug),
  });
}

export function useDeleteCustomTab(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`${base(slug)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSettled: () => refresh(queries, slug),
  });
}
