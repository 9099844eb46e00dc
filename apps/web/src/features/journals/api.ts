import { TIMINGS } from '@journals/core/limits';
import type {
  CustomTabPage,
  EditorialStatistics,
  HomeResponse,
  HomeTabsResponse,
  JournalBootstrap,
} from '@journals/core/schemas/journals';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/http';
import { safeStorage } from '../../lib/i18n';

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}`;
const cacheKey = (slug: string) => `journals.journal.${slug}`;
const visitKey = (slug: string) => `journals.lastVisit.${slug}`;

function cachedJournal(slug: string): JournalBootstrap | undefined {
  try {
    const text = safeStorage()?.getItem(cacheKey(slug));
    return text ? (JSON.parse(text) as JournalBootstrap) : undefined;
  } catch {
    return undefined;
  }
}

function storeJournal(slug: string, journal: JournalBootstrap | null): void {
  if (journal) safeStorage()?.setItem(cacheKey(slug), JSON.stringify(journal));
  else safeStorage()?.removeItem(cacheKey(slug));
}

/** GET /api/journals/{slug}: the journal bootstrap. Kept in browser storage and refreshed in the background (spec 01 §7). */
export async function fetchJournal(slug: string): Promise<JournalBootstrap> {
  try {
    const journal = await api<JournalBootstrap>(base(slug), { globalErrors: false });
    storeJournal(slug, journal);
    return journal;
  } catch (error) {
    storeJournal(slug, null);
    throw error;
  }
}

export const journalQueryKey = (slug: string) => ['journal', slug];

/**
 * The bootstrap the server put into a journal page's first HTML (a JSON data block), seeded into the query cache
 * before the first render so that the page needs no bootstrap request. Only for the journal of the address; no
 * block (the landing page, an unknown slug) leaves the cache as it is. Answers the seeded journal.
 */
export function seedJournalFromPage(queryClient: QueryClient): JournalBootstrap | null {
  const block = document.getElementById('journal-bootstrap');
  if (!block?.textContent) return null;
  try {
    const journal = JSON.parse(block.textContent) as JournalBootstrap;
    const slug = decodeURIComponent(window.location.pathname.split('/')[1] ?? '');
    if (journal.slug !== slug) return null;
    queryClient.setQueryData(journalQueryKey(slug), journal);
    storeJournal(slug, journal);
    return journal;
  } catch {
    // A block that cannot be read: the journal layout asks the server, as without one.
    return null;
  }
}

export function useJournalBootstrap(slug: string) {
  return useQuery({
    queryKey: journalQueryKey(slug),
    queryFn: () => fetchJournal(slug),
    initialData: () => cachedJournal(slug),
    // The stored copy shows at once; it is always refetched.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}

/**
 * POST visits at most once per 24 hours per browser and journal (spec 01 §4); answers the view count to show.
 * `ready`: the journal is known to exist (a fresh bootstrap answer, not only the stored copy).
 */
export function useVisitCounter(slug: string, initialViews: number, ready: boolean): number {
  const [views, setViews] = useState(initialViews);
  useEffect(() => setViews(initialViews), [initialViews]);
  useEffect(() => {
    if (!ready) return;
    const storage = safeStorage();
    const last = Number(storage?.getItem(visitKey(slug)) ?? 0);
    if (Date.now() - last < TIMINGS.visitWindowMs) return;
    // Written before the call so a second mount (StrictMode, fast navigation) does not count twice.
    storage?.setItem(visitKey(slug), String(Date.now()));
    api<{ journalViews: number }>(`${base(slug)}/visits`, { method: 'POST', globalErrors: false })
      .then((answer) => setViews(answer.journalViews))
      .catch(() => storage?.removeItem(visitKey(slug)));
  }, [slug, ready]);
  return views;
}

export const journalHomeQuery = (slug: string) => ({
  queryKey: ['journal-home', slug],
  queryFn: () => api<HomeResponse>(`${base(slug)}/home`, { globalErrors: false }),
  // Loaded before the page's first render (router.tsx): the page shows that answer rather than asking again.
  staleTime: 60_000,
});

export function useJournalHome(slug: string) {
  return useQuery(journalHomeQuery(slug));
}

/** The journal's editorial statistics (issue 10 §4); the server keeps them some minutes, so may the page. */
export const editorialStatisticsQuery = (slug: string) => ({
  queryKey: ['journal-statistics', slug],
  queryFn: () => api<EditorialStatistics>(`${base(slug)}/statistics`, { globalErrors: false }),
  staleTime: 5 * 60_000,
});

export function useEditorialStatistics(slug: string) {
  return useQuery(editorialStatisticsQuery(slug));
}

export const journalTabsQuery = (slug: string) => ({
  queryKey: ['journal-tabs', slug],
  queryFn: () => api<HomeTabsResponse>(`${base(slug)}/tabs`, { globalErrors: false }),
  staleTime: 5 * 60_000,
});

export function useJournalTabs(slug: string) {
  return useQuery(journalTabsQuery(slug));
}

/** The journal the query cache holds (the page's first HTML seeded it), or undefined. */
export function cachedJournalOf(queryClient: QueryClient, slug: string): JournalBootstrap | undefined {
  return queryClient.getQueryData<JournalBootstrap>(journalQueryKey(slug));
}

/** A custom tab page; the page itself redirects home when it fails (spec 03 §8). */
export function useCustomTab(slug: string, tabSlug: string) {
  return useQuery({
    queryKey: ['journal-tab', slug, tabSlug],
    queryFn: () => api<CustomTabPage>(`${base(slug)}/tabs/${encodeURIComponent(tabSlug)}`, { globalErrors: false }),
    retry: false,
  });
}
