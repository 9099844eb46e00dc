import { type Entry, get } from './entry';

/** The matrix rows of the system routes and the web app. */

export const systemEntries: Entry[] = [
  // System
  { route: 'GET /healthz', allow: 'everyone', ok: 200, request: get('/healthz') },
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
