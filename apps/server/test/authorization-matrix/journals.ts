import { type Entry, get } from './entry';

/** The matrix rows of the journals' public site. */

export const journalsEntries: Entry[] = [
  // Public site
  { route: 'GET /api/landing', allow: 'everyone', ok: 200, request: get('/api/landing') },
  { route: 'GET /api/journals/:slug', allow: 'everyone', ok: 200, request: get('/api/journals/general') },
  { route: 'GET /api/journals/:slug/home', allow: 'everyone', ok: 200, request: get('/api/journals/general/home') },
  { route: 'GET /api/journals/:slug/tabs', allow: 'everyone', ok: 200, request: get('/api/journals/general/tabs') },
  {
    route: 'GET /api/journals/:slug/statistics',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/statistics'),
  },
  {
    route: 'GET /api/journals/:slug/tabs/:tabSlug',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/tabs/for-authors'),
  },
  {
    route: 'POST /api/journals/:slug/visits',
    allow: 'everyone',
    ok: 200,
    request: () => ({ url: '/api/journals/general/visits', body: {} }),
  },
  {
    route: 'GET /api/journals/:slug/files/logo',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/files/logo'),
  },
  {
    route: 'GET /api/journals/:slug/files/cover/:language',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/files/cover/ar'),
  },
  {
    route: 'GET /api/journals/:slug/files/slides/:id',
    allow: 'everyone',
    ok: 200,
    request: ({ slideId }) => ({ url: `/api/journals/general/files/slides/${slideId}` }),
  },
];
