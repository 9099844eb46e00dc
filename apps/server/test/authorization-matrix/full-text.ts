import type { TestApp } from '../harness';
import { archiveIssue, journalId, withFinalFile } from '../archive-setup';
import type { Entry } from './entry';

/**
 * The matrix rows of paid download (issue 21 §3, docs/decisions/0033): general does not charge at download, so a
 * published paper's full text and the access state are everyone's (full-text.test.ts proves the paid rules).
 */

const made = new WeakMap<TestApp, Promise<number>>();

/** A published paper of general with its final PDF, written on first use (volume 91, issue 1). */
export function publishedWithFile(app: TestApp, volume = 91): Promise<number> {
  let paper = made.get(app);
  if (!paper) {
    paper = (async () => {
      const { paperIds } = await archiveIssue(app, {
        journalId: await journalId(app, 'general'),
        volume,
        issue: 1,
        month: '02 2026',
        publishDate: '2026-02-15',
        published: true,
        papers: [{ titleEn: 'A full text of the matrix', correspondingAuthor: 'Matrix Author' }],
      });
      const paperId = paperIds[0]!;
      await withFinalFile(app, paperId);
      return paperId;
    })();
    made.set(app, paper);
  }
  return paper;
}

export const fullTextEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/archive/papers/:id/pdf',
    allow: 'everyone',
    ok: 200,
    request: async ({ app }) => ({ url: `/api/journals/general/archive/papers/${await publishedWithFile(app)}/pdf` }),
  },
  {
    route: 'GET /api/journals/:slug/archive/access',
    allow: 'everyone',
    ok: 200,
    request: async ({ app }) => ({
      url: `/api/journals/general/archive/access?paperId=${await publishedWithFile(app)}`,
    }),
  },
];
