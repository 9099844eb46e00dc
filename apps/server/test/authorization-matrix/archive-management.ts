import type { TestApp } from '../harness';
import { archiveIssue, journalId, specializationIds, withFinalFile } from '../archive-setup';
import { multipartForm } from '../papers';
import { type Entry, PANEL } from './entry';

/**
 * The matrix rows of archive management (issue 21 §2): the editors with the editor panel (the journal manager and
 * the secretary) only; every other caller 403, another journal's editor too (a guest in general).
 */

const BASE = '/api/journals/general/archive-management';
const made = new WeakMap<TestApp, Promise<{ paperId: number; specialization: number }>>();

/** A published issue of general (volume 92, issue 1) with one paper and its final PDF, written on first use. */
function archived(app: TestApp) {
  let row = made.get(app);
  if (!row) {
    row = (async () => {
      const general = await journalId(app, 'general');
      const { paperIds } = await archiveIssue(app, {
        journalId: general,
        volume: 92,
        issue: 1,
        month: '03 2026',
        publishDate: '2026-03-15',
        published: true,
        papers: [{ titleEn: 'An archived paper of the matrix' }],
      });
      const paperId = paperIds[0]!;
      await withFinalFile(app, paperId);
      return { paperId, specialization: (await specializationIds(app, general))[0]!.id };
    })();
    made.set(app, row);
  }
  return row;
}

const abstract = Array.from({ length: 25 }, () => 'memory').join(' ');

export const archiveManagementEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/archive-management/issues',
    allow: PANEL,
    ok: 200,
    request: () => ({ url: `${BASE}/issues?page=1` }),
  },
  {
    route: 'GET /api/journals/:slug/archive-management/issues/:volume/:issue/papers',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => {
      await archived(app);
      return { url: `${BASE}/issues/92/1/papers` };
    },
  },
  {
    route: 'GET /api/journals/:slug/archive-management/papers/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/papers/${(await archived(app)).paperId}` }),
  },
  {
    route: 'PUT /api/journals/:slug/archive-management/papers/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => {
      const { paperId, specialization } = await archived(app);
      const paper = {
        paperType: 1,
        titleEn: 'An archived paper of the matrix',
        abstractEn: abstract,
        correspondingAuthor: 'Matrix Author',
        specializationIds: [specialization],
        keywords: ['matrix'],
        fromPage: '1',
        toPage: '2',
        orderInIssue: '1',
      };
      const form = multipartForm({ paper: JSON.stringify(paper) });
      return { url: `${BASE}/papers/${paperId}`, body: form.payload, headers: form.headers };
    },
  },
];
