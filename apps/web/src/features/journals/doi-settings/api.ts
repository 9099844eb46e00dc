import type { DoiSettingsRequest, DoiSettingsResponse } from '@journals/core/schemas/doi';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** The DOI registration screen (issue 46 §1): the journal's suffix pattern and Crossref account, its manager's. */

const path = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/doi-settings`;
const key = (slug: string) => ['doi-settings', slug] as const;

export function useDoiSettings(slug: string) {
  return useQuery({ queryKey: key(slug), queryFn: () => api<DoiSettingsResponse>(path(slug)) });
}

export function useSaveDoiSettings(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: DoiSettingsRequest) =>
      api<{ message: string }>(path(slug), { method: 'PUT', body, globalErrors: false }),
    onSuccess: () => queries.invalidateQueries({ queryKey: key(slug) }),
  });
}
