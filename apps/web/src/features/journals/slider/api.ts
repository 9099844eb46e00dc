import type { SlideRequest, SlideRow } from '@journals/core/schemas/slides';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postForm } from '../../../lib/http';

/** The news slider screen (issue 22 §2): the slides, a save (new or edited, with its picture), order, switch, delete. */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/slides`;
const key = (slug: string) => ['slides', slug] as const;

export function useSlides(slug: string) {
  return useQuery({ queryKey: key(slug), queryFn: () => api<{ items: SlideRow[] }>(base(slug)) });
}

/** After a change the journal's home page (its slider) is stale too. */
function useRefresh(slug: string) {
  const queries = useQueryClient();
  return () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: key(slug) }),
      queries.invalidateQueries({ queryKey: ['journal-home', slug] }),
    ]);
}

export function useSaveSlide(slug: string) {
  const refresh = useRefresh(slug);
  return useMutation({
    mutationFn: ({ id, data, image }: { id: number | null; data: SlideRequest; image: File | null }) => {
      const form = new FormData();
      form.append('data', JSON.stringify(data));
      if (image) form.append('image', image);
      return postForm<SlideRow>(id === null ? base(slug) : `${base(slug)}/${id}`, form, id === null ? 'POST' : 'PUT');
    },
    onSettled: refresh,
  });
}

export function useReorderSlides(slug: string) {
  const refresh = useRefresh(slug);
  return useMutation({
    mutationFn: (ids: number[]) =>
      api<{ items: SlideRow[] }>(`${base(slug)}/order`, { method: 'PUT', body: { ids }, globalErrors: false }),
    onSettled: refresh,
  });
}

export function useSwitchSlider(slug: string) {
  const refresh = useRefresh(slug);
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api<{ message: string }>(`${base(slug)}/state`, { method: 'PUT', body: { enabled }, globalErrors: false }),
    onSettled: refresh,
  });
}

export function useDeleteSlide(slug: string) {
  const refresh = useRefresh(slug);
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`${base(slug)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSettled: refresh,
  });
}
