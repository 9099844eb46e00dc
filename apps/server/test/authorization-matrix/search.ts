import type { Entry } from './entry';

/** The matrix rows of the archive's search (issue 21 §4): published papers, searched by everyone, guests too. */
export const searchEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/search',
    allow: 'everyone',
    ok: 200,
    request: () => ({ url: '/api/journals/general/search?search=kidney&KeyWords=nephrology&page=1' }),
  },
];
