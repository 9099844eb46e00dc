import type { ReviewQuestionRequest, ReviewQuestionRow } from '@journals/core/schemas/review-sheet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** The review-sheet questions screen (issue 22 §2): the list, a save (new or edited), a move, a delete. */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/review-questions`;
const key = (slug: string) => ['review-questions', slug] as const;

export function useReviewQuestions(slug: string) {
  return useQuery({
    queryKey: key(slug),
    queryFn: () => api<{ items: ReviewQuestionRow[] }>(base(slug)),
  });
}

export function useSaveReviewQuestion(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ReviewQuestionRequest }) =>
      api<ReviewQuestionRow>(id === null ? base(slug) : `${base(slug)}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        globalErrors: false,
      }),
    onSettled: () => queries.invalidateQueries({ queryKey: key(slug) }),
  });
}

export function useReorderReviewQuestions(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api<{ items: ReviewQuestionRow[] }>(`${base(slug)}/order`, { method: 'PUT', body: { ids }, globalErrors: false }),
    onSuccess: (answer) => queries.setQueryData(key(slug), answer),
    onError: () => queries.invalidateQueries({ queryKey: key(slug) }),
  });
}

export function useDeleteReviewQuestion(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`${base(slug)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: key(slug) }),
  });
}
