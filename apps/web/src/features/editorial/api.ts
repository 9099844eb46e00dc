import type { EditorialCard } from '@journals/core/editorial';
import type { EditorialCounts, EditorialPaperItem, EditorialReportRow } from '@journals/core/schemas/editorial';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/http';
import { acceptLanguage, translate } from '../../lib/i18n';

/** The editorial desk (issue 10 §1): the dashboard, a card's papers, the paper report, the reminders. */

const journalBase = (slug: string) => `/api/journals/${encodeURIComponent(slug)}`;
const editorialBase = (slug: string) => `${journalBase(slug)}/editorial`;
/** Every cached answer of the desk: read again after reminders, so that nothing stale is shown. */
const editorialKey = (slug: string) => ['editorial', slug] as const;

export interface EditorialDashboard {
  scope: 'journal' | 'specializations';
  counts: EditorialCounts;
  lastUpdated: EditorialPaperItem[];
}

export interface CardPage {
  items: EditorialPaperItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** The report's submission range: days YYYY-MM-DD, each optional. */
export interface ReportRange {
  from?: string;
  to?: string;
}

export interface PaperReport {
  card: EditorialCard;
  from: string | null;
  to: string | null;
  rows: EditorialReportRow[];
  truncated: boolean;
}

export function useEditorialDashboard(slug: string) {
  return useQuery({
    queryKey: [...editorialKey(slug), 'dashboard'],
    queryFn: () => api<EditorialDashboard>(editorialBase(slug)),
  });
}

/** One page of a card's papers; the page shown stays while the next one loads. */
export function useCardPage(slug: string, card: EditorialCard | null, params: { search: string; page: number }) {
  const query = new URLSearchParams({ page: String(params.page) });
  if (params.search) query.set('search', params.search);
  return useQuery({
    queryKey: [...editorialKey(slug), 'card', card, params],
    queryFn: () => api<CardPage>(`${editorialBase(slug)}/cards/${card}?${query.toString()}`),
    enabled: card !== null,
    placeholderData: keepPreviousData,
  });
}

const rangeQuery = (range: ReportRange) => {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const text = query.toString();
  return text ? `?${text}` : '';
};

/** The report page handles 401 and 403 itself: it lives outside the back office and its error screens. */
export function usePaperReport(slug: string, card: EditorialCard, range: ReportRange) {
  return useQuery({
    queryKey: [...editorialKey(slug), 'report', card, range],
    queryFn: () =>
      api<PaperReport>(`${editorialBase(slug)}/cards/${card}/report${rangeQuery(range)}`, { globalErrors: false }),
    retry: false,
  });
}

export const reportCsvUrl = (slug: string, card: EditorialCard, range: ReportRange) =>
  `${editorialBase(slug)}/cards/${card}/report.csv${rangeQuery(range)}`;

/**
 * The report's CSV, asked for with the interface language (its header row is translated by Accept-Language, which
 * a plain link cannot send).
 */
export async function fetchReportCsv(slug: string, card: EditorialCard, range: ReportRange): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(reportCsvUrl(slug, card, range), {
      headers: { Accept: 'text/csv', 'Accept-Language': acceptLanguage() },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'internal', 'errors.internal', translate('errors.internal'));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(
      response.status,
      body.code ?? 'internal',
      'errors.internal',
      body.message ?? translate('errors.internal'),
    );
  }
  return response.blob();
}

/**
 * POST reviewing/reminders: mails every late reviewer of the papers the caller runs, except those reminded within
 * the hour; the answer says how many of each, in a sentence.
 */
export function useSendReminders(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ sent: number; recentlyReminded: number; message: string }>(`${journalBase(slug)}/reviewing/reminders`, {
        method: 'POST',
        body: {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: editorialKey(slug) }),
  });
}
