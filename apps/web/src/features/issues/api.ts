import type { IssueItem, IssuePapersResponse, IssueRequest } from '@journals/core/schemas/issues';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postForm } from '../../lib/http';

/** Issues management (issue 21 §1): the journal's issues, an issue's papers, and what changes them. */

const issuesBase = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/issues`;
export const issuesKey = (slug: string) => ['issues', slug] as const;
const issueKey = (slug: string, issueId: number) => ['issues', slug, issueId] as const;

export function useIssues(slug: string) {
  return useQuery({
    queryKey: issuesKey(slug),
    queryFn: () => api<{ items: IssueItem[] }>(issuesBase(slug)),
  });
}

interface Said {
  messageKey: string;
  message: string;
}

/** Creates an issue (no id) or edits one. */
export function useSaveIssue(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: IssueRequest }) =>
      id === null
        ? api<Said & { id: number }>(issuesBase(slug), { method: 'POST', body, globalErrors: false })
        : api<Said>(`${issuesBase(slug)}/${id}`, { method: 'PUT', body, globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: issuesKey(slug) }),
  });
}

export function useDeleteIssue(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${issuesBase(slug)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: issuesKey(slug) }),
  });
}

/** The issue papers screen: the issue, its papers, the accepted papers in no issue. */
export function useIssuePapers(slug: string, issueId: number) {
  return useQuery({
    queryKey: issueKey(slug, issueId),
    queryFn: () => api<IssuePapersResponse>(`${issuesBase(slug)}/${issueId}/papers`, { globalErrors: false }),
    retry: false,
  });
}

export interface IssuePaperInput {
  paperId: number | null;
  orderInIssue: number;
  fromPage: string;
  toPage: string;
  doi: string;
  titleEn: string;
  titleAr: string;
  abstractEn: string;
  abstractAr: string;
  finalVersion: File | null;
}

/** Assigns a paper (paperId) or edits one already in the issue (editing: its id), with the final PDF if chosen. */
export function useSaveIssuePaper(slug: string, issueId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ editing, input }: { editing: number | null; input: IssuePaperInput }) => {
      const form = new FormData();
      if (editing === null && input.paperId !== null) form.set('paperId', String(input.paperId));
      form.set('orderInIssue', String(input.orderInIssue));
      for (const field of ['fromPage', 'toPage', 'doi', 'titleEn', 'titleAr', 'abstractEn', 'abstractAr'] as const)
        form.set(field, input[field]);
      if (input.finalVersion) form.set('finalVersion', input.finalVersion);
      return editing === null
        ? postForm<Said>(`${issuesBase(slug)}/${issueId}/papers`, form)
        : postForm<Said>(`${issuesBase(slug)}/${issueId}/papers/${editing}`, form, 'PUT');
    },
    onSettled: () => {
      void queries.invalidateQueries({ queryKey: issueKey(slug, issueId) });
      void queries.invalidateQueries({ queryKey: issuesKey(slug), exact: true });
    },
  });
}

export function useRemoveIssuePaper(slug: string, issueId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (paperId: number) =>
      api<void>(`${issuesBase(slug)}/${issueId}/papers/${paperId}`, { method: 'DELETE', globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: issueKey(slug, issueId) }),
  });
}

export function usePublishIssue(slug: string, issueId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<Said & { alreadyPublished: boolean }>(`${issuesBase(slug)}/${issueId}/publish`, {
        method: 'POST',
        globalErrors: false,
      }),
    onSettled: () => {
      void queries.invalidateQueries({ queryKey: issueKey(slug, issueId) });
      void queries.invalidateQueries({ queryKey: issuesKey(slug), exact: true });
    },
  });
}
