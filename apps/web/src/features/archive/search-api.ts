import type { Language } from '@journals/core/enums';
import type { SearchResponse } from '@journals/core/schemas/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';

/**
 * The search's criteria as the address carries them (spec 03: the query keys `search`, `CorrespondingAuthor`,
 * `JointAuthors`, `KeyWords`, `Specializations`, and `page`), so a search is shared as a link.
 */
export interface SearchCriteria {
  search: string;
  CorrespondingAuthor: string;
  JointAuthors: string;
  KeyWords: string[];
  Specializations: number[];
  page: number;
}

/** The criteria of an address: its query string, and the older path form `/search/{words}` when no `search`. */
export function criteriaOf(params: URLSearchParams, pathWords = ''): SearchCriteria {
  const page = Number(params.get('page') ?? '1');
  return {
    search: params.get('search') ?? pathWords,
    CorrespondingAuthor: params.get('CorrespondingAuthor') ?? '',
    JointAuthors: params.get('JointAuthors') ?? '',
    KeyWords: params.getAll('KeyWords').filter(Boolean),
    Specializations: params
      .getAll('Specializations')
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string of criteria, empty values left out (the link a reader shares). */
export function queryStringOf(criteria: SearchCriteria): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.search.trim()) params.set('search', criteria.search.trim());
  if (criteria.CorrespondingAuthor.trim()) params.set('CorrespondingAuthor', criteria.CorrespondingAuthor.trim());
  if (criteria.JointAuthors.trim()) params.set('JointAuthors', criteria.JointAuthors.trim());
  for (const keyword of criteria.KeyWords) params.append('KeyWords', keyword);
  for (const id of criteria.Specializations) params.append('Specializations', String(id));
  if (criteria.page > 1) params.set('page', String(criteria.page));
  return params;
}

/** GET journals/{slug}/search; names and marks come in the page's language, so the language is part of the key. */
export function searchQuery(slug: string, criteria: SearchCriteria, language: Language) {
  const query = queryStringOf(criteria).toString();
  return {
    queryKey: ['search', slug, language, query],
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api<SearchResponse>(`/api/journals/${encodeURIComponent(slug)}/search?${query}`, {
        globalErrors: false,
        signal,
      }),
    staleTime: 60_000,
    retry: false,
  };
}

export function useSearch(slug: string, criteria: SearchCriteria, language: Language) {
  return useQuery({ ...searchQuery(slug, criteria, language), placeholderData: keepPreviousData });
}
