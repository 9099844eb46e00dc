import {
  IMPORT_BUSY_STATES,
  type ImportAction,
  type ImportLinesResponse,
  type ImportListResponse,
  type ImportOnRefusal,
  type ImportSource,
  type ImportView,
} from '@journals/core/schemas/imports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { sendImportForm } from './upload';

/**
 * The Import screen's API (issue 45, decision 0076): starting an import (its dry run begins in the background),
 * following it while its job works on it, its report page by page, running, undoing and discarding it.
 */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/imports`;
export const importsKey = (slug: string) => ['imports', slug] as const;
const importKey = (slug: string, id: number) => [...importsKey(slug), id] as const;

/** How often a busy import is read again while its job works on it. */
const POLL_MS = 1500;
export const isBusy = (view: ImportView | undefined) => view !== undefined && IMPORT_BUSY_STATES.includes(view.state);

/** The journal's imports, newest first; read again while one of them is busy. */
export function useImports(slug: string) {
  return useQuery({
    queryKey: importsKey(slug),
    queryFn: () => api<ImportListResponse>(base(slug)),
    refetchInterval: (query) => (query.state.data?.items.some(isBusy) ? POLL_MS * 2 : false),
  });
}

/** One import, polled until its state settles (checked, done, failed, undone); the list follows its changes. */
export function useImport(slug: string, id: number | null) {
  const queries = useQueryClient();
  const key = importKey(slug, id ?? 0);
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const view = await api<ImportView>(`${base(slug)}/${id}`, { globalErrors: false });
      if (queries.getQueryData<ImportView>(key)?.state !== view.state)
        void queries.invalidateQueries({ queryKey: importsKey(slug), exact: true });
      return view;
    },
    enabled: id !== null,
    refetchInterval: (query) => (isBusy(query.state.data) ? POLL_MS : false),
  });
}

/** A page of the report; `version` (the import's state) makes a finished run read its lines again. */
export function useImportLines(
  slug: string,
  id: number,
  filters: { page: number; action: ImportAction | null },
  version: string,
) {
  const query = new URLSearchParams({ page: String(filters.page) });
  if (filters.action) query.set('action', filters.action);
  return useQuery({
    queryKey: [...importKey(slug, id), 'lines', version, filters],
    queryFn: () => api<ImportLinesResponse>(`${base(slug)}/${id}/lines?${query.toString()}`, { globalErrors: false }),
    placeholderData: keepPreviousData,
  });
}

/** The whole report as CSV, its words in the page's language (a link the browser follows, so it says it). */
export const reportCsvUrl = (slug: string, id: number, language: string) =>
  `${base(slug)}/${id}/report.csv?lang=${language}`;
export const templateUrl = (slug: string, format: 'csv' | 'xlsx', language: string) =>
  `${base(slug)}/template.${format}?lang=${language}`;

export interface NewImport {
  source: ImportSource;
  file: File | null;
  url: string;
  /** How much of the file has been sent, 0–1. */
  onProgress: (sent: number) => void;
}

/** Sends the file (or the harvest's address); the answer is the import, its dry run started. */
export function useStartImport(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ source, file, url, onProgress }: NewImport) => {
      const form = new FormData();
      form.append('source', source);
      if (source === 'oai') form.append('url', url.trim());
      else if (file) form.append('file', file);
      return sendImportForm(base(slug), form, onProgress);
    },
    onSuccess: ({ import: view }) => {
      queries.setQueryData(importKey(slug, view.id), view);
      void queries.invalidateQueries({ queryKey: importsKey(slug), exact: true });
    },
  });
}

/** After a change the import and the list are read again (its polling takes over while it is busy). */
function useImportChange<Input, Answer>(
  slug: string,
  id: number,
  send: (path: string, input: Input) => Promise<Answer>,
) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(`${base(slug)}/${id}`, input),
    onSettled: () => queries.invalidateQueries({ queryKey: importsKey(slug) }),
  });
}

export const useRunImport = (slug: string, id: number) =>
  useImportChange(slug, id, (path, onRefusal: ImportOnRefusal) =>
    api<{ message: string }>(`${path}/run`, { method: 'POST', body: { onRefusal }, globalErrors: false }),
  );

export const useUndoImport = (slug: string, id: number) =>
  useImportChange(slug, id, (path) =>
    api<{ message: string }>(`${path}/undo`, { method: 'POST', globalErrors: false }),
  );

/** A discarded import is gone: it is forgotten here and only the list is read again. */
export function useDiscardImport(slug: string, id: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`${base(slug)}/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: () => {
      queries.removeQueries({ queryKey: importKey(slug, id) });
      void queries.invalidateQueries({ queryKey: importsKey(slug), exact: true });
    },
  });
}

/** Invites the people an OJS Users import brought (decision 0081); the answer says how many were queued. */
export const useInviteImported = (slug: string, id: number) =>
  useImportChange(slug, id, (path) =>
    api<{ message: string; queued: number }>(`${path}/invite`, { method: 'POST', globalErrors: false }),
  );
