import { translate } from '@journals/core/i18n/index';
import { addDays, isoDay, REVIEW_LIMITS } from '@journals/core/reviewing';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, mailOutbox, paperLogs, reviewInvitations, users } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { paperBody, specializationOf, submittedPaper } from './papers';

/**
 * A reviewer's own extension of a deadline (issue 19 §5, decision 0029): a later day within the journal's bound past
 * the current deadline, a number of times, then only with the editor; one mail to each editor per extension,
 * however often and however fast the button is pressed.
 */

let app: TestApp;
let spec: number;
let editor: TestClient;
let sara: TestClient;
let saraId: number;
const G = '/api/journals/general';
const today = () => isoDay(new Date());

/** A new paper whose reviewer Sara has accepted, with the default deadline two weeks ahead. */
async function acceptedInvitation() {
  const user = await createActiveUser(app, { specializations: [spec] });
  const author = app.client();
  await author.login(user.email, user.password);
  const paper = await submittedPaper(author, 'general', paperBody(spec));
  const deadline = addDays(today(), 14);
  const invited = await editor.post(`${G}/papers/${paper.id}/reviewers`, {
    specializationId: spec,
    reviewerId: saraId,
    deadline,
  });
  expect(invited.status).toBe(201);
  const invitationId = invited.body.id as number;
  expect((await sara.post(`${G}/reviewing/${invitationId}/accept`)).status).toBe(200);
  const extend = (day: string) => sara.post(`${G}/reviewing/${invitationId}/deadline`, { deadline: day });
  return { paper, invitationId, deadline, extend };
}

const invitationRow = async (id: number) =>
  (await app.deps.db.select().from(reviewInvitations).where(eq(reviewInvitations.id, id)))[0]!;

const mark = async () =>
  (await app.deps.db.select({ id: sql<number>`coalesce(max(${mailOutbox.id}), 0)::int` }).from(mailOutbox))[0]!.id;

/** How many "deadline changed" mails each address received about a paper since `since`. */
async function deadlineMails(code: string, since: number) {
  const rows = await app.deps.db
    .select({ to: mailOutbox.toAddress, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(gt(mailOutbox.id, since), eq(mailOutbox.kind, 'deadlineChanged')))
    .orderBy(asc(mailOutbox.id));
  const perAddress: Record<string, number> = {};
  for (const row of rows.filter((mail) => mail.text.includes(code))) perAddress[row.to] = (perAddress[row.to] ?? 0) + 1;
  return perAddress;
}

async function setJournalBounds(bounds: { extensionMaxDays?: number; extensionMaxCount?: number }) {
  await app.deps.db.update(journals).set(bounds).where(eq(journals.slug, 'general'));
}
const DEFAULT_BOUNDS = {
  extensionMaxDays: REVIEW_LIMITS.extensionMaxDays,
  extensionMaxCount: REVIEW_LIMITS.extensionMaxCount,
};

beforeAll(async () => {
  app = await buildTestApp();
  spec = await specializationOf(app.client(), 'general');
  editor = await app.signedIn('editor@general.test');
  sara = await app.signedIn('reviewer@general.test');
  saraId = (await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'reviewer@general.test')))[0]!
    .id;
});
afterAll(() => app.close());

