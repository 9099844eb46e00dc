import { eq, isNotNull } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, papers, payments, users } from '../src/db/schema';
import { buildTestApp, createActiveUser, type TestApp, type TestClient } from './harness';
import { paperBody, PDF, submittedPaper, upload } from './papers';

/**
 * THE AUTHORIZATION MATRIX (DESIGN §3, §9): every API route of the app, with the callers that may call it. Each
 * route is called as every caller; allowed callers never get 401/403, the others get 401 (guest) or 403/404
 * (signed in without the right, or a member of another journal). A registered route missing from the matrix
 * fails the test, so a new route cannot ship without deciding who may call it.
 */

const CALLERS = {
  guest: null,
  researcher: 'researcher@general.test',
  reviewer: 'reviewer@general.test',
  handlingEditor: 'handling@general.test',
  editor: 'editor@general.test',
  secretary: 'secretary@general.test',
  platformAdmin: 'admin@platform.test',
  /** A member of the other journal: a guest in `general`. */
  otherJournal: 'researcher@ethics.test',
} as const;
type Caller = keyof typeof CALLERS;
const ALL_CALLERS = Object.keys(CALLERS) as Caller[];
const SIGNED_IN = ALL_CALLERS.filter((caller) => caller !== 'guest');

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Context {
  caller: Caller;
  client: TestClient;
}
interface Entry {
  /** Method and URL pattern exactly as registered. */
  route: `${Method} ${string}`;
  /** Who may call it: everyone (guests too), any signed-in user, or the listed callers. */
  allow: 'everyone' | 'signedIn' | readonly Caller[];
  /** What a signed-in caller outside `allow` gets: 403 (the role lacks the right) or 404 (not visible to them). */
  denied?: 403 | 404;
  /** The status an allowed caller gets with the sample request. */
  ok: number;
  /** The sample call: a concrete URL (in the `general` journal) and body. */
  request: (context: Context) => { url: string; body?: unknown } | Promise<{ url: string; body?: unknown }>;
  /** The call ends the caller's session (logout): the caller signs in again afterwards. */
  endsSession?: boolean;
}

let slideId: number;
let generalSpecialization: number;
/** Papers of researcher@general.test: a draft, and a submitted paper with its files. */
const paper = { draft: 0, submitted: 0, code: '', fileId: 0 };
/** Who may read a submitted paper of general: its creator, the editors and the handling editor of its specialization. */
const PAPER_READERS = ['researcher', 'handlingEditor', 'editor', 'secretary'] as const;
const papersUrl = '/api/journals/general/papers';

/** Rows for the payment and ethics-form entries, written once (the submissions routes are not needed). */
let payableRows: Promise<{ paperId: number; acceptedId: number; reference: string }> | undefined;
function payable() {
  payableRows ??= (async () => {
    const [creator] = await app.deps.db.select().from(users).where(eq(users.email, CALLERS.researcher));
    const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
    const row = { journalId: journal!.id, creatorId: creator!.id, title: 'Matrix paper', code: 'GJ.26.01.99' };
    const [submitted] = await app.deps.db
      .insert(papers)
      .values({ ...row, status: 1 })
      .returning();
    const [accepted] = await app.deps.db
      .insert(papers)
      .values({ ...row, status: 4, uploadPaid: true, specializationId: generalSpecialization })
      .returning();
    const reference = `PMATRIX${Date.now()}`;
    await app.deps.db.insert(payments).values({
      journalId: journal!.id,
      userId: creator!.id,
      purpose: 'upload',
      paperId: submitted!.id,
      amount: '10.00',
      reference,
    });
    return { paperId: submitted!.id, acceptedId: accepted!.id, reference };
  })();
  return payableRows;
}

const get = (url: string) => () => ({ url });

