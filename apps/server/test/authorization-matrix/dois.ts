import { and, asc, eq } from 'drizzle-orm';
import { archivedPapers, journals } from '../../src/db/schema';
import { type Context, type Entry, get, MANAGES, PANEL } from './entry';
import { issueOfGeneral } from './harvesting';

/**
 * The matrix rows of DOI registration (issue 46 §1, decision 0086): the settings are the journal manager's (screen
 * doiRegistration, core managesJournal); an issue's deposits and a deposit sent again are the issues screen's
 * (core hasEditorPanel). general does not register with Crossref, so a deposit sent again is refused with 409.
 */

/** general's first published paper (the notices' rows use it too). */
export async function publishedPaperOfGeneral({ app }: Context) {
  const [row] = await app.deps.db
    .select({ id: archivedPapers.paperId })
    .from(archivedPapers)
    .innerJoin(journals, eq(journals.id, archivedPapers.journalId))
    .where(and(eq(journals.slug, 'general'), eq(archivedPapers.published, true)))
    .orderBy(asc(archivedPapers.paperId))
    .limit(1);
  return row!.id;
}

export const doisEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/doi-settings',
    allow: MANAGES,
    ok: 200,
    request: get('/api/journals/general/doi-settings'),
  },
  {
    route: 'PUT /api/journals/:slug/doi-settings',
    allow: MANAGES,
    ok: 200,
    request: () => ({
      url: '/api/journals/general/doi-settings',
      body: { suffixPattern: '{journal}.{year}.{order}', system: 'off', login: '', password: '' },
    }),
  },
  {
    route: 'GET /api/journals/:slug/issues/:id/dois',
    allow: PANEL,
    denied: 403,
    ok: 200,
    request: async (context) => ({ url: `/api/journals/general/issues/${await issueOfGeneral(context)}/dois` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:paperId/doi-deposit',
    allow: PANEL,
    denied: 403,
    ok: 200,
    request: async (context) => ({
      url: `/api/journals/general/papers/${await publishedPaperOfGeneral(context)}/doi-deposit`,
    }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:paperId/doi-deposit',
    allow: PANEL,
    denied: 403,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'doi.registration_off',
    request: async (context) => ({
      url: `/api/journals/general/papers/${await publishedPaperOfGeneral(context)}/doi-deposit`,
    }),
  },
];
