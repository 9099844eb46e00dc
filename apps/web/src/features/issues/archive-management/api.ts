import type {
  ArchivedPaper,
  ArchivedPaperRequest,
  ArchiveIssuePapersResponse,
  ArchiveIssuesResponse,
} from '@journals/core/schemas/archive-management';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postForm } from '../../../lib/http';

/** Archive management (issue 21 §2): the issues table, an issue's papers, the archived paper and its save. */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/archive-management`;
const archiveKey = (slug: string) => ['archive-management', slug] as const;

export function useArchiveIssues(slug: string, page: number) {
  return useQuery({
    queryKey: [...archiveKey(slug), 'issues', page],
    queryFn: () => api<ArchiveIssuesResponse>(`${base(slug)}/issues?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useArchiveIssuePapers(slug: string, volume: string, issue: string, page: number) {
  return useQuery({
    queryKey: [...archiveKey(slug), 'papers', volume, issue, page],
    queryFn: () =>
      api<ArchiveIssuePapersResponse>(
        `${base(slug)}/issues/${encodeURIComponent(volume)}/${encodeURIComponent(issue)}/papers?page=${page}`,
        { globalErrors: false },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useArchivedPaper(slug: string, paperId: number) {
  return useQuery({
    queryKey: [...archiveKey(slug), 'paper', paperId],
    queryFn: () => api<ArchivedPaper>(`${base(slug)}/papers/${paperId}`, { globalErrors: false }),
    retry: false,
  });
}

/** Saves the form: its fields as one JSON text and, when chosen, the final PDF. */
export function useSaveArchivedPaper(slug: string, paperId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ paper, finalVersion }: { paper: ArchivedPaperRequest; finalVersion: File | null }) => {
      const form = new FormData();
      form.set('paper', JSON.stringify(paper));
      if (finalVersion) form.set('finalVersion', finalVersion);
      return postForm<{ messageKey: string; message: string }>(`${base(slug)}/papers/${paperId}`, form, 'PUT');
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: archiveKey(slug) }),
  });
}
