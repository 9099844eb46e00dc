import { PAPER_STATUS } from '@journals/core/enums';
import { eq } from 'drizzle-orm';
import { archivedPapers, issues, papers } from '../../src/db/schema';
import type { TestApp } from '../harness';
import { paperForm } from '../issues-setup';
import { type Entry, PANEL } from './entry';

/**
 * The matrix rows of issues management (issue 21 §1): the editors with the editor panel (the journal manager and
 * the secretary) only; every other caller 403, another journal's editor too (a guest in general). Each call gets
 * its own rows, so that every allowed caller's call succeeds.
 */

const ISSUES = '/api/journals/general/issues';
let volume = 5000;

async function newIssue(app: TestApp) {
  const [row] = await app.deps.db
    .insert(issues)
    .values({ journalId: 1, issue: '1', volume: ++volume, publishMonth: '01 2026', publishDate: '2026-01-10' })
    .returning({ id: issues.id });
  return row!.id;
}

async function acceptedPaper(app: TestApp) {
  const [row] = await app.deps.db
    .insert(papers)
    .values({ journalId: 1, status: PAPER_STATUS.accepted, title: 'Matrix paper', code: `MX.${volume}` })
    .returning({ id: papers.id });
  return row!.id;
}

/** An issue in press with one paper in it. */
async function placedPaper(app: TestApp) {
  const issueId = await newIssue(app);
  const paperId = await acceptedPaper(app);
  await app.deps.db.insert(archivedPapers).values({ paperId, journalId: 1, issueId, orderInIssue: 1 });
  await app.deps.db.update(papers).set({ issueId }).where(eq(papers.id, paperId));
  return { issueId, paperId };
}

const issueBody = () => ({
  issue: '2',
  volume: ++volume,
  publishMonth: '02 2026',
  publishDate: '2026-02-10',
  isAllow: true,
});

export const issuesEntries: Entry[] = [
  { route: 'GET /api/journals/:slug/issues', allow: PANEL, ok: 200, request: () => ({ url: ISSUES }) },
  {
    route: 'POST /api/journals/:slug/issues',
    allow: PANEL,
    ok: 201,
    request: () => ({ url: ISSUES, body: issueBody() }),
  },
  {
    route: 'PUT /api/journals/:slug/issues/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${ISSUES}/${await newIssue(app)}`, body: issueBody() }),
  },
  {
    route: 'DELETE /api/journals/:slug/issues/:id',
    allow: PANEL,
    ok: 204,
    request: async ({ app }) => ({ url: `${ISSUES}/${await newIssue(app)}` }),
  },
  {
    route: 'GET /api/journals/:slug/issues/:id/papers',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${ISSUES}/${(await placedPaper(app)).issueId}/papers` }),
  },
  {
    route: 'POST /api/journals/:slug/issues/:id/papers',
    allow: PANEL,
    ok: 201,
    request: async ({ app }) => {
      const form = paperForm({ paperId: await acceptedPaper(app), orderInIssue: 1 });
      return { url: `${ISSUES}/${await newIssue(app)}/papers`, body: form.payload, headers: form.headers };
    },
  },
  {
    route: 'PUT /api/journals/:slug/issues/:id/papers/:paperId',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => {
      const { issueId, paperId } = await placedPaper(app);
      const form = paperForm({ orderInIssue: 1, doi: `10.1234/matrix.${paperId}` }, null);
      return { url: `${ISSUES}/${issueId}/papers/${paperId}`, body: form.payload, headers: form.headers };
    },
  },
  {
    route: 'DELETE /api/journals/:slug/issues/:id/papers/:paperId',
    allow: PANEL,
    ok: 204,
    request: async ({ app }) => {
      const { issueId, paperId } = await placedPaper(app);
      return { url: `${ISSUES}/${issueId}/papers/${paperId}` };
    },
  },
  {
    route: 'POST /api/journals/:slug/issues/:id/publish',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${ISSUES}/${(await placedPaper(app)).issueId}/publish` }),
  },
];
