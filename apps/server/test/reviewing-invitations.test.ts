import { addDays } from '@journals/core/reviewing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  journalPaymentSettings,
  journalRoles,
  journals,
  paperLogs,
  papers,
  roleSpecializations,
  users,
} from '../src/db/schema';
import { expectError } from './harness';
import { multipartForm, specializationOf } from './papers';
import {
  app,
  editor,
  G,
  invitationLinks,
  invite,
  lastMail,
  paperStatus,
  researcher,
  reviewer2Id,
  reviewerId,
  signedIn,
  spec,
  today,
  useReviewingApp,
  userId,
} from './reviewing-setup';

/**
 * The review loop through the API (issue 9 §1, §3; issue 19 §4; DESIGN §4): editors invite reviewers, by account or
 * by e-mail, and change their invitations.
 */

useReviewingApp();

describe('inviting reviewers', () => {
  it('lists the candidates of a specialization with their load, marks suggestions and flags conflicts', async () => {
    const { paper } = await researcher({
      authors: [
        {
          fullName: 'Karim Nabil',
          email: 'karim@example.org',
          phone: '+201012345678',
          workPlace: 'Mansoura University, Faculty of Medicine',
          isMain: true,
        },
      ],
      // The author suggests Sara: the list marks her.
      reviewers: [
        { fullName: 'Sara Youssef', email: 'reviewer@general.test', phone: '+201000000009', workPlace: 'Alexandria' },
      ],
    });
    const answer = await editor.get(`${G}/papers/${paper.id}/reviewer-candidates?specializationId=${spec}`);
    expect(answer.status).toBe(200);
    const byId = new Map(answer.body.items.map((item: { id: number }) => [item.id, item]));
    expect(byId.get(reviewerId)).toMatchObject({
      fullName: 'Sara Youssef',
      conflict: null,
      suggested: true,
      // The demo's reviewed invitation: invited 18 days ago, reviewed 5 days ago; nothing open.
      openInvitations: 0,
      recentReviews: 1,
      medianDays: 13,
      addedBefore: false,
    });
    expect(byId.get(reviewer2Id)).toMatchObject({ openInvitations: 0, recentReviews: 0, medianDays: null });
    // Hany Farouk works where the author works: a conflict, listed after those without one.
    expect(byId.get(reviewer2Id)).toMatchObject({ conflict: 'workplace', suggested: false });
    const order = answer.body.items.map((item: { id: number }) => item.id);
    expect(order.indexOf(reviewerId)).toBeLessThan(order.indexOf(reviewer2Id));

    const refused = await invite(paper.id, { reviewerId: reviewer2Id });
    expectError(refused, 409, 'conflict', 'errors.conflictOfInterest', {
      ReviewerId: ['validation.conflict_workplace'],
    });
    expect(await paperStatus(paper.id)).toBe(1);
    const confirmed = await invite(paper.id, { reviewerId: reviewer2Id, confirmConflict: true });
    expect(confirmed.status).toBe(201);
  });

  it('moves the paper to under review with its log and mails the invitation with signed links', async () => {
    const { paper } = await researcher();
    const answer = await invite(paper.id, { reviewerId });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ paperStatus: 2, message: 'The reviewer has been invited.' });
    expect(await paperStatus(paper.id)).toBe(2);
    const logs = await app.deps.db.select().from(paperLogs).where(eq(paperLogs.paperId, paper.id));
    expect(logs.map((row) => row.action)).toContain('reviewerAdded');
    const { mail, accept, refuse } = await invitationLinks('reviewer@general.test');
    expect(mail).toMatchObject({ kind: 'reviewInvitation', replyTo: expect.stringContaining('@') });
    expect(mail!.subject).toContain('Structured education and recovery');
    expect(mail!.text).toContain(paper.code);
    expect(accept.origin).toBe('http://journals.test');
    expect(refuse.pathname).toBe('/general/reject');
    // The reviewer receives no author's identity, not even in the mail.
    expect(mail!.text).not.toContain('karim@example.org');
    expect(mail!.text).not.toContain('Karim Nabil');

    const again = await invite(paper.id, { reviewerId });
    expectError(again, 409, 'conflict', 'errors.reviewerAddedBefore', {
      ReviewerId: ['validation.reviewer_added_before'],
    });
  });

  it('refuses bad deadlines, people who are not reviewers here, and an unpaid paper', async () => {
    const { paper } = await researcher();
    expectError(
      await invite(paper.id, { reviewerId, deadline: addDays(today(), -1) }),
      400,
      'validation',
      'errors.validation',
      {
        Deadline: ['validation.date_before_today'],
      },
    );
    expectError(
      await invite(paper.id, { reviewerId, deadline: '2026-02-30' }),
      400,
      'validation',
      'errors.validation',
      {
        Deadline: ['validation.valid_date'],
      },
    );
    const researcherId = await userId('researcher@general.test');
    expectError(await invite(paper.id, { reviewerId: researcherId }), 400, 'validation', 'errors.validation', {
      ReviewerId: ['validation.reviewer_not_candidate'],
    });
    expectError(await invite(paper.id, {}), 400, 'validation', 'errors.validation', {
      ReviewerId: ['validation.reviewer_required'],
    });
    expect(await paperStatus(paper.id)).toBe(1);

    await app.deps.db.update(papers).set({ uploadPaid: false }).where(eq(papers.id, paper.id));
    const [settings] = await app.deps.db
      .select()
      .from(journalPaymentSettings)
      .where(eq(journalPaymentSettings.journalId, 1));
    await app.deps.db
      .update(journalPaymentSettings)
      .set({ atUpload: true, atUploadPrice: '100' })
      .where(eq(journalPaymentSettings.journalId, 1));
    try {
      expectError(await invite(paper.id, { reviewerId }), 409, 'conflict', 'errors.reviewWaitsForPayment');
    } finally {
      await app.deps.db
        .update(journalPaymentSettings)
        .set({ atUpload: settings?.atUpload ?? false, atUploadPrice: settings?.atUploadPrice ?? null })
        .where(eq(journalPaymentSettings.journalId, 1));
    }
  });

  it('invites someone without an account: an inactive external reviewer who sets a password on accepting', async () => {
    const { paper } = await researcher();
    const email = `new.reviewer.${Date.now()}@example.org`;
    const answer = await invite(paper.id, { newReviewer: { fullName: 'Laila Samir', email } });
    expect(answer.status).toBe(201);
    const [created] = await app.deps.db.select().from(users).where(eq(users.email, email));
    expect(created).toMatchObject({ fullName: 'Laila Samir', emailConfirmed: false });
    const guest = app.client();
    const failedLogin = await guest.post(`${G}/auth/login`, { email, password: 'Laila-pass-1' });
    expect(failedLogin.status).not.toBe(200);

    const { acceptParams } = await invitationLinks(email);
    const view = await guest.get(
      `${G}/invitation-links?${new URLSearchParams({ ...acceptParams, rId: String(acceptParams.rId), pId: String(acceptParams.pId) })}`,
    );
    expect(view.body).toMatchObject({ needsPassword: true, open: true, status: 1, reviewerName: 'Laila Samir' });
    expectError(
      await guest.post(`${G}/invitation-links/accept`, acceptParams),
      400,
      'validation',
      'errors.validation',
      {
        Password: ['validation.password_required'],
      },
    );
    const accepted = await guest.post(`${G}/invitation-links/accept`, { ...acceptParams, password: 'Laila-pass-1' });
    expect(accepted.status).toBe(200);
    const reviewerClient = app.client();
    await reviewerClient.login(email, 'Laila-pass-1');
    const dashboard = await reviewerClient.get(`${G}/reviewing?status=inPeerReview`);
    expect(dashboard.body.items.map((row: { paperId: number }) => row.paperId)).toEqual([paper.id]);
  });
});

