import { addDays, isoDay, REVIEW_STATUS } from '@journals/core/reviewing';
import { isActiveInvitation, isOpenInvitation } from '@journals/core/rules/reviewing';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalDecisions, papers, reviewInvitations, users } from '../src/db/schema';
import { buildTestApp, createActiveUser, type TestApp, type TestClient } from './harness';
import { multipart, multipartForm, paperBody, PDF, specializationOf, submittedPaper } from './papers';

/**
 * A property of the review loop (issue 9 §7, DESIGN §4): random sequences of invite, accept, refuse, remove,
 * review, decide, refuse directly and resubmit never leave a paper or an invitation in a state the workflow does
 * not allow, and never answer a 5xx. Each run starts from a new submitted paper; actions that the state does not
 * allow are sent anyway and must be refused (4xx) without changing anything they should not.
 */

let app: TestApp;
let spec: number;
let editor: TestClient;
const reviewers: { id: number; client: TestClient }[] = [];
const G = '/api/journals/general';
const today = () => isoDay(new Date());

type Action =
  | { kind: 'invite'; reviewer: number }
  | { kind: 'accept' | 'refuse' | 'remove' | 'review'; reviewer: number }
  | { kind: 'decide'; decision: 1 | 2 | 3 }
  | { kind: 'refuseDirectly' }
  | { kind: 'resubmit' };

const reviewerIndex = fc.integer({ min: 0, max: 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: reviewerIndex.map((reviewer) => ({ kind: 'invite' as const, reviewer })) },
  {
    weight: 8,
    arbitrary: fc
      .record({ kind: fc.constantFrom('accept', 'refuse', 'remove', 'review'), reviewer: reviewerIndex })
      .map((a) => a as Action),
  },
  { weight: 2, arbitrary: fc.constantFrom(1, 2, 3).map((decision) => ({ kind: 'decide' as const, decision })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'refuseDirectly' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'resubmit' as const }) },
);

/** The current invitation of a reviewer on a paper (not removed), if any. */
async function invitationOf(paperId: number, reviewerId: number) {
  const rows = await app.deps.db.select().from(reviewInvitations).where(eq(reviewInvitations.paperId, paperId));
  return rows.find((row) => row.reviewerId === reviewerId && row.removedAt === null);
}

async function perform(step: Action, paperId: number, author: TestClient): Promise<{ status: number; next?: number }> {
  const url = `${G}/papers/${paperId}`;
  if (step.kind === 'invite') {
    const answer = await editor.post(`${url}/reviewers`, {
      specializationId: spec,
      reviewerId: reviewers[step.reviewer]!.id,
      deadline: addDays(today(), 10),
    });
    return { status: answer.status };
  }
  if (step.kind === 'decide') {
    const form = multipartForm({
      decision: JSON.stringify({
        decision: step.decision,
        comments: 'Decided.',
        revisionDeadline: addDays(today(), 20),
      }),
    });
    return { status: (await editor.request('POST', `${url}/decision`, form.payload, form.headers)).status };
  }
  if (step.kind === 'refuseDirectly')
    return { status: (await editor.post(`${url}/refuse`, { outOfScope: true })).status };
  if (step.kind === 'resubmit') {
    const files = multipart([
      ['proposalFile', 'p.pdf', PDF],
      ['departmentApprovalDocuments', 'd.pdf', PDF],
      ['paymentReceipt', 'r.pdf', PDF],
    ]);
    const answer = await author.request('POST', `${url}/resubmit`, files.payload, files.headers);
    return { status: answer.status, next: answer.status === 201 ? (answer.body.id as number) : undefined };
  }
  const reviewer = reviewers[step.reviewer]!;
  const invitation = await invitationOf(paperId, reviewer.id);
  // No invitation: the reviewer tries the paper's latest one anyway (a stale id), which must be refused.
  const invitationId = invitation?.id ?? 2_000_000_000;
  const mine = `${G}/reviewing/${invitationId}`;
  if (step.kind === 'accept') return { status: (await reviewer.client.post(`${mine}/accept`)).status };
  if (step.kind === 'refuse')
    return { status: (await reviewer.client.post(`${mine}/refuse`, { category: 'other', reason: 'No.' })).status };
  if (step.kind === 'remove')
    return { status: (await editor.request('DELETE', `${url}/reviewers/${invitationId}`)).status };
  const sheet = await reviewer.client.get(`${mine}/sheet`);
  const questions = (sheet.body.questions ?? []) as { id: number; type: number }[];
  const form = multipartForm({
    review: JSON.stringify({
      answers: Object.fromEntries(questions.map((question) => [question.id, question.type === 1 ? 'true' : '2'])),
      commentForAuthor: 'Reviewed.',
      commentForEditor: '',
      recommendation: 6,
    }),
  });
  return { status: (await reviewer.client.request('POST', `${mine}/review`, form.payload, form.headers)).status };
}

