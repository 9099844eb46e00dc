import { and, eq, isNull } from 'drizzle-orm';
import { customTabs, journals } from '../../src/db/schema';
import { type Context, type Entry, PANEL } from './entry';

/** The matrix rows of the custom tabs screen (issue 22 §2): the editor panel's. */

const BASE = '/api/journals/general/custom-tabs';
const body = { nameEn: 'Matrix', nameAr: 'مصفوفة' };

async function generalId(app: Context['app']) {
  const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
  return journal!.id;
}

/** A main tab of general made for one call. */
async function fresh(app: Context['app']) {
  const [row] = await app.deps.db
    .insert(customTabs)
    .values({ journalId: await generalId(app), slug: `matrix-${Date.now()}-${Math.random()}`, ...body })
    .returning();
  return row!;
}

/** A main tab of general (the sample rewrites it as it is). */
async function existing(app: Context['app']) {
  const [row] = await app.deps.db
    .select()
    .from(customTabs)
    .where(and(eq(customTabs.journalId, await generalId(app)), isNull(customTabs.parentId)))
    .limit(1);
  return row!;
}

export const customTabsEntries: Entry[] = [
  { route: 'GET /api/journals/:slug/custom-tabs', allow: PANEL, ok: 200, request: () => ({ url: BASE }) },
  { route: 'POST /api/journals/:slug/custom-tabs', allow: PANEL, ok: 201, request: () => ({ url: BASE, body }) },
  {
    route: 'PUT /api/journals/:slug/custom-tabs/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => {
      const row = await existing(app);
      return { url: `${BASE}/${row.id}`, body: { nameEn: row.nameEn, nameAr: row.nameAr, order: row.order } };
    },
  },
  {
    route: 'DELETE /api/journals/:slug/custom-tabs/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${(await fresh(app)).id}` }),
  },
];
