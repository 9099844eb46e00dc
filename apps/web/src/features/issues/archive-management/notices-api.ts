import type { NoticeRequest, NoticesResponse, NoticeView } from '@journals/core/schemas/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** A published paper's notices (issue 46 §2, decision 0087): the editors' list and a notice published. */

const noticesPath = (slug: string, paperId: number) =>
  `/api/journals/${encodeURIComponent(slug)}/papers/${paperId}/notices`;
const noticesKey = (slug: string, paperId: number) => ['notices', slug, paperId] as const;

export function usePaperNotices(slug: string, paperId: number, enabled: boolean) {
  return useQuery({
    queryKey: noticesKey(slug, paperId),
    queryFn: () => api<NoticesResponse>(noticesPath(slug, paperId)),
    enabled,
  });
}

export function usePublishNotice(slug: string, paperId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticeRequest) =>
      api<{ notice: NoticeView; message: string }>(noticesPath(slug, paperId), {
        method: 'POST',
        body,
        globalErrors: false,
      }),
    onSuccess: () => queries.invalidateQueries({ queryKey: noticesKey(slug, paperId) }),
  });
}
