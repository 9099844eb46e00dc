import { type Entry, get, MATRIX_ENV } from './entry';

/** The matrix rows of the system routes and the web app. */

export const systemEntries: Entry[] = [
  // System
  { route: 'GET /healthz', allow: 'everyone', ok: 200, request: get('/healthz') },
  { route: 'GET /readyz', allow: 'everyone', ok: 200, request: get('/readyz') },
  // Opened by a token, not a role (decision 0059): whoever holds METRICS_TOKEN reads it, nobody else.
  {
    route: 'GET /metrics',
    allow: 'everyone',
    ok: 200,
    request: () => ({ url: '/metrics', headers: { authorization: `Bearer ${MATRIX_ENV.METRICS_TOKEN}` } }),
    forged: {
      status: 401,
      request: () => ({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } }),
    },
  },
  // The platform administrator's health screen (issue 23 §3).
  {
    route: 'GET /api/journals/:slug/platform/health',
    allow: ['platformAdmin'],
    ok: 200,
    request: get('/api/journals/general/platform/health'),
  },
  { route: 'GET /manual.pdf', allow: 'everyone', ok: 200, request: get('/manual.pdf') },
  // The web app (DESIGN §1): the landing page, its built files (the hashed assets, and a route for each file at the
  // top); every other path is a page of the SPA, answered by the not-found handler (first-html.test.ts).
  { route: 'GET /', allow: 'everyone', ok: 200, request: get('/') },
  { route: 'GET /assets/*', allow: 'everyone', ok: 200, request: get('/assets/app-3f9a1c.js') },
  { route: 'GET /index.html', allow: 'everyone', ok: 200, request: get('/index.html') },
  { route: 'GET /favicon.svg', allow: 'everyone', ok: 200, request: get('/favicon.svg') },
  { route: 'GET /api/docs', allow: 'everyone', ok: 200, request: get('/api/docs') },
  { route: 'GET /api/docs/json', allow: 'everyone', ok: 200, request: get('/api/docs/json') },
  { route: 'GET /api/docs/yaml', allow: 'everyone', ok: 200, request: get('/api/docs/yaml') },
];
