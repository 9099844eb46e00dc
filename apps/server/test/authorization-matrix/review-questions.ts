import { and, asc, eq } from 'drizzle-orm';
import { journals, reviewQuestions } from '../../src/db/schema';
import { type Context, type Entry, PANEL } from './entry';

/** The matrix rows of the review-sheet questions screen (issue 22 §2): the editor panel's. */

const BASE = '/api/journals/general/review-questions';
const body = { groupEn: 'Matrix', groupAr: 'المصفوفة', textEn: 'Is it clear?', textAr: 'هل هو واضح؟', type: 1 };

async function generalId(app: Context['app']) {
  const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
  return journal!.id;
}

/** A yes/no question of general made for one call (placed last). */
async function fresh(app: Context['app']) {
  const [row] = await app.deps.db
    .insert(reviewQuestions)
    .values({ journalId: await generalId(app), ...body, order: 10_000 })
    .returning();
  return row!.id;
}

/** General's live questions in their order (the sample rewrites one as it is, or keeps the order). */
async function sheet(app: Context['app']) {
  return app.deps.db
    .select()
    .from(reviewQuestions)
    .where(and(eq(reviewQuestions.journalId, await generalId(app)), eq(reviewQuestions.isDeleted, false)))
    .orderBy(asc(reviewQuestions.order), asc(reviewQuestions.id));
}

export const reviewQuestionsEntries: Entry[] = [
  { route: 'GET /api/journals/:slug/review-questions', allow: PANEL, ok: 200, request: () => ({ url: BASE }) },
  { route: 'POST /api/journals/:slug/review-questions', allow: PANEL, ok: 201, request: () => ({ url: BASE, body }) },
  {
    route: 'PUT /api/journals/:slug/review-questions/order',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/order`, body: { ids: (await sheet(app)).map((row) => row.id) } }),
  },
  {
    route: 'PUT /api/journals/:slug/review-questions/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => {
      const [row] = await sheet(app);
      const { groupEn, groupAr, textEn, textAr, type } = row!;
      return { url: `${BASE}/${row!.id}`, body: { groupEn, groupAr, textEn, textAr, type } };
    },
  },
  {
    route: 'DELETE /api/journals/:slug/review-questions/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${await fresh(app)}` }),
  },
];
