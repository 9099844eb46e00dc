import { publishedPaperOfGeneral } from './dois';
import { type Entry, PANEL } from './entry';

/**
 * The matrix rows of notices about published papers (issue 46 §2, decision 0087): a paper's notices and a notice
 * published are the issues screen's (core hasEditorPanel), as the DOI deposits are. Each allowed caller publishes a
 * correction of general's first published paper.
 */

export const noticesEntries: Entry[] = [
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
