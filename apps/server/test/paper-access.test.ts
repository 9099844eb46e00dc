import { EDITORIAL_CARDS } from '@journals/core/editorial';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  journalRoles,
  journals,
  paperAuthors,
  papers,
  roleSpecializations,
  specializations,
  users,
} from '../src/db/schema';
import {
  type Caller,
  CALLERS,
  type Context,
  type Entry,
  type Fixture,
  MATRIX,
  MATRIX_ENV,
  setUpMatrix,
} from './authorization-matrix';
import { buildTestApp, createActiveUser, type TestApp, type TestClient } from './harness';

/**
 * Access to a paper is decided per paper (issue 19 §1, core paperRelation): whatever roles a person holds, they
 * never run the review of a paper they created or co-author. The matrix's routes, called by people who hold such
 * role pairs, on the matrix's own papers (all of researcher@general.test):
 * - the creator, who is also a handling editor of the paper's field and of another;
 * - a co-author by e-mail, handling editor of the same fields;
 * - a reviewer who co-authors the papers.
 */

let app: TestApp;
let fixture: Fixture;
const clients: Record<'creatorEditor' | 'coAuthorEditor' | 'reviewerAuthor' | 'handler' | 'guest', TestClient> =
  {} as never;
/** Every paper of researcher@general.test once the fixture is complete. */
let ownPapers: number[];
const G = '/api/journals/general';

async function grant(userId: number, role: 'researcher' | 'handlingEditor' | 'reviewer', fields: number[]) {
  const { db } = app.deps;
  const [general] = await db.select().from(journals).where(eq(journals.slug, 'general'));
  await db.insert(journalRoles).values({ userId, journalId: general!.id, role }).onConflictDoNothing();
  if (role !== 'researcher' && fields.length)
    await db
      .insert(roleSpecializations)
      .values(fields.map((specializationId) => ({ userId, role, specializationId })))
      .onConflictDoNothing();
}

beforeAll(async () => {
  app = await buildTestApp(MATRIX_ENV);
  const { db } = app.deps;
  clients.guest = app.client();
  const researcher = app.client();
  await researcher.login(CALLERS.researcher);
  fixture = await setUpMatrix(app, clients.guest, researcher);
  await fixture.review();
  await fixture.payable();
  const [general] = await db.select().from(journals).where(eq(journals.slug, 'general'));
  const fields = (await db.select().from(specializations).where(eq(specializations.journalId, general!.id))).map(
    (row) => row.id,
  );
  expect(fields.length).toBeGreaterThan(1);

  // The creator gains the handling editor's role for every field of the journal (the paper's and others).
  const [creator] = await db.select().from(users).where(eq(users.email, CALLERS.researcher));
  await grant(creator!.id, 'handlingEditor', fields);
  const coAuthor = await createActiveUser(app, { specializations: [fields[0]] });
  await grant(coAuthor.userId, 'handlingEditor', fields);
  const reviewerAuthor = await createActiveUser(app, { specializations: [fields[0]] });
  await grant(reviewerAuthor.userId, 'reviewer', fields);

  ownPapers = (await db.select({ id: papers.id }).from(papers).where(eq(papers.creatorId, creator!.id))).map(
    (row) => row.id,
  );
  // Both are authors of every paper of the creator, by e-mail (written as the author typed it, in capitals).
  await db.insert(paperAuthors).values(
    ownPapers.flatMap((paperId) =>
      [coAuthor.email, reviewerAuthor.email].map((email, n) => ({
        paperId,
        position: 50 + n,
        fullName: `Co-author ${n}`,
        email: email.toUpperCase(),
        phone: '',
        workPlace: '',
      })),
    ),
  );
  for (const [name, email, password] of [
    ['creatorEditor', CALLERS.researcher, undefined],
    ['coAuthorEditor', coAuthor.email, coAuthor.password],
    ['reviewerAuthor', reviewerAuthor.email, reviewerAuthor.password],
    ['handler', CALLERS.handlingEditor, undefined],
  ] as const) {
    clients[name] = app.client();
    await clients[name].login(email, password);
  }
});
afterAll(() => app.close());

const isList = (allow: Entry['allow'], caller: Caller) => Array.isArray(allow) && allow.includes(caller);
/** The routes that run a paper's review: for those who run reviews, not for its creator. */
const RUNNING = MATRIX.filter(
  (entry) =>
    isList(entry.allow, 'handlingEditor') &&
    !isList(entry.allow, 'researcher') &&
    /:id|:invitationId/.test(entry.route),
);
/** The routes about one paper that its creator may call. */
const OWN = MATRIX.filter((entry) => isList(entry.allow, 'researcher') && /\/papers\/:id/.test(entry.route));

async function call(entry: Entry, client: TestClient) {
  const context: Context = { ...fixture, caller: 'handlingEditor', client };
  const sample = await entry.request(context);
  const answer = await client.request(entry.route.split(' ')[0]!, sample.url, sample.body, sample.headers);
  return { status: answer.status, code: answer.body?.code, body: answer.body };
}