describe("a reviewer's own extension", () => {
  it("refuses a day further than the journal's bound past the current deadline, and 9999-12-31", async () => {
    const { invitationId, deadline, extend } = await acceptedInvitation();
    for (const day of [addDays(deadline, REVIEW_LIMITS.extensionMaxDays + 1), '9999-12-31'])
      expectError(await extend(day), 400, 'validation', 'errors.validation', {
        Deadline: ['validation.extension_too_late'],
      });
    expect(await invitationRow(invitationId)).toMatchObject({ deadline, extensionCount: 0, deadlineChanged: false });
    // The last day within the bound is taken; the bound is counted from the deadline as it is now.
    const moved = addDays(deadline, REVIEW_LIMITS.extensionMaxDays);
    expect((await extend(moved)).status).toBe(200);
    expect(await invitationRow(invitationId)).toMatchObject({
      deadline: moved,
      oldDeadline: deadline,
      extensionCount: 1,
    });

    // A journal that allows a week: the eighth day past the new deadline is refused, the seventh taken.
    await setJournalBounds({ extensionMaxDays: 7 });
    try {
      expectError(await extend(addDays(moved, 8)), 400, 'validation', 'errors.validation', {
        Deadline: ['validation.extension_too_late'],
      });
      expect((await extend(addDays(moved, 7))).status).toBe(200);
    } finally {
      await setJournalBounds(DEFAULT_BOUNDS);
    }
  });

  it('refuses the current deadline itself, with its own message', async () => {
    const { invitationId, deadline, extend } = await acceptedInvitation();
    expectError(await extend(deadline), 400, 'validation', 'errors.validation', {
      Deadline: ['validation.extension_same_date'],
    });
    expect(await invitationRow(invitationId)).toMatchObject({ deadline, extensionCount: 0 });
  });

  it("allows the journal's number of extensions, then sends the reviewer to the editor, whose change does not count", async () => {
    const { invitationId, paper, deadline, extend } = await acceptedInvitation();
    expect((await extend(addDays(deadline, 3))).status).toBe(200);
    expect((await extend(addDays(deadline, 6))).status).toBe(200);
    const third = await extend(addDays(deadline, 9));
    expectError(third, 400, 'validation', 'errors.validation', { Deadline: ['validation.extension_needs_editor'] });
    // The reviewer reads why, in either language, as a sentence (not a key).
    for (const language of ['en', 'ar'] as const)
      expect(translate(language, 'validation.extension_needs_editor')).toMatch(/\s/);
    expect(await invitationRow(invitationId)).toMatchObject({ deadline: addDays(deadline, 6), extensionCount: 2 });
    // The reviewer's pages say so before any press: what is used and allowed comes with the invitation.
    const page = await sara.get(`${G}/reviewing/papers/${paper.id}`);
    expect(page.body.invitation.extensions).toEqual({
      used: 2,
      maxCount: REVIEW_LIMITS.extensionMaxCount,
      maxDays: REVIEW_LIMITS.extensionMaxDays,
    });
    const listed = await sara.get(`${G}/reviewing?status=inPeerReview`);
    expect(listed.body.items.find((row: { id: number }) => row.id === invitationId).extensions.used).toBe(2);

    // The editor may still move it, as far as they like, and that is not one of the reviewer's extensions.
    const later = addDays(deadline, 90);
    expect(
      (await editor.put(`${G}/papers/${paper.id}/reviewers/${invitationId}/deadline`, { deadline: later })).status,
    ).toBe(200);
    expect(await invitationRow(invitationId)).toMatchObject({ deadline: later, extensionCount: 2 });
    expectError(await extend(addDays(later, 1)), 400, 'validation', 'errors.validation', {
      Deadline: ['validation.extension_needs_editor'],
    });
  });

  it('moves the deadline once and mails each editor once when the same request is pressed three times at once', async () => {
    const { invitationId, paper, deadline, extend } = await acceptedInvitation();
    const since = await mark();
    const wanted = addDays(deadline, 7);
    const answers = await Promise.all([extend(wanted), extend(wanted), extend(wanted)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const answer of answers.filter((one) => one.status === 400))
      expect(answer.body.errors).toEqual({ Deadline: ['validation.extension_same_date'] });
    expect(await invitationRow(invitationId)).toMatchObject({
      deadline: wanted,
      oldDeadline: deadline,
      extensionCount: 1,
    });
    const mails = await deadlineMails(paper.code, since);
    expect(mails['editor@general.test']).toBe(1);
    expect(Object.values(mails).every((count) => count === 1)).toBe(true);
    const logs = await app.deps.db
      .select()
      .from(paperLogs)
      .where(and(eq(paperLogs.paperId, paper.id), eq(paperLogs.action, 'deadlineChanged')));
    expect(logs).toHaveLength(1);
  });

  it('counts extensions pressed at the same moment: a journal allowing one gets one change and one mail each', async () => {
    const { invitationId, paper, deadline, extend } = await acceptedInvitation();
    await setJournalBounds({ extensionMaxCount: 1 });
    try {
      const since = await mark();
      const answers = await Promise.all([1, 2, 3].map((days) => extend(addDays(deadline, days))));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.status !== 200))
        expectError(answer, 400, 'validation', 'errors.validation', {
          Deadline: ['validation.extension_needs_editor'],
        });
      expect(await invitationRow(invitationId)).toMatchObject({ oldDeadline: deadline, extensionCount: 1 });
      const mails = await deadlineMails(paper.code, since);
      expect(mails['editor@general.test']).toBe(1);
      expect(Object.values(mails).every((count) => count === 1)).toBe(true);
    } finally {
      await setJournalBounds(DEFAULT_BOUNDS);
    }
  });
});
