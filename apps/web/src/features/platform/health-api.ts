import type { PlatformHealthResponse } from '@journals/core/schemas/operations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The platform's health (issue 23 §3), through the journal whose back office is open; read again every minute. */
export function usePlatformHealth(slug: string) {
  return useQuery({
    queryKey: ['platform-health'],
    queryFn: () => api<PlatformHealthResponse>(`/api/journals/${encodeURIComponent(slug)}/platform/health`),
    refetchInterval: 60_000,
  });
}
