import { and, eq } from 'drizzle-orm';
import { journals, specializations } from '../../src/db/schema';
import { type Context, type Entry, PANEL } from './entry';

/** The matrix rows of the specializations screen (issue 22 §2): the editor panel's. */

const BASE = '/api/journals/general/specializations';
const body = { nameEn: 'Matrix field', nameAr: 'مجال المصفوفة', keywords: 'one\ntwo' };

/** A specialization of general made for one call. */
async function fresh(app: Context['app']) {
  const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
  const [row] = await app.deps.db
    .insert(specializations)
    .values({ journalId: journal!.id, nameEn: 'Matrix', nameAr: 'مصفوفة', keywords: ['x'] })
    .returning();
  return row!.id;
}

/** A live specialization of general (the sample reads or rewrites it as it is). */
async function existing(app: Context['app']) {
  const [row] = await app.deps.db
    .select()
    .from(specializations)
    .innerJoin(journals, eq(journals.id, specializations.journalId))
    .where(and(eq(journals.slug, 'general'), eq(specializations.isDeleted, false)))
    .limit(1);
  return row!.specializations;
}

export const specializationsEntries: Entry[] = [
  { route: 'GET /api/journals/:slug/specializations', allow: PANEL, ok: 200, request: () => ({ url: BASE }) },
  { route: 'POST /api/journals/:slug/specializations', allow: PANEL, ok: 201, request: () => ({ url: BASE, body }) },
  {
    route: 'PUT /api/journals/:slug/specializations/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => {
      const row = await existing(app);
      return {
        url: `${BASE}/${row.id}`,
        body: { nameEn: row.nameEn, nameAr: row.nameAr, keywords: row.keywords.join('\n') },
      };
    },
  },
  {
    route: 'GET /api/journals/:slug/specializations/:id/usage',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${(await existing(app)).id}/usage` }),
  },
  {
    route: 'DELETE /api/journals/:slug/specializations/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${await fresh(app)}` }),
  },
];