describe('inviting someone by e-mail (issue 19 §4)', () => {
  it("names only this journal's fields: another journal's, or one that does not exist, is a 400", async () => {
    const { paper } = await researcher();
    const ethicsField = await specializationOf(app.client(), 'ethics');
    for (const specializationId of [ethicsField, 999_999]) {
      const email = `nour.${specializationId}@example.org`;
      const answer = await invite(paper.id, { specializationId, newReviewer: { fullName: 'Nour Adel', email } });
      expectError(answer, 400, 'validation', 'errors.validation', {
        SpecializationId: ['validation.unknown_specialization'],
      });
      expect(await app.deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
    expect(await paperStatus(paper.id)).toBe(1);
  });

  it("shows the editor the name they typed for someone else's account, and makes them a reviewer only on accepting", async () => {
    const { paper } = await researcher();
    // An account of the other journal: its owner's real name and workplace are not the editor's to learn.
    const email = 'researcher2@ethics.test';
    const [account] = await app.deps.db.select().from(users).where(eq(users.email, email));
    expect(account!.fullName).not.toBe('Dr. Typed Name');
    const answer = await invite(paper.id, { newReviewer: { fullName: 'Dr. Typed Name', email: email.toUpperCase() } });
    expect(answer.status).toBe(201);
    expect(JSON.stringify(answer.body)).not.toContain(account!.fullName);
    const listed = await editor.get(`${G}/papers/${paper.id}/reviewers`);
    expect(listed.body.items).toMatchObject([{ fullName: 'Dr. Typed Name', email, status: 1 }]);
    expect(JSON.stringify(listed.body)).not.toContain(account!.fullName);
    const history = await editor.get(`${G}/papers/${paper.id}/history`);
    expect(JSON.stringify(history.body)).not.toContain(account!.fullName);
    const rolesOf = () =>
      app.deps.db
        .select({ role: journalRoles.role, journalId: journalRoles.journalId })
        .from(journalRoles)
        .where(eq(journalRoles.userId, account!.id));
    const general = (await app.deps.db.select().from(journals).where(eq(journals.slug, 'general')))[0]!.id;
    expect((await rolesOf()).filter((row) => row.journalId === general)).toEqual([]);

    const { acceptParams } = await invitationLinks(email);
    expect((await app.client().post(`${G}/invitation-links/accept`, acceptParams)).status).toBe(200);
    expect((await rolesOf()).filter((row) => row.journalId === general)).toEqual([
      { role: 'reviewer', journalId: general },
    ]);
    const fields = await app.deps.db
      .select({ id: roleSpecializations.specializationId })
      .from(roleSpecializations)
      .where(and(eq(roleSpecializations.userId, account!.id), eq(roleSpecializations.role, 'reviewer')));
    expect(fields.map((row) => row.id)).toContain(spec);
    // Accepted: a reviewer of the journal, under their own name.
    const after = await editor.get(`${G}/papers/${paper.id}/reviewers`);
    expect(after.body.items).toMatchObject([{ fullName: account!.fullName, status: 2 }]);
  });
});

describe('editors change invitations', () => {
  it('removes an unreviewed invitation, keeps a reviewed one, and edits deadlines only before the review', async () => {
    const { paper } = await researcher();
    const first = await invite(paper.id, { reviewerId });
    const second = await invite(paper.id, { reviewerId: reviewer2Id });
    const sara = await signedIn('reviewer@general.test');
    await sara.post(`${G}/reviewing/${first.body.id}/accept`);
    const questions = (await sara.get(`${G}/reviewing/${first.body.id}/sheet`)).body.questions as {
      id: number;
      type: number;
    }[];
    const review = multipartForm({
      review: JSON.stringify({
        answers: Object.fromEntries(questions.map((question) => [question.id, question.type === 1 ? 'false' : '5'])),
        commentForAuthor: 'Fine.',
        commentForEditor: '',
        recommendation: 4,
      }),
    });
    expect(
      (await sara.request('POST', `${G}/reviewing/${first.body.id}/review`, review.payload, review.headers)).status,
    ).toBe(200);
    expect(await paperStatus(paper.id)).toBe(2);

    const url = `${G}/papers/${paper.id}/reviewers`;
    expectError(
      await editor.request('DELETE', `${url}/${first.body.id}`),
      409,
      'conflict',
      'errors.cannotRemoveReviewer',
    );
    expectError(
      await editor.put(`${url}/${first.body.id}/deadline`, { deadline: addDays(today(), 20) }),
      409,
      'conflict',
      'errors.cannotEditDeadline',
    );
    expectError(
      await editor.put(`${url}/${second.body.id}/deadline`, { deadline: addDays(today(), -2) }),
      400,
      'validation',
      'errors.validation',
      {
        Deadline: ['validation.date_before_today'],
      },
    );
    expect((await editor.put(`${url}/${second.body.id}/deadline`, { deadline: addDays(today(), 20) })).status).toBe(
      200,
    );
    expect((await lastMail('reviewer2@general.test', 'deadlineChanged'))?.text).toContain(
      addDays(today(), 20).split('-').reverse().join('/'),
    );

    // Removing the one who had not answered leaves only reviewed invitations: the paper waits for its decision.
    expect((await editor.request('DELETE', `${url}/${second.body.id}`)).status).toBe(204);
    expect(await paperStatus(paper.id)).toBe(3);
    expect(await lastMail('reviewer2@general.test', 'reviewerRemoved')).toBeDefined();
    const hany = await signedIn('reviewer2@general.test');
    expect((await hany.get(`${G}/reviewing/papers/${paper.id}`)).status).toBe(404);
    expect((await hany.post(`${G}/reviewing/${second.body.id}/accept`)).status).toBe(404);
    // Once removed, the same reviewer can be invited again: the paper is back under review.
    expect((await invite(paper.id, { reviewerId: reviewer2Id })).status).toBe(201);
    expect(await paperStatus(paper.id)).toBe(2);
  });
});