const MATRIX: Entry[] = [
  // System
  { route: 'GET /healthz', allow: 'everyone', ok: 200, request: get('/healthz') },
  { route: 'GET /manual.pdf', allow: 'everyone', ok: 200, request: get('/manual.pdf') },
  { route: 'GET /api/docs', allow: 'everyone', ok: 200, request: get('/api/docs') },
  { route: 'GET /api/docs/json', allow: 'everyone', ok: 200, request: get('/api/docs/json') },
  { route: 'GET /api/docs/yaml', allow: 'everyone', ok: 200, request: get('/api/docs/yaml') },
  // Public site
  { route: 'GET /api/landing', allow: 'everyone', ok: 200, request: get('/api/landing') },
  { route: 'GET /api/journals/:slug', allow: 'everyone', ok: 200, request: get('/api/journals/general') },
  { route: 'GET /api/journals/:slug/home', allow: 'everyone', ok: 200, request: get('/api/journals/general/home') },
  { route: 'GET /api/journals/:slug/tabs', allow: 'everyone', ok: 200, request: get('/api/journals/general/tabs') },
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
    request: () => ({ url: `/api/journals/general/files/slides/${slideId}` }),
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
    request: () => ({ url: '/api/auth/activate', body: { userId: 2_000_000_000, code: 'x' } }),
  },
  {
    route: 'POST /api/journals/:slug/auth/login',
    allow: 'everyone',
    ok: 400,
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
    request: () => ({ url: '/api/journals/general/auth/forgot', body: { email: 'nobody@example.org' } }),
  },
  {
    route: 'POST /api/auth/reset',
    allow: 'everyone',
    ok: 400,
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
    request: async ({ client, caller }) => {
      const current = caller === 'guest' ? null : (await client.get('/api/journals/general/profile')).body;
      return {
        url: '/api/journals/general/profile',
        body: {
          fullName: current?.fullName ?? 'Guest Person',
          nameOnPaper: current?.nameOnPaper || 'Guest Person',
          phone: current?.phone ?? '',
          jobTitle: current?.jobTitle || 'Visitor',
          workPlace: current?.workPlace || 'Somewhere',
          orcid: current?.orcid ?? '',
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
    request: () => ({ url: '/api/journals/general/auth/orcid/register', body: {} }),
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
    request: () => ({ url: `${papersUrl}/${paper.draft}`, body: { title_of_the_work: 'Matrix draft' } }),
  },
  {
    route: 'DELETE /api/journals/:slug/papers/:id',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    request: () => ({ url: `${papersUrl}/${paper.submitted}` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: () => ({ url: `${papersUrl}/${paper.submitted}` }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/files/:kind',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    request: () => ({ url: `${papersUrl}/${paper.submitted}/files/proposalFile`, body: {} }),
  },
  {
    route: 'DELETE /api/journals/:slug/papers/:id/files/:fileId',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    request: () => ({ url: `${papersUrl}/${paper.submitted}/files/${paper.fileId}` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/files/:fileId',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: () => ({ url: `${papersUrl}/${paper.submitted}/files/${paper.fileId}` }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/submit',
    allow: ['researcher'],
    denied: 404,
    ok: 200,
    request: () => ({ url: `${papersUrl}/${paper.submitted}/submit`, body: { acceptTerms: true } }),
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/resubmit',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    request: () => ({ url: `${papersUrl}/${paper.submitted}/resubmit`, body: {} }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/history',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: () => ({ url: `${papersUrl}/${paper.submitted}/history` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/:id/final-file',
    allow: 'everyone',
    ok: 200,
    request: async () => {
      const [published] = await app.deps.db.select().from(papers).where(isNotNull(papers.issueId)).limit(1);
      return { url: `${papersUrl}/${published!.id}/final-file` };
    },
  },
  {
    route: 'POST /api/journals/:slug/papers/:id/mail-staff',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: () => ({ url: `${papersUrl}/${paper.submitted}/mail-staff`, body: { message: 'A question.' } }),
  },
  {
    route: 'GET /api/journals/:slug/papers/original/:code/files/:fileId',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: () => ({ url: `${papersUrl}/original/${paper.code}/files/${paper.fileId}` }),
  },
  {
    route: 'GET /api/journals/:slug/papers/original/:code',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: () => ({ url: `${papersUrl}/original/${paper.code}` }),
  },
  // Payments (docs/decisions/0006-payments.md). general charges no at-upload fee: the creator reaches 409.
  {
    route: 'POST /api/journals/:slug/payments',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    request: async () => ({
      url: '/api/journals/general/payments',
      body: { purpose: 'upload', paperId: (await payable()).paperId },
    }),
  },
  {
    route: 'GET /api/journals/:slug/payments/:reference',
    allow: 'everyone',
    ok: 200,
    request: async () => ({ url: `/api/journals/general/payments/${(await payable()).reference}` }),
  },
  // The gateway's signed callback: an unsigned body is refused (400) whoever sends it.
  {
    route: 'POST /api/payments/callback/:provider',
    allow: 'everyone',
    ok: 400,
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
  // The ethics form of an accepted paper of researcher@general.test.
  {
    route: 'GET /api/journals/:slug/papers/:id/ethics-form.pdf',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: async () => ({ url: `/api/journals/general/papers/${(await payable()).acceptedId}/ethics-form.pdf` }),
  },
];

/** Routes outside the matrix: the Swagger UI's static files, and HEAD (answered like GET). */
const isExempt = (method: string, url: string) =>
  method === 'HEAD' ||
  url.startsWith('/api/docs/static/') ||
  (!url.startsWith('/api/') && !['/healthz', '/manual.pdf'].includes(url));

let app: TestApp;
const registered: string[] = [];
const clients = new Map<Caller, TestClient>();

async function signIn(caller: Caller) {
  const client = app.client();
  const email = CALLERS[caller];
  if (email) await client.login(email);
  clients.set(caller, client);
  return client;
}

beforeAll(async () => {
  app = await buildTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
      },
    },
  );
  for (const caller of ALL_CALLERS) await signIn(caller);
  const guest = clients.get('guest')!;
  slideId = (await guest.get('/api/journals/general/home')).body.homeSlider[0].id;
  generalSpecialization = (await guest.get('/api/journals/general/auth/register')).body.specializations[0].id;
  const researcher = clients.get('researcher')!;
  paper.draft = (await researcher.post(papersUrl, { title_of_the_work: 'A draft' })).body.id;
  const submitted = await submittedPaper(researcher, 'general', paperBody(generalSpecialization));
  paper.submitted = submitted.id;
  paper.code = submitted.code;
  paper.fileId = (await researcher.get(`${papersUrl}/${submitted.id}`)).body.files[0].id;
});
afterAll(() => app.close());

const mayCall = (entry: Entry, caller: Caller) =>
  entry.allow === 'everyone' || (entry.allow === 'signedIn' ? caller !== 'guest' : entry.allow.includes(caller));

describe('the authorization matrix', () => {
  it('lists every registered API route, and only registered ones', () => {
    const inApp = new Set(
      registered.filter((route) => {
        const [method, url] = route.split(' ') as [string, string];
        return !isExempt(method, url);
      }),
    );
    const inMatrix = new Set(MATRIX.map((entry) => entry.route));
    expect(
      [...inApp].filter((route) => !inMatrix.has(route as Entry['route'])),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      [...inMatrix].filter((route) => !inApp.has(route)),
      'matrix entries with no such route',
    ).toEqual([]);
    expect(MATRIX.length).toBe(inMatrix.size);
  });

  it.each(MATRIX.map((entry) => [entry.route, entry] as const))('%s', async (_route, entry) => {
    const outcomes: Record<string, number> = {};
    const expected: Record<string, number | string> = {};
    for (const caller of ALL_CALLERS) {
      const client = clients.get(caller)!;
      const { url, body } = await entry.request({ caller, client });
      const method = entry.route.split(' ')[0]!;
      const answer = await client.request(method, url, body);
      outcomes[caller] = answer.status;
      if (mayCall(entry, caller)) {
        expected[caller] = entry.ok;
      } else {
        expected[caller] = caller === 'guest' ? 401 : (entry.denied ?? 403);
        const code = { 401: 'unauthenticated', 403: 'forbidden', 404: 'notFound' }[expected[caller] as 401 | 403 | 404];
        expect({ caller, code: answer.body?.code }).toEqual({ caller, code });
      }
      if (entry.endsSession) await signIn(caller);
    }
    expect(outcomes).toEqual(expected);
    for (const caller of ALL_CALLERS) {
      if (mayCall(entry, caller)) expect([401, 403]).not.toContain(outcomes[caller]);
    }
  });
});

describe('roles are per journal (DESIGN §2, §3)', () => {
  it('editor@general.test is an editor in general and a guest in ethics', async () => {
    const client = clients.get('editor')!;
    expect((await client.get('/api/journals/general/me')).body.user).toMatchObject({
      roles: ['editor'],
      editorType: 0,
    });
    expect((await client.get('/api/journals/ethics/me')).body.user).toMatchObject({
      email: 'editor@general.test',
      roles: [],
      editorType: null,
    });
  });

  it('each demo account has its own role in general, and the secretary is editor type 1', async () => {
    const expected: Partial<Record<Caller, { roles: string[]; editorType: number | null }>> = {
      researcher: { roles: ['researcher'], editorType: null },
      reviewer: { roles: ['reviewer'], editorType: null },
      handlingEditor: { roles: ['handlingEditor'], editorType: null },
      secretary: { roles: ['editor'], editorType: 1 },
      platformAdmin: { roles: [], editorType: null },
      otherJournal: { roles: [], editorType: null },
    };
    for (const [caller, roles] of Object.entries(expected)) {
      const me = (await clients.get(caller as Caller)!.get('/api/journals/general/me')).body.user;
      expect({ caller, ...roles }).toEqual({ caller, roles: me.roles, editorType: me.editorType });
    }
    expect((await clients.get('platformAdmin')!.get('/api/journals/general/me')).body.user.isPlatformAdmin).toBe(true);
    expect((await clients.get('otherJournal')!.get('/api/journals/ethics/me')).body.user.roles).toEqual(['researcher']);
  });

  it("a member of the other journal sees none of that journal's data through general's profile", async () => {
    const client = clients.get('otherJournal')!;
    const ethicsSpecs = (
      (await client.get('/api/journals/ethics/auth/register')).body.specializations as { id: number }[]
    ).map((s) => s.id);
    const inEthics = (await client.get('/api/journals/ethics/profile')).body;
    expect(inEthics.specializations.length).toBeGreaterThan(0);
    const inGeneral = await client.get('/api/journals/general/profile');
    expect(inGeneral.status).toBe(200);
    expect(inGeneral.body.email).toBe('researcher@ethics.test');
    expect(inGeneral.body.specializations.filter((id: number) => ethicsSpecs.includes(id))).toEqual([]);
    const generalSpecs = (
      (await client.get('/api/journals/general/auth/register')).body.specializations as { id: number }[]
    ).map((s) => s.id);
    expect(generalSpecs.filter((id) => ethicsSpecs.includes(id))).toEqual([]);
  });

  it('an unknown journal answers 404 to every caller, signed in or not', async () => {
    for (const caller of ALL_CALLERS) {
      const answer = await clients.get(caller)!.get('/api/journals/no-such-journal/me');
      expect({ caller, status: answer.status, messageKey: answer.body.messageKey }).toEqual({
        caller,
        status: 404,
        messageKey: 'errors.journalNotFound',
      });
    }
  });
});

// Every caller in SIGNED_IN is really signed in (otherwise the matrix proves nothing).
it('every non-guest caller of the matrix holds a session', async () => {
  for (const caller of SIGNED_IN) {
    expect({
      caller,
      signedIn: Boolean((await clients.get(caller)!.get('/api/journals/general/me')).body.user),
    }).toEqual({ caller, signedIn: true });
  }
});

describe("someone else's paper (DESIGN §3)", () => {
  it('another researcher, a reviewer and a member of the other journal can neither see nor change it', async () => {
    const stranger = await createActiveUser(app, { specializations: [generalSpecialization] });
    const strangerClient = app.client();
    await strangerClient.login(stranger.email, stranger.password);
    const outsiders = [strangerClient, clients.get('reviewer')!, clients.get('otherJournal')!];
    for (const client of outsiders) {
      for (const id of [paper.draft, paper.submitted]) {
        const answers = [
          await client.get(`${papersUrl}/${id}`),
          await client.get(`${papersUrl}/${id}/files/${paper.fileId}`),
          await client.get(`${papersUrl}/${id}/history`),
          await client.put(`${papersUrl}/${id}`, { title_of_the_work: 'Taken over' }),
          await client.request('DELETE', `${papersUrl}/${id}`),
          await client.request('DELETE', `${papersUrl}/${id}/files/${paper.fileId}`),
          await upload(client, `${papersUrl}/${id}/files/proposalFile`, 'f', 'x.pdf', PDF),
          await client.post(`${papersUrl}/${id}/submit`, { acceptTerms: true }),
          await client.post(`${papersUrl}/${id}/mail-staff`, { message: 'Hello' }),
        ];
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
      }
      const mine = (await client.get(`${papersUrl}/mine`)).body;
      expect(mine.items.map((item: { id: number }) => item.id)).not.toContain(paper.submitted);
      expect((await client.get(`${papersUrl}/drafts`)).body.items).toEqual([]);
    }
    // The paper of general is not reachable through the other journal either, even by its creator.
    expect((await clients.get('researcher')!.get(`/api/journals/ethics/papers/${paper.submitted}`)).status).toBe(404);
    const owner = clients.get('researcher')!;
    expect((await owner.get(`${papersUrl}/${paper.draft}`)).body.title_of_the_work).not.toBe('Taken over');
    expect((await owner.get(`${papersUrl}/${paper.submitted}`)).body.files).toHaveLength(4);
  });
});
