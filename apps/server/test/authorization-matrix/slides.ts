import { asc, eq } from 'drizzle-orm';
import { journals, slides } from '../../src/db/schema';
import { JPEG, multipartForm } from '../papers';
import { type Context, type Entry, PANEL } from './entry';

/** The matrix rows of the news slider screen (issue 22 §2): the editor panel's. */

const BASE = '/api/journals/general/slides';
const data = { captionEn: 'Matrix', captionAr: 'مصفوفة' };
const form = (withImage: boolean) =>
  multipartForm({ data: JSON.stringify(data) }, withImage ? [['image', 'matrix.jpg', JPEG]] : []);

async function generalId(app: Context['app']) {
  const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
  return journal!.id;
}

/** General's slides in their order, one made when there is none. */
async function sheet(app: Context['app']) {
  const journalId = await generalId(app);
  const rows = await app.deps.db
    .select()
    .from(slides)
    .where(eq(slides.journalId, journalId))
    .orderBy(asc(slides.order), asc(slides.id));
  if (rows.length > 0) return rows;
  return app.deps.db
    .insert(slides)
    .values({ journalId, imageKey: 'matrix.jpg', ...data })
    .returning();
}

export const slidesEntries: Entry[] = [
  { route: 'GET /api/journals/:slug/slides', allow: PANEL, ok: 200, request: () => ({ url: BASE }) },
  {
    route: 'POST /api/journals/:slug/slides',
    allow: PANEL,
    ok: 201,
    // Room for one more: the slider holds five.
    request: async ({ app }) => {
      await app.deps.db.delete(slides).where(eq(slides.journalId, await generalId(app)));
      const { payload, headers } = form(true);
      return { url: BASE, body: payload, headers };
    },
  },
  {
    route: 'PUT /api/journals/:slug/slides/order',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/order`, body: { ids: (await sheet(app)).map((row) => row.id) } }),
  },
  {
    route: 'PUT /api/journals/:slug/slides/state',
    allow: PANEL,
    ok: 200,
    request: () => ({ url: `${BASE}/state`, body: { enabled: true } }),
  },
  {
    route: 'PUT /api/journals/:slug/slides/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => {
      const { payload, headers } = form(false);
      return { url: `${BASE}/${(await sheet(app))[0]!.id}`, body: payload, headers };
    },
  },
  {
    route: 'GET /api/journals/:slug/slides/:id/image',
    allow: PANEL,
    ok: 200,
    // A slide with a stored picture (the sample's own).
    request: async ({ app }) => {
      const journalId = await generalId(app);
      await app.deps.storage.put('journals/matrix/slide.jpg', JPEG);
      const [row] = await app.deps.db
        .insert(slides)
        .values({ journalId, imageKey: 'journals/matrix/slide.jpg', ...data, enabled: false })
        .returning();
      return { url: `${BASE}/${row!.id}/image` };
    },
  },
  {
    route: 'DELETE /api/journals/:slug/slides/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${(await sheet(app)).at(-1)!.id}` }),
  },
];
