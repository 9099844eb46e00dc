import { type Entry, MANAGERS, papersUrl } from './entry';

/** The matrix rows of the paper logs. */

export const paperLogsEntries: Entry[] = [
  // Paper logs (issue 10 §3): the journal's entries for those who run reviews (a handling editor: their
  // specializations', so of another field a paper's log is 404, paper-logs.test.ts); authors and reviewers 403.
  {
    route: 'GET /api/journals/:slug/paper-logs',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/paper-logs?search=GJ&status=1&page=1' }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/logs',
    allow: MANAGERS,
    ok: 200,
    request: async ({ review }) => ({ url: `${papersUrl}/${(await review()).paperId}/logs` }),
  },
];
