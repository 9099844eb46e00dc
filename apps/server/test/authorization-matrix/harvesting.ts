import { and, asc, eq } from 'drizzle-orm';
import { issues, journals } from '../../src/db/schema';
import { type Context, type Entry, get, PANEL } from './entry';

/** The matrix rows of what machines read (issue 21 §5): OAI-PMH, the sitemap, robots.txt, the issue exports. */

/** A published issue of general (the demo archive). */
export async function issueOfGeneral({ app }: Context) {
  const [row] = await app.deps.db
    .select({ id: issues.id })
    .from(issues)
    .innerJoin(journals, eq(journals.id, issues.journalId))
    .where(and(eq(journals.slug, 'general'), eq(issues.status, 1)))
    .orderBy(asc(issues.id))
    .limit(1);
  return row!.id;
}

/** Who exports an issue: the editors with the editor panel (core hasEditorPanel), as for issues. */

export const harvestingEntries: Entry[] = [
  // Open to every harvester and indexer; in-press papers are in none of them (oai.test.ts, exports.test.ts).
  {
    route: 'GET /api/journals/:slug/oai',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/oai?verb=Identify'),
  },
  {
    route: 'POST /api/journals/:slug/oai',
    allow: 'everyone',
    ok: 200,
    request: () => ({ url: '/api/journals/general/oai', body: { verb: 'Identify' } }),
  },
  { route: 'GET /:slug/sitemap.xml', allow: 'everyone', ok: 200, request: get('/general/sitemap.xml') },
  { route: 'GET /robots.txt', allow: 'everyone', ok: 200, request: get('/robots.txt') },
  // The editors' downloads of an issue; others of the journal 403, another journal's editor a guest here (403).
  {
    route: 'GET /api/journals/:slug/issues/:id/export/jats',
    allow: PANEL,
    denied: 403,
    ok: 200,
    request: async (context) => ({ url: `/api/journals/general/issues/${await issueOfGeneral(context)}/export/jats` }),
  },
  {
    route: 'GET /api/journals/:slug/issues/:id/export/crossref',
    allow: PANEL,
    denied: 403,
    ok: 200,
    request: async (context) => ({
      url: `/api/journals/general/issues/${await issueOfGeneral(context)}/export/crossref`,
    }),
  },
];
