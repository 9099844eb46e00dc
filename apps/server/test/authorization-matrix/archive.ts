import type { TestApp } from '../harness';
import { archiveIssue, journalId } from '../archive-setup';
import type { Entry } from './entry';

/** The matrix rows of the public archive (issue 21 §3–§4): read by everyone, guests too. */

const archiveUrl = '/api/journals/general/archive';

/** A published issue of general with one paper, written on first use (volume 90, issue 1). */
const published = new WeakMap<TestApp, Promise<{ paperId: number }>>();
function publishedPaper(app: TestApp) {
  let made = published.get(app);
  if (!made) {
    made = (async () => {
      const { paperIds } = await archiveIssue(app, {
        journalId: await journalId(app, 'general'),
        volume: 90,
        issue: 1,
        month: '01 2026',
        publishDate: '2026-01-15',
        published: true,
        papers: [{ titleEn: 'A published paper of the matrix', correspondingAuthor: 'Matrix Author' }],
      });
      return { paperId: paperIds[0]! };
    })();
    published.set(app, made);
  }
  return made;
}

export const archiveEntries: Entry[] = [
  { route: 'GET /api/journals/:slug/archive', allow: 'everyone', ok: 200, request: () => ({ url: archiveUrl }) },
  {
    route: 'GET /api/journals/:slug/archive/home',
    allow: 'everyone',
    ok: 200,
    request: () => ({ url: `${archiveUrl}/home` }),
  },
  {
    route: 'GET /api/journals/:slug/archive/volumes/:volume/issues/:issue',
    allow: 'everyone',
    ok: 200,
    request: async ({ app }) => {
      await publishedPaper(app);
      return { url: `${archiveUrl}/volumes/90/issues/1` };
    },
  },
  {
    route: 'GET /api/journals/:slug/archive/papers/:id',
    allow: 'everyone',
    ok: 200,
    request: async ({ app }) => ({ url: `${archiveUrl}/papers/${(await publishedPaper(app)).paperId}` }),
  },
  {
    route: 'POST /api/journals/:slug/archive/papers/:id/view',
    allow: 'everyone',
    ok: 200,
    request: async ({ app }) => ({ url: `${archiveUrl}/papers/${(await publishedPaper(app)).paperId}/view`, body: {} }),
  },
];
