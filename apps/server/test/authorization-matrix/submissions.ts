import { and, eq, isNotNull } from 'drizzle-orm';
import { papers } from '../../src/db/schema';
import { type Entry, get, PAPER_READERS, papersUrl } from './entry';

/** The matrix rows of the submissions routes. */

export const submissionsEntries: Entry[] = [
  // Submissions (decision 0005). The creator's mutations of a submitted paper reach the state check (409).
  { route: 'GET /api/journals/:slug/papers/mine', allow: 'signedIn', ok: 200, request: get(`${papersUrl}/mine`) },
  { route: 'GET /api/journals/:slug/papers/drafts', allow: 'signedIn', ok: 200, request: get(`${papersUrl}/drafts`) },
  {
    route: 'POST /api/journals/:slug/papers',
    allow: ['researcher'],
    ok: 201,
    request: () => ({ url: papersUrl, body: { title_of_the_work: 'Matrix draft' } }),
  },
  {
    route: 'PUT /api/journals/:slug/papers/:id',
    allow: ['researcher'],
    denied: 404,
    ok: 200,
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.draft}`, body: { title_of_the_work: 'Matrix draft' } }),
  },
  {
    route: 'DELETE /api/journals/:slug/papers/:id',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.paperNotEditable',
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.submitted}` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.submitted}` }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/files/:kind',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.paperNotEditable',
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.submitted}/files/proposalFile`, body: {} }),
  },
  {
    route: 'DELETE /api/journals/:slug/papers/:id/files/:fileId',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.paperNotEditable',
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.submitted}/files/${paper.fileId}` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/files/:fileId',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.submitted}/files/${paper.fileId}` }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/submit',
    allow: ['researcher'],
    denied: 404,
    ok: 200,
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.submitted}/submit`, body: { acceptTerms: true } }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/resubmit',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.conflict',
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.submitted}/resubmit`, body: {} }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/history',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.submitted}/history` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/final-file',
    allow: 'everyone',
    ok: 200,
    request: async ({ app }) => {
      // A published paper's: an issue in press keeps its final files to its editors and authors (issue 21 §1).
      const [published] = await app.deps.db
        .select()
        .from(papers)
        .where(and(isNotNull(papers.issueId), eq(papers.journalId, 1), eq(papers.status, 7)))
        .orderBy(papers.id)
        .limit(1);
      return { url: `${papersUrl}/${published!.id}/final-file` };
    },
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/mail-staff',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: ({ paper }) => ({ url: `${papersUrl}/${paper.submitted}/mail-staff`, body: { message: 'A question.' } }),
  },
  {
    route: 'GET /api/journals/:slug/papers/original/:code/files/:fileId',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: ({ paper }) => ({ url: `${papersUrl}/original/${paper.code}/files/${paper.fileId}` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/original/:code',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: ({ paper }) => ({ url: `${papersUrl}/original/${paper.code}` }),
  },
];