/** Every state of DESIGN §4 the versions of a paper and their invitations may be in. */
async function checkInvariants(paperIds: number[]) {
  const versions = await app.deps.db.select().from(papers).where(inArray(papers.id, paperIds));
  const invitations = await app.deps.db
    .select()
    .from(reviewInvitations)
    .where(inArray(reviewInvitations.paperId, paperIds));
  const decisions = await app.deps.db.select().from(finalDecisions).where(inArray(finalDecisions.paperId, paperIds));
  expect(versions.filter((version) => !version.superseded)).toHaveLength(1);
  for (const version of versions) {
    const own = invitations.filter((invitation) => invitation.paperId === version.id);
    const state = own.map((invitation) => ({ status: invitation.status, removed: invitation.removedAt !== null }));
    const active = state.filter(isActiveInvitation);
    const allReviewed = active.length > 0 && active.every((invitation) => invitation.status === REVIEW_STATUS.reviewed);
    const decided = decisions.some((decision) => decision.paperId === version.id);
    const where = `paper ${version.id} at ${version.status}, invitations ${JSON.stringify(state)}`;
    expect([1, 2, 3, 4, 5, 6], where).toContain(version.status);
    if (version.superseded) expect(version.status, where).toBe(5);
    if (version.status === 1)
      expect(
        state.filter((invitation) => !invitation.removed),
        where,
      ).toEqual([]);
    if (version.status === 2) expect({ where, allReviewed }).toEqual({ where, allReviewed: false });
    if (version.status === 3) expect({ where, allReviewed }).toEqual({ where, allReviewed: true });
    if (version.status === 2 || version.status === 3) expect(own.length, where).toBeGreaterThan(0);
    expect({ where, decided }).toEqual({ where, decided: version.status >= 4 });
    if (version.status >= 4) expect(state.filter(isOpenInvitation), where).toEqual([]);
    if (version.status === 5 && !version.superseded) expect(version.revisionDeadline, where).not.toBeNull();
    for (const invitation of own) {
      expect([1, 2, 3, 4], where).toContain(invitation.status);
      if (invitation.status === REVIEW_STATUS.reviewed) {
        expect(invitation.removedAt, where).toBeNull();
        expect(invitation.reviewedAt, where).not.toBeNull();
      }
      if (invitation.status === REVIEW_STATUS.refused) expect(invitation.refusalReason, where).not.toBe('');
    }
    // A reviewer is on a version at most once, removed invitations aside.
    const current = own
      .filter((invitation) => invitation.removedAt === null)
      .map((invitation) => invitation.reviewerId);
    expect(new Set(current).size, where).toBe(current.length);
  }
}

beforeAll(async () => {
  app = await buildTestApp();
  spec = await specializationOf(app.client(), 'general');
  editor = app.client();
  await editor.login('editor@general.test');
  for (const email of ['reviewer@general.test', 'reviewer2@general.test']) {
    const client = app.client();
    await client.login(email);
    const [row] = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    reviewers.push({ id: row!.id, client });
  }
});
afterAll(() => app.close());

describe('the review workflow', () => {
  it('keeps every paper and invitation in a state DESIGN §4 allows, whatever the sequence', async () => {
    const user = await createActiveUser(app, { specializations: [spec] });
    const author = app.client();
    await author.login(user.email, user.password);
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), async (steps) => {
        const { id } = await submittedPaper(author, 'general', paperBody(spec));
        const versions = [id];
        for (const step of steps) {
          const current = versions.at(-1)!;
          const { status, next } = await perform(step, current, author);
          expect(status, `${JSON.stringify(step)} answered ${status}`).toBeLessThan(500);
          if (next) versions.push(next);
          await checkInvariants(versions);
        }
      }),
      { numRuns: 25, seed: 9, endOnFailure: true },
    );
  }, 240_000);
});
