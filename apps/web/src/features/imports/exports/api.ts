import {
  EXPORT_BUSY_STATES,
  type ExportFormat,
  type ExportListResponse,
  type ExportView,
} from '@journals/core/schemas/exports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/**
 * The Export part's API (issue 45 "And leaving", decision 0082): the journal's exports (the last 20, newest first),
 * read again while one is made; starting one in a format; deleting one with its file. The file is a plain link.
 */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/exports`;
const exportsKey = (slug: string) => ['exports', slug] as const;

/** How often the list is read again while an export is queued or running (the import screen's pace). */
const POLL_MS = 1500;
export const isBusy = (view: ExportView) => EXPORT_BUSY_STATES.includes(view.state);

export function useExports(slug: string) {
  return useQuery({
    queryKey: exportsKey(slug),
    queryFn: () => api<ExportListResponse>(base(slug), { globalErrors: false }),
    refetchInterval: (query) => (query.state.data?.items.some(isBusy) ? POLL_MS : false),
  });
}

export const downloadUrl = (slug: string, id: number) => `${base(slug)}/${id}/download`;

/** Starts an export; the list is read again (and polled while it is made). */
export function useStartExport(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      api<{ export: ExportView }>(base(slug), { method: 'POST', body: { format }, globalErrors: false }),
    onSuccess: ({ export: view }) => {
      queries.setQueryData<ExportListResponse>(exportsKey(slug), (list) =>
        list ? { items: [view, ...list.items.filter((item) => item.id !== view.id)] } : { items: [view] },
      );
      void queries.invalidateQueries({ queryKey: exportsKey(slug) });
    },
  });
}

/** Deletes an export and its file (refused while it is made: exports.busy). */
export function useDeleteExport(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${base(slug)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: exportsKey(slug) }),
  });
}
