import type { NoticeRequest, NoticesResponse, NoticeView } from '@journals/core/schemas/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postForm } from '../../../lib/http';

/** A published paper's notices (issue 46 §2, decision 0087): the editors' list and a notice published. */

const noticesPath = (slug: string, paperId: number) =>
  `/api/journals/${encodeURIComponent(slug)}/papers/${paperId}/notices`;
const noticesKey = (slug: string, paperId: number) => ['notices', slug, paperId] as const;

export function usePaperNotices(slug: string, paperId: number, enabled: boolean) {
  return useQuery({
    queryKey: noticesKey(slug, paperId),
    queryFn: () => api<NoticesResponse>(noticesPath(slug, paperId)),
    enabled,
    // Read again while a notice's DOI is on its way to Crossref (decision 0088), as the DOI column is.
    refetchInterval: (query) =>
      query.state.data?.notices.some((n) => n.deposit?.state === 'waiting' || n.deposit?.state === 'submitted')
        ? 3000
        : false,
  });
}

/**
 * Publishes a notice; a correction with its corrected PDF goes to …/corrections as a form (decision 0089). The
 * public answers this browser holds of the paper, its issue, the home and the searches are read again: they carry
 * the notice's banner and mark.
 */
export function usePublishNotice(slug: string, paperId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ body, correctedFile }: { body: NoticeRequest; correctedFile?: File | null }) => {
      if (!correctedFile)
        return api<{ notice: NoticeView; message: string }>(noticesPath(slug, paperId), {
          method: 'POST',
          body,
          globalErrors: false,
        });
      const form = new FormData();
      const { kind: _kind, ...notice } = body;
      form.set('notice', JSON.stringify(notice));
      form.set('correctedFile', correctedFile);
      return postForm<{ notice: NoticeView; message: string }>(
        `/api/journals/${encodeURIComponent(slug)}/papers/${paperId}/corrections`,
        form,
      );
    },
    onSuccess: () =>
      Promise.all(
        [
          noticesKey(slug, paperId),
          ['archive-paper', slug, paperId],
          ['archive-issue', slug],
          ['archive-home', slug],
          ['search', slug],
        ].map((queryKey) => queries.invalidateQueries({ queryKey })),
      ),
  });
}
