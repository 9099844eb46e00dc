import type {
  ArchiveHomeResponse,
  ArchiveIssueResponse,
  ArchivePaperResponse,
  ArchiveTimelineResponse,
} from '@journals/core/schemas/archive';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/http';
import type { Language } from '@journals/core/enums';
import type { NoticePageResponse } from '@journals/core/schemas/notices';

/** The public archive's answers (issue 21 §3). A 404 is the page's own not-found screen, not the global one. */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/archive`;

export const archiveTimelineQuery = (slug: string) => ({
  queryKey: ['archive', slug],
  queryFn: () => api<ArchiveTimelineResponse>(base(slug), { globalErrors: false }),
  staleTime: 60_000,
});

export const archiveIssueQuery = (slug: string, volume: number, issue: string) => ({
  queryKey: ['archive-issue', slug, volume, issue],
  queryFn: () =>
    api<ArchiveIssueResponse>(`${base(slug)}/volumes/${volume}/issues/${encodeURIComponent(issue)}`, {
      globalErrors: false,
    }),
  staleTime: 60_000,
  retry: false,
});

/** The paper's details; the specializations come in the page's language, so the language is part of the key. */
export const archivePaperQuery = (slug: string, id: number, language: Language) => ({
  queryKey: ['archive-paper', slug, id, language],
  queryFn: () => api<ArchivePaperResponse>(`${base(slug)}/papers/${id}`, { globalErrors: false }),
  staleTime: 60_000,
  retry: false,
});

export const archiveHomeQuery = (slug: string) => ({
  queryKey: ['archive-home', slug],
  queryFn: () => api<ArchiveHomeResponse>(`${base(slug)}/home`, { globalErrors: false }),
  staleTime: 60_000,
});

export const useArchiveTimeline = (slug: string) => useQuery(archiveTimelineQuery(slug));
export const useArchiveIssue = (slug: string, volume: number, issue: string) =>
  useQuery({ ...archiveIssueQuery(slug, volume, issue), enabled: Number.isInteger(volume) && issue !== '' });
export const useArchivePaper = (slug: string, id: number, language: Language) =>
  useQuery({ ...archivePaperQuery(slug, id, language), enabled: Number.isInteger(id) && id > 0 });
export const useArchiveHome = (slug: string) => useQuery(archiveHomeQuery(slug));

/**
 * Counts this reader's view of the paper once the page shows it (the server counts a reader once a day, decision
 * 0032), and answers the views to show: the server's count after this visit, or `initial` until it answers.
 */
export function usePaperViews(slug: string, id: number, initial: number | undefined): number | undefined {
  const [views, setViews] = useState<number>();
  const shown = initial !== undefined;
  useEffect(() => {
    if (!shown) return;
    let live = true;
    api<{ views: number }>(`${base(slug)}/papers/${id}/view`, { method: 'POST', globalErrors: false })
      .then((answer) => live && setViews(answer.views))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [slug, id, shown]);
  return views ?? initial;
}

/** A notice's own page (decision 0088): the notice and the paper it is about. */
export const archiveNoticeQuery = (slug: string, id: number) => ({
  queryKey: ['archive-notice', slug, id],
  queryFn: () => api<NoticePageResponse>(`${base(slug)}/notices/${id}`, { globalErrors: false }),
  staleTime: 60_000,
  retry: false,
});

export const useArchiveNotice = (slug: string, id: number) =>
  useQuery({ ...archiveNoticeQuery(slug, id), enabled: Number.isInteger(id) && id > 0 });
