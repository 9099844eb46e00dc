import type { LandingContentRequest, LandingContentResponse } from '@journals/core/schemas/landing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The landing page's content as the platform administrator edits it (decision 0054). */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/platform/landing`;

export function useLandingContent(slug: string) {
  return useQuery({ queryKey: ['platform-landing'], queryFn: () => api<LandingContentResponse>(base(slug)) });
}

export function useSaveLanding(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: LandingContentRequest) =>
      api<{ message: string }>(base(slug), { method: 'PUT', body, globalErrors: false }),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: ['platform-landing'] });
      // The landing page of this tab shows the new content at its next visit.
      void queries.invalidateQueries({ queryKey: ['landing'] });
    },
  });
}