describe('a paper is never run by its own authors, whatever their roles (issue 19 §1)', () => {
  it('covers the review routes of the matrix', () => {
    expect(RUNNING.map((entry) => entry.route)).toEqual(
      expect.arrayContaining([
        'GET /api/journals/:slug/papers/:id/reviewers',
        'GET /api/journals/:slug/papers/:id/reviews/:invitationId',
        'GET /api/journals/:slug/papers/:id/logs',
        'POST /api/journals/:slug/papers/:id/decision',
        'POST /api/journals/:slug/papers/:id/reviewers',
      ]),
    );
  });

  it.each(RUNNING.map((entry) => [entry.route, entry] as const))('%s: refused to its authors', async (_, entry) => {
    const outcomes = {
      creatorEditor: await call(entry, clients.creatorEditor),
      coAuthorEditor: await call(entry, clients.coAuthorEditor),
      reviewerAuthor: await call(entry, clients.reviewerAuthor),
    };
    // The creator knows the paper exists (403); a co-author who may not read it does not learn more (404).
    expect(
      Object.fromEntries(Object.entries(outcomes).map(([caller, { status, code }]) => [caller, { status, code }])),
    ).toEqual({
      creatorEditor: expect.objectContaining({ status: expect.toBeOneOf([403, 404]) }),
      coAuthorEditor: { status: 404, code: 'notFound' },
      reviewerAuthor: expect.objectContaining({ status: expect.toBeOneOf([403, 404]) }),
    });
    // The control: the journal's handling editor of that field runs it.
    const control = await call(entry, clients.handler);
    expect([401, 403, 404]).not.toContain(control.status);
  });

  it.each(OWN.map((entry) => [entry.route, entry] as const))(
    '%s: no more to a co-author than to a stranger',
    async (_, entry) => {
      for (const client of [clients.coAuthorEditor, clients.reviewerAuthor])
        expect((await call(entry, client)).status).toBe(404);
    },
  );

  it("gives the creator who is an editor only the author's view of their paper", async () => {
    const { paperId } = await fixture.review();
    const client = clients.creatorEditor;
    const page = await client.get(`${G}/papers/${paperId}`);
    expect(page.status).toBe(200);
    expect(page.body.managedByYou).toBe(false);
    const history = await client.get(`${G}/papers/${paperId}/history`);
    expect(JSON.stringify(history.body)).not.toMatch(/fullName|Sara|reviewer@/);
    const comments = await client.get(`${G}/papers/${paperId}/reviewer-comments`);
    // Not decided yet: nothing of the reviews reaches the author.
    expect(comments.body).toEqual({ decided: false, items: [] });
    expect((await client.get(`${G}/papers/${paperId}/reviewers`)).status).toBe(404);
    // The handling editor of the field, who did not write it, runs it.
    const managed = await clients.handler.get(`${G}/papers/${paperId}`);
    expect(managed.body.managedByYou).toBe(true);
    expect((await clients.handler.get(`${G}/papers/${paperId}/reviewers`)).body.items[0].email).toBe(
      'reviewer@general.test',
    );
  });

  it("leaves the caller's own papers out of the desk's cards, lists, reports and logs", async () => {
    const seen = async (client: TestClient) => {
      const ids = new Set<number>();
      for (const card of EDITORIAL_CARDS) {
        const page = await client.get(`${G}/editorial/cards/${card}?page=1`);
        expect(page.status).toBe(200);
        for (const item of page.body.items) ids.add(item.id);
        const report = await client.get(`${G}/editorial/cards/${card}/report`);
        for (const row of report.body.rows) ids.add(row.id);
      }
      for (const item of (await client.get(`${G}/editorial`)).body.lastUpdated ?? []) ids.add(item.id);
      const logs = await client.get(`${G}/paper-logs?page=1`);
      expect(logs.status).toBe(200);
      for (const entry of logs.body.items) ids.add(entry.paper.id);
      return [...ids].filter((id) => ownPapers.includes(id));
    };
    expect(await seen(clients.creatorEditor)).toEqual([]);
    expect(await seen(clients.coAuthorEditor)).toEqual([]);
    // The control: the handling editor of the field sees them.
    expect((await seen(clients.handler)).length).toBeGreaterThan(0);
    // The cards count what the lists hold.
    const counts = (await clients.coAuthorEditor.get(`${G}/editorial`)).body.counts;
    const listed = (await clients.coAuthorEditor.get(`${G}/editorial/cards/inPeerReview?page=1`)).body.total;
    expect(counts.inPeerReview).toBe(listed);
  });

  it('refuses to invite an author of the paper as its reviewer, confirmation or not', async () => {
    const { paperId } = await fixture.review();
    const { db } = app.deps;
    const email = (await clients.coAuthorEditor.get(`${G}/me`)).body.user.email as string;
    const [coAuthor] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const field = (await db.select().from(papers).where(eq(papers.id, paperId)))[0]!.specializationId!;
    await grant(coAuthor!.id, 'reviewer', [field]);
    const editor = app.client();
    await editor.login(CALLERS.editor);
    for (const body of [
      { reviewerId: coAuthor!.id },
      { newReviewer: { fullName: 'Someone', email: email.toUpperCase() } },
    ]) {
      const invite = await editor.post(`${G}/papers/${paperId}/reviewers`, {
        specializationId: field,
        deadline: '2099-01-01',
        confirmConflict: true,
        ...body,
      });
      expect({ status: invite.status, messageKey: invite.body.messageKey, errors: invite.body.errors }).toEqual({
        status: 409,
        messageKey: 'errors.reviewerIsAuthor',
        errors: { [body.reviewerId ? 'ReviewerId' : 'NewReviewer.email']: ['validation.conflict_author'] },
      });
    }
  });
});
