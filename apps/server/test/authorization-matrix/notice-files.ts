import { eq } from 'drizzle-orm';
import { archivedPapers, journals, paperNotices } from '../../src/db/schema';
import type { TestApp } from '../harness';
import { multipartForm, PDF } from '../papers';
import { publishedPaperOfGeneral } from './dois';
import { type Entry, PANEL } from './entry';
import { publishedWithFile } from './full-text';

/**
 * The matrix rows of corrected files (issue 46 §2, decision 0089): a correction with its corrected PDF is the
 * issues screen's (core hasEditorPanel), as any notice is; an earlier version of a paper is read by everyone, as
 * its version of record is (full-text.test and notice-marks.test prove the paid rules).
 */

const made = new WeakMap<TestApp, Promise<number>>();

/** The matrix's published paper with a full text, whose file a correction replaced (written on first use). */
function withEarlierVersion(app: TestApp): Promise<number> {
  let paper = made.get(app);
  if (!paper) {
    paper = (async () => {
      const paperId = await publishedWithFile(app);
      const [row] = await app.deps.db
        .select({ finalFileId: archivedPapers.finalFileId, journalId: journals.id })
        .from(archivedPapers)
        .innerJoin(journals, eq(journals.id, archivedPapers.journalId))
        .where(eq(archivedPapers.paperId, paperId));
      await app.deps.db.insert(paperNotices).values({
        journalId: row!.journalId,
        paperId,
        kind: 'correction',
        textEn: 'The matrix’s correction.',
        noticeDate: '2026-06-01',
        replacedFileId: row!.finalFileId,
        correctedFileId: row!.finalFileId,
      });
      return paperId;
    })();
    made.set(app, paper);
  }
  return paper;
}

export const noticeFilesEntries: Entry[] = [
  {
    route: 'POST /api/journals/:slug/papers/:paperId/corrections',
    allow: PANEL,
    denied: 403,
    ok: 201,
    request: async (context) => {
      const notice = { textEn: 'Figure 2 is corrected.', textAr: '', noticeDate: '2026-06-01' };
      const form = multipartForm({ notice: JSON.stringify(notice) }, [['correctedFile', 'corrected.pdf', PDF]]);
      return {
        url: `/api/journals/general/papers/${await publishedPaperOfGeneral(context)}/corrections`,
        body: form.payload,
        headers: form.headers,
      };
    },
  },
  {
    route: 'GET /api/journals/:slug/archive/papers/:id/versions/:version/pdf',
    allow: 'everyone',
    ok: 200,
    request: async ({ app }) => ({
      url: `/api/journals/general/archive/papers/${await withEarlierVersion(app)}/versions/1/pdf`,
    }),
  },
];
