import { REVIEW_STATUS } from '@journals/core/reviewing';
import { translate } from '@journals/core/i18n/index';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paperLogs, reviewInvitations } from '../src/db/schema';
import type { Answer } from './harness';
import { app, editor, G, invite, researcher, reviewerId, signedIn, useReviewingApp } from './reviewing-setup';

/**
 * A reviewer accepting while an editor removes the same invitation (issue 44 §5, decision 0073): both paths lock the
 * paper first, then the invitation, so on PostgreSQL one waits for the other instead of the database ending one of
 * them in a deadlock (a 500). PGlite runs one transaction at a time, so there this checks only the answers and the
 * state; the deadlock itself can only appear on PostgreSQL (TEST_DATABASE_URL).
 */

useReviewingApp();

const ROUNDS = 30;

/** An answer the client can act on: success, or a refusal that says in words what happened. */
function expectClear(answer: Answer, success: number) {
  if (answer.status === success) return;
  expect(answer.status, JSON.stringify(answer.body)).toBeOneOf([404, 409]);
  expect(answer.body.message).toBe(translate('en', answer.body.messageKey));
}

const logOf = async (paperId: number) =>
  (
    await app.deps.db
      .select({ action: paperLogs.action })
      .from(paperLogs)
      .where(and(eq(paperLogs.paperId, paperId), inArray(paperLogs.action, ['invitationAccepted', 'reviewerRemoved'])))
      .orderBy(asc(paperLogs.id))
  ).map((line) => line.action);

describe('a reviewer accepting while the editor removes them', () => {
  it(`never answers 500 and leaves one consistent state, ${ROUNDS} rounds in both orders`, async () => {
    const { paper } = await researcher();
    const reviewer = await signedIn('reviewer@general.test');
    const outcomes = { accepted: 0, withdrawnFirst: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const linesBefore = (await logOf(paper.id)).length;
      const invited = await invite(paper.id, { reviewerId });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const id = invited.body.id as number;
      const acceptIt = () => reviewer.post(`${G}/reviewing/${id}/accept`);
      const removeIt = () => editor.request('DELETE', `${G}/papers/${paper.id}/reviewers/${id}`);
      const [accepted, removed] =
        round % 2 === 0
          ? await Promise.all([acceptIt(), removeIt()])
          : await Promise.all([removeIt(), acceptIt()]).then(([r, a]) => [a, r] as const);
      expectClear(accepted, 200);
      // Removing is allowed from invited and accepted alike: whichever came first, the removal succeeds.
      expect(removed.status, JSON.stringify(removed.body)).toBe(204);

      const [row] = await app.deps.db.select().from(reviewInvitations).where(eq(reviewInvitations.id, id));
      expect(row!.removedAt).not.toBeNull();
      // This round's lines of the two acts.
      const logged = (await logOf(paper.id)).slice(linesBefore);
      if (accepted.status === 200) {
        // Accepted first, then removed: the row says accepted, the log says both, in that order.
        outcomes.accepted += 1;
        expect(row!.status).toBe(REVIEW_STATUS.accepted);
        expect(logged).toEqual(['invitationAccepted', 'reviewerRemoved']);
      } else {
        // Removed first: the answer never happened.
        outcomes.withdrawnFirst += 1;
        expect(row!.status).toBe(REVIEW_STATUS.invited);
        expect(row!.answeredAt).toBeNull();
        expect(logged).toEqual(['reviewerRemoved']);
      }
    }
    expect(outcomes.accepted + outcomes.withdrawnFirst).toBe(ROUNDS);
  }, 240_000);
});

describe('the late reviewers reminded while the editor removes one of them', () => {
  it(`never answers 500: the reminder and the removal take the paper first, ${ROUNDS} rounds`, async () => {
    const { paper } = await researcher();
    const reviewer = await signedIn('reviewer@general.test');
    for (let round = 0; round < ROUNDS; round += 1) {
      const invited = await invite(paper.id, { reviewerId });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const id = invited.body.id as number;
      expect((await reviewer.post(`${G}/reviewing/${id}/accept`)).status).toBe(200);
      // Late: the deadline passed yesterday.
      await app.deps.db
        .update(reviewInvitations)
        .set({ deadline: sql`current_date - 1` })
        .where(eq(reviewInvitations.id, id));
      const remindIt = () => editor.post(`${G}/reviewing/reminders`);
      const removeIt = () => editor.request('DELETE', `${G}/papers/${paper.id}/reviewers/${id}`);
      const [reminded, removed] =
        round % 2 === 0
          ? await Promise.all([remindIt(), removeIt()])
          : await Promise.all([removeIt(), remindIt()]).then(([r, a]) => [a, r] as const);
      expect(reminded.status, JSON.stringify(reminded.body)).toBe(200);
      expect(removed.status, JSON.stringify(removed.body)).toBe(204);
      const [row] = await app.deps.db.select().from(reviewInvitations).where(eq(reviewInvitations.id, id));
      expect(row!.removedAt).not.toBeNull();
    }
  }, 240_000);
});
