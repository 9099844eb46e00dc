import path from 'node:path';
import type { ErrorCode } from '@journals/core/errors';
import { eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { journalPaymentSettings, journals, papers, payments, users } from '../src/db/schema';
import type { Answer, TestApp, TestClient } from './harness';
import { invitationSignature } from '../src/features/reviewing/invitation-links';
import { multipartForm, paperBody, PDF, submittedPaper } from './papers';

/**
 * THE AUTHORIZATION MATRIX (DESIGN §3, §9): every route of the app, with the callers that may call it. Each
 * route is called as every caller (authorization.test.ts); allowed callers never get 401/403, the others get 401
 * (guest) or 403/404 (signed in without the right, or a member of another journal). A registered route missing
 * from the matrix fails that test, so a new route cannot ship without deciding who may call it. The route fuzzer
 * (fuzz.test.ts) reads the same rows.
 */

export const CALLERS = {
  guest: null,
  researcher: 'researcher@general.test',
  reviewer: 'reviewer@general.test',
  handlingEditor: 'handling@general.test',
  editor: 'editor@general.test',
  secretary: 'secretary@general.test',
  platformAdmin: 'admin@platform.test',
  /** Members of the other journal, each a guest in `general`: its researcher, its manager, its handling editor. */
  otherJournal: 'researcher@ethics.test',
  otherEditor: 'editor@ethics.test',
  otherHandlingEditor: 'handling@ethics.test',
} as const;
export type Caller = keyof typeof CALLERS;
export const ALL_CALLERS = Object.keys(CALLERS) as Caller[];
export const SIGNED_IN = ALL_CALLERS.filter((caller) => caller !== 'guest');

/**
 * The app of the matrix serves a built web app (a two-file stand-in), so the SPA's routes (`GET /`, `GET /*`)
 * are registered and checked like the others. Pass it to buildTestApp().
 */
export const MATRIX_ENV = { WEB_DIST: path.join(import.meta.dirname, 'fixtures/web') };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The rows and ids the sample requests use, made once per app by setUpMatrix(). */
export interface Fixture {
  app: TestApp;
  slideId: number;
  generalSpecialization: number;
  /** Papers of researcher@general.test: a draft, and a submitted paper with its files. */
  paper: { draft: number; submitted: number; code: string; fileId: number };
  /** Rows for the payment and ethics-form entries, written on first use (the submissions routes are not needed). */
  payable: () => Promise<{ paperId: number; acceptedId: number; reference: string }>;
  /** A new pending sandbox payment of the payable paper's fee (general can take payments): its reference. */
  pendingPayment: () => Promise<string>;
  /** A paper of researcher@general.test reviewed by reviewer@general.test (made on first use). */
  review: () => Promise<ReviewFixture>;
  /** The state of a payment (pending, paid, failed). */
  paymentState: (reference: string) => Promise<string | undefined>;
}
export interface ReviewFixture {
  paperId: number;
  reviewerId: number;
  invitationId: number;
  proposalFileId: number;
  editorFileId: number;
  answers: Record<string, string>;
  /** The invitation mail's link, as query parameters and as a body. */
  link: Record<string, string>;
  linkBody: { rId: number; pId: number; sig: string };
}
export interface Context extends Fixture {
  caller: Caller;
  client: TestClient;
}
/** A concrete call: URL (in the `general` journal), body and headers. */
export interface Sample {
  url: string;
  body?: unknown;
  headers?: Record<string, string | undefined>;
}
/**
 * What an allowed caller gets with the sample request. A refusal (400, 409) must name its error code and message
 * key, so that an "allowed" answer which is really another failure (a CSRF refusal, a validation error of the
 * wrong kind) is caught.
 */
type Outcome =
  | { ok: 200 | 201 | 204 | 302; okCode?: undefined; okMessageKey?: undefined; okFields?: undefined }
  | {
      ok: 400 | 409;
      okCode: ErrorCode;
      okMessageKey: string;
      /** The fields a validation refusal names (sorted), when the message key alone is the generic one. */
      okFields?: readonly string[];
    };
export type Entry = Outcome & {
  /** Method and URL pattern exactly as registered. */
  route: `${Method} ${string}`;
  /** Who may call it: everyone (guests too), any signed-in user, or the listed callers. */
  allow: 'everyone' | 'signedIn' | readonly Caller[];
  /** What a signed-in caller outside `allow` gets: 403 (the role lacks the right) or 404 (not visible to them). */
  denied?: 403 | 404;
  /** The sample call. */
  request: (context: Context) => Sample | Promise<Sample>;
  /** The call ends the caller's session (logout): the caller signs in again afterwards. */
  endsSession?: boolean;
  /**
   * For a route whose right is a token rather than a role (the payment page's form): the same call with a forged
   * token, which every caller gets refused with `status`.
   */
  forged?: { status: number; request: (context: Context) => Sample | Promise<Sample> };
  /** Checks what a call changed (or did not), after each caller's sample call and forged call. */
  after?: (context: Context & { sample: Sample; answer: Answer; allowed: boolean; forged: boolean }) => Promise<void>;
};

/** Who may read a submitted paper of general: its creator, the editors and the handling editor of its specialization. */
export const PAPER_READERS = ['researcher', 'handlingEditor', 'editor', 'secretary'] as const;
/** Who runs the review of that paper: the editors and the handling editor of its specialization. */
export const MANAGERS = ['handlingEditor', 'editor', 'secretary'] as const;
const papersUrl = '/api/journals/general/papers';

const get = (url: string) => () => ({ url });

const referenceIn = (url: string) => url.split('/')[3]!;

/** The completion token the hosted page of a payment puts in its form, read as a browser would. */
async function sandboxToken(client: TestClient, reference: string) {
  const page = await client.get(`/pay/sandbox/${reference}?lang=en`);
  const token = /name="token" value="([^"]+)"/.exec(String(page.body))?.[1];
  if (!token) throw new Error(`no payment form for ${reference}: ${page.status}`);
  return token;
}

