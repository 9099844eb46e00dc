import type { LandingResponse } from '@journals/core/schemas/journals';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** GET /api/landing: every journal and the headline statistics of the platform. */
export const landingQuery = () => ({
  queryKey: ['landing'],
  queryFn: () => api<LandingResponse>('/api/landing', { globalErrors: false }),
  // Loaded before the page's first render (router.tsx): the page shows that answer rather than asking again.
  staleTime: 60_000,
});

export function useLanding() {
  return useQuery(landingQuery());
}
