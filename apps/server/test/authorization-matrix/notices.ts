import { and, eq } from 'drizzle-orm';
import { journals, paperNotices } from '../../src/db/schema';
import { publishedPaperOfGeneral } from './dois';
import { type Context, type Entry, PANEL } from './entry';

/** A notice about general's first published paper, written once (its page is everyone's, decision 0088). */
async function noticeOfGeneral(context: Context) {
  const paperId = await publishedPaperOfGeneral(context);
  const { db } = context.app.deps;
  const [journal] = await db.select({ id: journals.id }).from(journals).where(eq(journals.slug, 'general'));
  const [found] = await db
    .select({ id: paperNotices.id })
    .from(paperNotices)
    .where(and(eq(paperNotices.paperId, paperId), eq(paperNotices.journalId, journal!.id)))
    .limit(1);
  if (found) return found.id;
  const [made] = await db
    .insert(paperNotices)
    .values({ journalId: journal!.id, paperId, kind: 'correction', textEn: 'Corrected.', noticeDate: '2026-06-01' })
    .returning({ id: paperNotices.id });
  return made!.id;
}

/**
 * The matrix rows of notices about published papers (issue 46 §2, decision 0087): a paper's notices and a notice
 * published are the issues screen's (core hasEditorPanel), as the DOI deposits are. Each allowed caller publishes a
 * correction of general's first published paper. A notice's own page is everyone's (decision 0088).
 */

export const noticesEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/archive/notices/:id',
    allow: 'everyone',
    ok: 200,
    request: async (context) => ({ url: `/api/journals/general/archive/notices/${await noticeOfGeneral(context)}` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:paperId/notices',
    allow: PANEL,
    denied: 403,
    ok: 200,
    request: async (context) => ({
      url: `/api/journals/general/papers/${await publishedPaperOfGeneral(context)}/notices`,
    }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:paperId/notices',
    allow: PANEL,
    denied: 403,
    ok: 201,
    request: async (context) => ({
      url: `/api/journals/general/papers/${await publishedPaperOfGeneral(context)}/notices`,
      body: { kind: 'correction', textEn: 'Figure 1’s legend is corrected.', textAr: '', noticeDate: '2026-06-01' },
    }),
  },
];
