import type { Language } from '@journals/core/enums';
import type { SearchResponse } from '@journals/core/schemas/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryStringOf, type SearchCriteria, searchPath } from '@journals/core/search-criteria';
import { api } from '../../lib/http';

export { criteriaOf, queryStringOf, type SearchCriteria } from '@journals/core/search-criteria';

/** GET journals/{slug}/search; names and marks come in the page's language, so the language is part of the key. */
export function searchQuery(slug: string, criteria: SearchCriteria, language: Language) {
  const query = queryStringOf(criteria).toString();
  return {
    queryKey: ['search', slug, language, query],
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api<SearchResponse>(searchPath(slug, criteria), {
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
