import { type Entry, MANAGERS } from './entry';

/** The matrix rows of the editorial desk. */

export const editorialEntries: Entry[] = [
  // The editorial desk (issue 10 §1): an editor sees the journal, a handling editor their specializations.
  {
    route: 'GET /api/journals/:slug/editorial',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/editorial' }),
  },
  {
    route: 'GET /api/journals/:slug/editorial/cards/:card',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/editorial/cards/submitted?page=1' }),
  },
  {
    route: 'GET /api/journals/:slug/editorial/cards/:card/report',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/editorial/cards/published/report?from=2020-01-01' }),
  },
  {
    route: 'GET /api/journals/:slug/editorial/cards/:card/report.csv',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/editorial/cards/submitted/report.csv' }),
  },
];
