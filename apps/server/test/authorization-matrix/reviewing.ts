import { type Entry, get, MANAGERS, PAPER_READERS, papersUrl } from './entry';

/** The matrix rows of the review loop, the reviewer's side and the editor's. */

export const reviewingEntries: Entry[] = [
  // The review loop (issue 9). A paper of researcher@general.test that reviewer@general.test has reviewed: the
  // mutations reach the state checks (409), so every allowed caller meets the same answer.
  {
    route: 'GET /api/journals/:slug/papers/:id/reviewers',
    allow: ['reviewer', 'handlingEditor', 'editor', 'secretary'],
    denied: 404,
    ok: 200,
    request: async ({ review }) => ({ url: `${papersUrl}/${(await review()).paperId}/reviewers` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/reviewer-candidates',
    allow: MANAGERS,
    ok: 200,
    request: async ({ review, generalSpecialization }) => ({
      url: `${papersUrl}/${(await review()).paperId}/reviewer-candidates?specializationId=${generalSpecialization}`,
    }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/reviewers',
    allow: MANAGERS,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.reviewerAddedBefore',
    request: async ({ review, generalSpecialization }) => {
      const { paperId, reviewerId } = await review();
      return {
        url: `${papersUrl}/${paperId}/reviewers`,
        body: { specializationId: generalSpecialization, reviewerId, deadline: '2099-01-01' },
      };
    },
  },
  {
    route: 'DELETE /api/journals/:slug/papers/:id/reviewers/:invitationId',
    allow: MANAGERS,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.cannotRemoveReviewer',
    request: async ({ review }) => {
      const { paperId, invitationId } = await review();
      return { url: `${papersUrl}/${paperId}/reviewers/${invitationId}` };
    },
  },
  {
    route: 'PUT /api/journals/:slug/papers/:id/reviewers/:invitationId/deadline',
    allow: MANAGERS,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.cannotEditDeadline',
    request: async ({ review }) => {
      const { paperId, invitationId } = await review();
      return { url: `${papersUrl}/${paperId}/reviewers/${invitationId}/deadline`, body: { deadline: '2099-01-01' } };
    },
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/reviews/:invitationId',
    allow: ['reviewer', 'handlingEditor', 'editor', 'secretary'],
    denied: 404,
    ok: 200,
    request: async ({ review }) => {
      const { paperId, invitationId } = await review();
      return { url: `${papersUrl}/${paperId}/reviews/${invitationId}` };
    },
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/reviews/:invitationId/files/:fileId',
    allow: ['reviewer', 'handlingEditor', 'editor', 'secretary'],
    denied: 404,
    ok: 200,
    request: async ({ review }) => {
      const { paperId, invitationId, editorFileId } = await review();
      return { url: `${papersUrl}/${paperId}/reviews/${invitationId}/files/${editorFileId}` };
    },
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/reviewer-comments',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: async ({ review }) => ({ url: `${papersUrl}/${(await review()).paperId}/reviewer-comments` }),
  },
  {
    route: 'GET /api/journals/:slug/reviewing',
    allow: 'signedIn',
    ok: 200,
    request: get('/api/journals/general/reviewing'),
  },
  {
    route: 'GET /api/journals/:slug/reviewing/papers/:id',
    allow: ['reviewer'],
    denied: 404,
    ok: 200,
    request: async ({ review }) => ({ url: `/api/journals/general/reviewing/papers/${(await review()).paperId}` }),
  },
  {
    route: 'GET /api/journals/:slug/reviewing/papers/:id/files/:fileId',
    allow: ['reviewer'],
    denied: 404,
    ok: 200,
    request: async ({ review }) => {
      const { paperId, proposalFileId } = await review();
      return { url: `/api/journals/general/reviewing/papers/${paperId}/files/${proposalFileId}` };
    },
  },
  {
    route: 'POST /api/journals/:slug/reviewing/:invitationId/accept',
    allow: ['reviewer'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.invitationAnswered',
    request: async ({ review }) => ({ url: `/api/journals/general/reviewing/${(await review()).invitationId}/accept` }),
  },
  {
    route: 'POST /api/journals/:slug/reviewing/:invitationId/refuse',
    allow: ['reviewer'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.invitationAnswered',
    request: async ({ review }) => ({
      url: `/api/journals/general/reviewing/${(await review()).invitationId}/refuse`,
      body: { category: 'noTime', reason: 'Busy' },
    }),
  },
  {
    route: 'POST /api/journals/:slug/reviewing/:invitationId/deadline',
    allow: ['reviewer'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.cannotExtendDeadline',
    request: async ({ review }) => ({
      url: `/api/journals/general/reviewing/${(await review()).invitationId}/deadline`,
      body: { deadline: '2099-01-01' },
    }),
  },
  {
    route: 'GET /api/journals/:slug/reviewing/:invitationId/sheet',
    allow: ['reviewer'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.sheetNotOpen',
    request: async ({ review }) => ({ url: `/api/journals/general/reviewing/${(await review()).invitationId}/sheet` }),
  },
  {
    route: 'PUT /api/journals/:slug/reviewing/:invitationId/draft',
    allow: ['reviewer'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.sheetNotOpen',
    request: async ({ review }) => ({
      url: `/api/journals/general/reviewing/${(await review()).invitationId}/draft`,
      body: { answers: {} },
    }),
  },
  {
    route: 'POST /api/journals/:slug/reviewing/:invitationId/review',
    allow: ['reviewer'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.invitationAnswered',
    request: async ({ review }) => {
      const { invitationId, answers } = await review();
      return {
        url: `/api/journals/general/reviewing/${invitationId}/review`,
        body: { answers, commentForAuthor: 'Again', commentForEditor: '', recommendation: 4 },
      };
    },
  },
  {
    route: 'GET /api/journals/:slug/reviewing/:invitationId/result',
    allow: ['reviewer'],
    denied: 404,
    ok: 200,
    request: async ({ review }) => ({ url: `/api/journals/general/reviewing/${(await review()).invitationId}/result` }),
  },
  {
    route: 'GET /api/journals/:slug/invitation-links',
    allow: 'everyone',
    ok: 200,
    request: async ({ review }) => ({
      url: `/api/journals/general/invitation-links?${new URLSearchParams((await review()).link)}`,
    }),
  },
  {
    route: 'POST /api/journals/:slug/invitation-links/accept',
    allow: 'everyone',
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.invitationAnswered',
    request: async ({ review }) => ({
      url: '/api/journals/general/invitation-links/accept',
      body: (await review()).linkBody,
    }),
  },
  {
    route: 'POST /api/journals/:slug/invitation-links/refuse',
    allow: 'everyone',
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.invitationAnswered',
    request: async ({ review }) => ({
      url: '/api/journals/general/invitation-links/refuse',
      body: { ...(await review()).linkBody, category: 'other', reason: 'Not me' },
    }),
  },
  {
    route: 'POST /api/journals/:slug/reviewing/reminders',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/reviewing/reminders' }),
  },
];