/** The hosted page's Pay form as the browser posts it: form-encoded, and without our CSRF header. */
function sandboxForm(reference: string, token: string): Sample {
  return {
    url: `/pay/sandbox/${reference}/complete`,
    body: new URLSearchParams({ token, action: 'pay', lang: 'en' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': undefined },
  };
}

export const MATRIX: Entry[] = [
  // System
  { route: 'GET /healthz', allow: 'everyone', ok: 200, request: get('/healthz') },
  { route: 'GET /manual.pdf', allow: 'everyone', ok: 200, request: get('/manual.pdf') },
  // The web app (DESIGN §1): the landing page, its built files (the hashed assets, and a route for each file at the
  // top); every other path is a page of the SPA, answered by the not-found handler (first-html.test.ts).
  { route: 'GET /', allow: 'everyone', ok: 200, request: get('/') },
  { route: 'GET /assets/*', allow: 'everyone', ok: 200, request: get('/assets/app-3f9a1c.js') },
  { route: 'GET /index.html', allow: 'everyone', ok: 200, request: get('/index.html') },
  { route: 'GET /favicon.svg', allow: 'everyone', ok: 200, request: get('/favicon.svg') },
  { route: 'GET /api/docs', allow: 'everyone', ok: 200, request: get('/api/docs') },
  { route: 'GET /api/docs/json', allow: 'everyone', ok: 200, request: get('/api/docs/json') },
  { route: 'GET /api/docs/yaml', allow: 'everyone', ok: 200, request: get('/api/docs/yaml') },
  // Public site
  { route: 'GET /api/landing', allow: 'everyone', ok: 200, request: get('/api/landing') },
  { route: 'GET /api/journals/:slug', allow: 'everyone', ok: 200, request: get('/api/journals/general') },
  { route: 'GET /api/journals/:slug/home', allow: 'everyone', ok: 200, request: get('/api/journals/general/home') },
  { route: 'GET /api/journals/:slug/tabs', allow: 'everyone', ok: 200, request: get('/api/journals/general/tabs') },
  {
    route: 'GET /api/journals/:slug/statistics',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/statistics'),
  },
  {
    route: 'GET /api/journals/:slug/tabs/:tabSlug',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/tabs/for-authors'),
  },
  {
    route: 'POST /api/journals/:slug/visits',
    allow: 'everyone',
    ok: 200,
    request: () => ({ url: '/api/journals/general/visits', body: {} }),
  },
  {
    route: 'GET /api/journals/:slug/files/logo',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/files/logo'),
  },
  {
    route: 'GET /api/journals/:slug/files/cover/:language',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/files/cover/ar'),
  },
  {
    route: 'GET /api/journals/:slug/files/slides/:id',
    allow: 'everyone',
    ok: 200,
    request: ({ slideId }) => ({ url: `/api/journals/general/files/slides/${slideId}` }),
  },
  // Accounts
  { route: 'GET /api/captcha', allow: 'everyone', ok: 200, request: get('/api/captcha') },
  { route: 'GET /api/journals/:slug/me', allow: 'everyone', ok: 200, request: get('/api/journals/general/me') },
  {
    route: 'GET /api/journals/:slug/auth/register',
    allow: 'everyone',
    ok: 200,
    request: get('/api/journals/general/auth/register'),
  },
  // Sample bodies of the account forms are invalid on purpose: allowed callers reach validation (400), nothing is written.
  {
    route: 'POST /api/journals/:slug/auth/register',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.validation',
    okFields: ['Captcha', 'Email', 'FullName', 'JobTitle', 'Password', 'PasswordConfirmation', 'Specializations'],
    request: () => ({ url: '/api/journals/general/auth/register', body: {} }),
  },
  {
    route: 'POST /api/journals/:slug/auth/resend',
    allow: 'everyone',
    ok: 200,
    request: () => ({ url: '/api/journals/general/auth/resend', body: { email: 'nobody@example.org' } }),
  },
  {
    route: 'POST /api/auth/activate',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'messages.activationInvalid',
    request: () => ({ url: '/api/auth/activate', body: { userId: 2_000_000_000, code: 'x' } }),
  },
  {
    route: 'POST /api/journals/:slug/auth/login',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.loginFailed',
    request: () => ({
      url: '/api/journals/general/auth/login',
      body: { email: 'nobody@example.org', password: 'Wrong-pass-1' },
    }),
  },
  {
    route: 'POST /api/auth/logout',
    allow: 'everyone',
    ok: 200,
    endsSession: true,
    request: () => ({ url: '/api/auth/logout', body: {} }),
  },
  {
    route: 'POST /api/journals/:slug/auth/forgot',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.validation',
    okFields: ['Captcha'],
    request: () => ({ url: '/api/journals/general/auth/forgot', body: { email: 'nobody@example.org' } }),
  },
  {
    route: 'POST /api/auth/reset',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'messages.resetInvalid',
    request: () => ({
      url: '/api/auth/reset',
      body: { code: 'x', email: 'nobody@example.org', password: 'Brand-new-1', passwordConfirmation: 'Brand-new-1' },
    }),
  },
  {
    route: 'GET /api/journals/:slug/profile',
    allow: 'signedIn',
    ok: 200,
    request: get('/api/journals/general/profile'),
  },
  {
    route: 'PUT /api/journals/:slug/profile',
    allow: 'signedIn',
    ok: 200,
    // A signed-in caller saves their own profile as it is; a guest sends a complete body too.
    request: async ({ client, caller, generalSpecialization }) => {
      const current = caller === 'guest' ? null : (await client.get('/api/journals/general/profile')).body;
      return {
        url: '/api/journals/general/profile',
        body: {
          fullName: current?.fullName ?? 'Guest Person',
          nameOnPaper: current?.nameOnPaper || 'Guest Person',
          phone: current?.phone ?? '',
          jobTitle: current?.jobTitle || 'Visitor',
          workPlace: current?.workPlace || 'Somewhere',
          specializations: current?.specializations?.length ? current.specializations : [generalSpecialization],
          personalKeywords: current?.personalKeywords ?? [],
          availableAsReviewer: current?.availableAsReviewer ?? false,
        },
      };
    },
  },
  // ORCID
  {
    route: 'GET /api/journals/:slug/auth/orcid',
    allow: 'everyone',
    ok: 302,
    request: get('/api/journals/general/auth/orcid'),
  },
  {
    route: 'GET /api/auth/orcid/callback',
    allow: 'everyone',
    ok: 302,
    request: get('/api/auth/orcid/callback?code=x'),
  },
  {
    route: 'POST /api/journals/:slug/auth/orcid/register',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.validation',
    okFields: ['Captcha', 'Email', 'FullName', 'Password', 'PasswordConfirmation', 'Specializations', 'Ticket'],
    request: () => ({ url: '/api/journals/general/auth/orcid/register', body: {} }),
  },
  // Connecting ORCID (decision 0012): a top-level navigation, so a guest is sent to the journal's login, not a 401.
  {
    route: 'GET /api/journals/:slug/profile/orcid/connect',
    allow: 'everyone',
    ok: 302,
    request: get('/api/journals/general/profile/orcid/connect'),
    after: async ({ caller, answer }) => {
      const location = String(answer.headers.location);
      if (caller === 'guest') expect(location).toBe('/general/?login=required');
      else expect(location, caller).toContain('/oauth/authorize?');
    },
  },
  {
    route: 'DELETE /api/journals/:slug/profile/orcid',
    allow: 'signedIn',
    ok: 200,
    request: get('/api/journals/general/profile/orcid'),
  },
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
      const [published] = await app.deps.db.select().from(papers).where(isNotNull(papers.issueId)).limit(1);
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
  // Payments (docs/decisions/0006-payments.md). general charges no at-upload fee: the creator reaches 409.
  {
    route: 'POST /api/journals/:slug/payments',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.paymentNotDue',
    request: async ({ payable }) => ({
      url: '/api/journals/general/payments',
      body: { purpose: 'upload', paperId: (await payable()).paperId },
    }),
  },
  {
    route: 'GET /api/journals/:slug/payments/:reference',
    allow: 'everyone',
    ok: 200,
    request: async ({ payable }) => ({ url: `/api/journals/general/payments/${(await payable()).reference}` }),
  },
  // The gateway's signed callback: an unsigned body is refused (400) whoever sends it.
  {
    route: 'POST /api/payments/callback/:provider',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.paymentRefused',
    request: () => ({ url: '/api/payments/callback/sandbox', body: {} }),
  },
  {
    route: 'GET /api/journals/:slug/payment-settings',
    allow: ['editor'],
    ok: 200,
    request: get('/api/journals/general/payment-settings'),
  },
  {
    route: 'PUT /api/journals/:slug/payment-settings',
    allow: ['editor'],
    ok: 200,
    request: () => ({
      url: '/api/journals/general/payment-settings',
      body: { merchantId: 'M-1', securityKey: 'matrix-key', merchantName: 'General', atUpload: false },
    }),
  },
  // The sandbox gateway's hosted page (decision 0006). It plays a third party's page: it reads no session, and
  // whoever holds a payment's reference may open it and press Pay (a registrant pays before they can sign in).
  // What completes a payment is the form's token, HMAC(SECRET, reference), which only the page hands out: a post
  // with another payment's token is refused, and the payment stays pending.
  { route: 'GET /pay/sandbox/close.js', allow: 'everyone', ok: 200, request: get('/pay/sandbox/close.js') },
  {
    route: 'GET /pay/sandbox/:reference',
    allow: 'everyone',
    ok: 200,
    request: async ({ payable }) => ({ url: `/pay/sandbox/${(await payable()).reference}` }),
    after: async ({ caller, sample, answer, paymentState }) => {
      const state = await paymentState(referenceIn(sample.url));
      expect({ caller, form: answer.body.includes('name="token"'), state }).toEqual({
        caller,
        form: true,
        state: 'pending',
      });
    },
  },
  {
    route: 'POST /pay/sandbox/:reference/complete',
    allow: 'everyone',
    ok: 200,
    request: async ({ client, pendingPayment }) => {
      const reference = await pendingPayment();
      return sandboxForm(reference, await sandboxToken(client, reference));
    },
    forged: {
      status: 400,
      request: async ({ client, pendingPayment }) => {
        const [own, victim] = [await pendingPayment(), await pendingPayment()];
        return sandboxForm(victim, await sandboxToken(client, own));
      },
    },
    after: async ({ caller, sample, allowed, forged, paymentState }) => {
      const state = await paymentState(referenceIn(sample.url));
      expect({ caller, forged, state }).toEqual({ caller, forged, state: allowed && !forged ? 'paid' : 'pending' });
    },
  },
  // The ethics form of an accepted paper of researcher@general.test.
  {
    route: 'GET /api/journals/:slug/papers/:id/ethics-form.pdf',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: async ({ payable }) => ({
      url: `/api/journals/general/papers/${(await payable()).acceptedId}/ethics-form.pdf`,
    }),
  },
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
  // The editorial desk (issue 10 §1): an editor sees the journal, a handling editor their specializations.
  {
    route: 'GET /api/journals/:slug/editorial',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/editorial' }),
  },
  {
    route: 'GET /api/journals/:slug/editorial/cards/:card',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/editorial/cards/submitted?page=1' }),
  },
  {
    route: 'GET /api/journals/:slug/editorial/cards/:card/report',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/editorial/cards/published/report?from=2020-01-01' }),
  },
  {
    route: 'GET /api/journals/:slug/editorial/cards/:card/report.csv',
    allow: MANAGERS,
    ok: 200,
    request: () => ({ url: '/api/journals/general/editorial/cards/submitted/report.csv' }),
  },
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
export const mayCall = (entry: Entry, caller: Caller) =>
  entry.allow === 'everyone' || (entry.allow === 'signedIn' ? caller !== 'guest' : entry.allow.includes(caller));

/**
 * Writes what the sample requests need: a draft and a submitted paper of researcher@general.test (through the
 * API, as that researcher), and on first use the payment and ethics-form rows.
 */
export async function setUpMatrix(app: TestApp, guest: TestClient, researcher: TestClient): Promise<Fixture> {
  const { db } = app.deps;
  const slideId = (await guest.get('/api/journals/general/home')).body.homeSlider[0].id as number;
  const generalSpecialization = (await guest.get('/api/journals/general/auth/register')).body.specializations[0]
    .id as number;
  const draft = (await researcher.post(papersUrl, { title_of_the_work: 'A draft' })).body.id as number;
  const submitted = await submittedPaper(researcher, 'general', paperBody(generalSpecialization));
  const fileId = (await researcher.get(`${papersUrl}/${submitted.id}`)).body.files[0].id as number;

  let reviewed: Promise<ReviewFixture> | undefined;
  let references = 0;
  const newPayment = async (payment: { journalId: number; userId: number; paperId: number }) => {
    const reference = `PMATRIX${Date.now()}N${(references += 1)}`;
    await db.insert(payments).values({ ...payment, purpose: 'upload', amount: '10.00', reference });
    return reference;
  };
  let payableRows:
    Promise<{ paperId: number; acceptedId: number; reference: string; journalId: number; userId: number }> | undefined;
  const rows = () =>
    (payableRows ??= (async () => {
      const [creator] = await db.select().from(users).where(eq(users.email, CALLERS.researcher));
      const [journal] = await db.select().from(journals).where(eq(journals.slug, 'general'));
      // general can take payments (merchant data filled) but charges no fee at upload.
      await db
        .update(journalPaymentSettings)
        .set({ merchantId: 'M-1', securityKey: 'matrix-key', merchantName: 'General' })
        .where(eq(journalPaymentSettings.journalId, journal!.id));
      const row = { journalId: journal!.id, creatorId: creator!.id, title: 'Matrix paper', code: 'GJ.26.01.99' };
      const [submittedRow] = await db
        .insert(papers)
        .values({ ...row, status: 1 })
        .returning();
      const [accepted] = await db
        .insert(papers)
        .values({ ...row, status: 4, uploadPaid: true, specializationId: generalSpecialization })
        .returning();
      const payer = { journalId: journal!.id, userId: creator!.id };
      const reference = await newPayment({ ...payer, paperId: submittedRow!.id });
      return { ...payer, paperId: submittedRow!.id, acceptedId: accepted!.id, reference };
    })());
  return {
    app,
    slideId,
    generalSpecialization,
    paper: { draft, submitted: submitted.id, code: submitted.code, fileId },
    payable: async () => {
      const { paperId, acceptedId, reference } = await rows();
      return { paperId, acceptedId, reference };
    },
    pendingPayment: async () => {
      const { journalId, userId, paperId } = await rows();
      return newPayment({ journalId, userId, paperId });
    },
    review: () => (reviewed ??= reviewedPaper(app, generalSpecialization)),
    paymentState: async (reference) =>
      (await db.select({ state: payments.state }).from(payments).where(eq(payments.reference, reference)))[0]?.state,
  };
}

/** A submitted paper invited to, accepted and reviewed (with an attachment for the editor) through the API. */
async function reviewedPaper(app: TestApp, specializationId: number): Promise<ReviewFixture> {
  // Clients of its own: the matrix's clients may have signed out (the logout entry) by the time it is made.
  const researcher = app.client();
  await researcher.login(CALLERS.researcher);
  const paper = await submittedPaper(researcher, 'general', paperBody(specializationId));
  const proposalFileId = (await researcher.get(`${papersUrl}/${paper.id}`)).body.files[0].id as number;
  const editor = app.client();
  await editor.login(CALLERS.editor);
  const reviewer = app.client();
  await reviewer.login(CALLERS.reviewer);
  const [reviewerRow] = await app.deps.db.select().from(users).where(eq(users.email, CALLERS.reviewer));
  const invited = await editor.post(`${papersUrl}/${paper.id}/reviewers`, {
    specializationId,
    reviewerId: reviewerRow!.id,
    deadline: '2099-01-01',
  });
  const invitationId = invited.body.id as number;
  const mine = `/api/journals/general/reviewing/${invitationId}`;
  await reviewer.post(`${mine}/accept`);
  const questions = (await reviewer.get(`${mine}/sheet`)).body.questions as { id: number; type: number }[];
  const answers = Object.fromEntries(questions.map((question) => [question.id, question.type === 1 ? 'true' : '4']));
  const form = multipartForm(
    { review: JSON.stringify({ answers, commentForAuthor: 'Clear.', commentForEditor: 'Fine.', recommendation: 4 }) },
    [['attachForEditor', 'editor-notes.pdf', PDF]],
  );
  const submitted = await reviewer.request('POST', `${mine}/review`, form.payload, form.headers);
  if (submitted.status !== 200) throw new Error(`review failed: ${JSON.stringify(submitted.body)}`);
  const result = await editor.get(`${papersUrl}/${paper.id}/reviews/${invitationId}`);
  const sig = invitationSignature(app.deps.config.SECRET, {
    id: invitationId,
    reviewerId: reviewerRow!.id,
    paperId: paper.id,
  });
  const linkBody = { rId: reviewerRow!.id, pId: paper.id, sig };
  return {
    paperId: paper.id,
    reviewerId: reviewerRow!.id,
    invitationId,
    proposalFileId,
    editorFileId: result.body.editorAttachment.id as number,
    answers,
    link: { rId: String(linkBody.rId), pId: String(linkBody.pId), sig },
    linkBody,
  };
}
