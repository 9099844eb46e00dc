import { type Entry, MANAGERS, papersUrl } from './entry';

/** The matrix rows of the decisions. */

export const decisionsEntries: Entry[] = [
  // Decisions (issue 9 §4), on the same paper (pending its decision: not refusable directly).
  {
    route: 'POST /api/journals/:slug/papers/:id/refuse',
    allow: MANAGERS,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.cannotRefusePaper',
    request: async ({ review }) => ({
      url: `${papersUrl}/${(await review()).paperId}/refuse`,
      body: { outOfScope: true },
    }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/decision-form',
    allow: MANAGERS,
    ok: 200,
    request: async ({ review }) => ({ url: `${papersUrl}/${(await review()).paperId}/decision-form` }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/decision',
    allow: MANAGERS,
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.validation',
    okFields: ['RevisionDeadline'],
    request: async ({ review }) => ({
      url: `${papersUrl}/${(await review()).paperId}/decision`,
      body: { decision: 3, comments: 'Revise' },
    }),
  },
];
