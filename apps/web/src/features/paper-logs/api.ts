import type { PaperLogEntry } from '@journals/core/schemas/paper-logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The paper logs (issue 10 §3): the journal's entries a page at a time, and one paper's whole log. */

const journalBase = (slug: string) => `/api/journals/${encodeURIComponent(slug)}`;

export interface PaperLogPage {
  items: PaperLogEntry[];
  /** Counted up to PAPER_LOG_COUNT_CAP; `more` when there are more. */
  total: number;
  more: boolean;
  page: number;
  pageSize: number;
}

export interface PaperLog {
  paper: { id: number; code: string | null; title: string };
  items: PaperLogEntry[];
}

export interface PaperLogFilters {
  search: string;
  status: number | null;
  page: number;
}

/** One page of the entries the caller may read, newest first; the page shown stays while the next one loads. */
export function usePaperLogs(slug: string, filters: PaperLogFilters) {
  const query = new URLSearchParams({ page: String(filters.page) });
  if (filters.search) query.set('search', filters.search);
  if (filters.status !== null) query.set('status', String(filters.status));
  return useQuery({
    queryKey: ['paper-logs', slug, filters],
    queryFn: () => api<PaperLogPage>(`${journalBase(slug)}/paper-logs?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** Every entry of a paper's versions, oldest first. */
export function usePaperLog(slug: string, paperId: number | null) {
  return useQuery({
    queryKey: ['paper-logs', slug, 'paper', paperId],
    queryFn: () => api<PaperLog>(`${journalBase(slug)}/papers/${paperId}/logs`),
    enabled: paperId !== null,
  });
}
