import type {
  SpecializationRequest,
  SpecializationRow,
  SpecializationUsage,
} from '@journals/core/schemas/specializations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** The specializations and keywords screen (issue 22 §2): the list, a save (new or edited), a delete. */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/specializations`;
const key = (slug: string) => ['specializations', slug] as const;

export function useSpecializations(slug: string) {
  return useQuery({
    queryKey: key(slug),
    queryFn: () => api<{ items: SpecializationRow[] }>(base(slug)),
  });
}

export function useSaveSpecialization(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SpecializationRequest }) =>
      api<SpecializationRow>(id === null ? base(slug) : `${base(slug)}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        globalErrors: false,
      }),
    onSettled: () => queries.invalidateQueries({ queryKey: key(slug) }),
  });
}

export const specializationUsage = (slug: string, id: number) =>
  api<SpecializationUsage>(`${base(slug)}/${id}/usage`, { globalErrors: false });

export function useDeleteSpecialization(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`${base(slug)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: key(slug) }),
  });
}
