/**
 * A search's criteria as its address carries them (spec 03: the query keys `search`, `CorrespondingAuthor`,
 * `JointAuthors`, `KeyWords`, `Specializations`, and `page`), so that a search is shared as a link. One reading for
 * the web app, which asks the API with `queryStringOf`, and for the server, whose first HTML of a search page carries
 * the answer to that very request. No zod here: the search page's first load carries only this.
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

/** The query string of criteria, empty values left out (the link a reader shares, and the API's query). */
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

/** The API's path of a search of journal `slug` (what the web app asks, and what a first HTML carries). */
export const searchPath = (slug: string, criteria: SearchCriteria) =>
  `/api/journals/${encodeURIComponent(slug)}/search?${queryStringOf(criteria).toString()}`;
