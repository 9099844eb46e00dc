import { isoDay, addDays } from '@journals/core/reviewing';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  journalPaymentSettings,
  journalRoles,
  journals,
  mailOutbox,
  mailTemplates,
  paperLogs,
  papers,
  reviewInvitations,
  reviewQuestions,
  roleSpecializations,
  users,
} from '../src/db/schema';
import { buildTestApp, countStatements, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { ethicsExtras, EXE, JPEG, multipartForm, paperBody, PDF, specializationOf, submittedPaper } from './papers';

/** The review loop through the API (issue 9 §1–§5; DESIGN §4). */

let app: TestApp;
let spec: number;
let editor: TestClient;
const G = '/api/journals/general';
const today = () => isoDay(new Date());

async function signedIn(email: string, slug = 'general') {
  const client = app.client();
  await client.login(email, 'Demo-pass-1', slug);
  return client;
}

async function researcher(overrides: Record<string, unknown> = {}) {
  const user = await createActiveUser(app, { specializations: [spec] });
  const client = app.client();
  await client.login(user.email, user.password);
  const paper = await submittedPaper(client, 'general', paperBody(spec, overrides));
  return { client, ...user, paper };
}

const userId = async (email: string) =>
  (await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const invite = (paperId: number, body: Record<string, unknown>, client = editor) =>
  client.post(`${G}/papers/${paperId}/reviewers`, {
    specializationId: spec,
    deadline: addDays(today(), 14),
    ...body,
  });

const paperStatus = async (id: number) =>
  (await app.deps.db.select({ status: papers.status }).from(papers).where(eq(papers.id, id)))[0]!.status;

async function lastMail(address: string, kind?: string) {
  const rows = await app.deps.db
    .select()
    .from(mailOutbox)
    .where(kind ? and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, kind)) : eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return rows[0];
}

/** The accept and refuse links of the latest invitation mail to a reviewer. */
async function invitationLinks(address: string) {
  const mail = await lastMail(address, 'reviewInvitation');
  const links = [...(mail?.text.matchAll(/https?:\/\/\S+/g) ?? [])].map((match) => new URL(match[0]));
  const accept = links.find((link) => link.pathname.endsWith('/review-invitation'))!;
  const refuse = links.find((link) => link.pathname.endsWith('/reject'))!;
  const params = (link: URL) => ({
    rId: Number(link.searchParams.get('rId')),
    pId: Number(link.searchParams.get('pId')),
    sig: link.searchParams.get('sig')!,
  });
  return { mail, accept, refuse, acceptParams: params(accept), refuseParams: params(refuse) };
}

let reviewerId: number;
let reviewer2Id: number;

beforeAll(async () => {
  // The journal row cached as in production, so statement counts are the request's own.
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  spec = await specializationOf(app.client(), 'general');
  editor = await signedIn('editor@general.test');
  reviewerId = await userId('reviewer@general.test');
  reviewer2Id = await userId('reviewer2@general.test');
});
afterAll(() => app.close());

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

describe('the reviewer', () => {
  it('goes from invitation to review; the paper waits for its decision once every active invitation is done', async () => {
    const { paper, client: author } = await researcher();
    expect((await invite(paper.id, { reviewerId })).status).toBe(201);
    expect((await invite(paper.id, { reviewerId: reviewer2Id })).status).toBe(201);
    const sara = await signedIn('reviewer@general.test');
    const hany = await signedIn('reviewer2@general.test');

    // The dashboard: three cards and the new invitations, newest first.
    const dashboard = await sara.get(`${G}/reviewing`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.statistics.newInvitations).toBeGreaterThanOrEqual(1);
    const row = dashboard.body.items.find((item: { paperId: number }) => item.paperId === paper.id);
    expect(row).toMatchObject({ code: paper.code, status: 1, deadline: addDays(today(), 14) });
    const searched = await sara.get(`${G}/reviewing?search=${encodeURIComponent(paper.code)}`);
    expect(searched.body.items.map((item: { paperId: number }) => item.paperId)).toEqual([paper.id]);

    // The paper as the reviewer reads it: no author anywhere in the answer.
    const read = await sara.get(`${G}/reviewing/papers/${paper.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      title_of_the_work: 'Structured education and recovery',
      invitation: { status: 1 },
    });
    expect(JSON.stringify(read.body)).not.toMatch(/Karim|karim@example\.org|Cairo/);
    expect(read.body.files.map((file: { kind: string }) => file.kind).sort()).toEqual([
      'proposalFile',
      'signedInformedConsent',
    ]);
    const proposal = read.body.files.find((file: { kind: string }) => file.kind === 'proposalFile');
    const file = await sara.get(`${G}/reviewing/papers/${paper.id}/files/${proposal.id}`);
    expect(file.status).toBe(200);
    expect(file.raw.subarray(0, 4).toString()).toBe('%PDF');
    // The authors' own route stays closed to the reviewer.
    expect((await sara.get(`${G}/papers/${paper.id}`)).status).toBe(404);

    // Accept from the mail's link; a forged link changes nothing; an answered link says so.
    const { acceptParams } = await invitationLinks('reviewer@general.test');
    const guest = app.client();
    expectError(
      await guest.post(`${G}/invitation-links/accept`, { ...acceptParams, sig: `${acceptParams.sig.slice(0, -2)}xx` }),
      404,
      'notFound',
      'errors.invitationLinkInvalid',
    );
    expectError(
      await guest.post(`${G}/invitation-links/accept`, { ...acceptParams, rId: reviewer2Id }),
      404,
      'notFound',
      'errors.invitationLinkInvalid',
    );
    expect((await guest.post(`${G}/invitation-links/accept`, acceptParams)).status).toBe(200);
    expectError(
      await guest.post(`${G}/invitation-links/accept`, acceptParams),
      409,
      'conflict',
      'errors.invitationAnswered',
    );
    const linkQuery = new URLSearchParams({
      rId: String(acceptParams.rId),
      pId: String(acceptParams.pId),
      sig: acceptParams.sig,
    });
    expect((await guest.get(`${G}/invitation-links?${linkQuery}`)).body).toMatchObject({ status: 2, open: false });
    expect((await lastMail('editor@general.test', 'invitationAccepted'))?.text).toContain('Sara Youssef');

    // A later deadline: at least a day after the current one; the old one is kept and editors told.
    const invitationId = row.id as number;
    const current = addDays(today(), 14);
    expectError(
      await sara.post(`${G}/reviewing/${invitationId}/deadline`, { deadline: addDays(current, -1) }),
      400,
      'validation',
      'errors.validation',
      {
        Deadline: ['validation.extension_too_early'],
      },
    );
    expectError(
      await sara.post(`${G}/reviewing/${invitationId}/deadline`, { deadline: current }),
      400,
      'validation',
      'errors.validation',
      {
        Deadline: ['validation.extension_same_date'],
      },
    );
    expect((await sara.post(`${G}/reviewing/${invitationId}/deadline`, { deadline: addDays(current, 7) })).status).toBe(
      200,
    );
    const listed = await editor.get(`${G}/papers/${paper.id}/reviewers`);
    expect(listed.body.items.find((item: { id: number }) => item.id === invitationId)).toMatchObject({
      fullName: 'Sara Youssef',
      deadline: addDays(current, 7),
      oldDeadline: current,
      deadlineChanged: true,
      status: 2,
    });
    expect((await lastMail('editor@general.test', 'deadlineChanged'))?.text).toContain('Sara Youssef');

    // The sheet: a draft kept and reopened; an incomplete submit names each missing answer.
    const sheet = await sara.get(`${G}/reviewing/${invitationId}/sheet`);
    expect(sheet.status).toBe(200);
    const questions = sheet.body.questions as { id: number; type: number }[];
    expect(questions.length).toBeGreaterThan(3);
    const first = questions[0]!;
    const draft = {
      answers: { [first.id]: '4' },
      commentForAuthor: 'Half written',
      commentForEditor: '',
      recommendation: 0,
    };
    expect((await sara.put(`${G}/reviewing/${invitationId}/draft`, draft)).status).toBe(200);
    expect((await sara.get(`${G}/reviewing/${invitationId}/sheet`)).body.draft).toMatchObject(draft);
    const incomplete = multipartForm({ review: JSON.stringify({ ...draft, recommendation: 6 }) });
    const refused = await sara.request(
      'POST',
      `${G}/reviewing/${invitationId}/review`,
      incomplete.payload,
      incomplete.headers,
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(questions.slice(1).map((question) => `Answers[${question.id}]`));

    // A wrong attachment is refused by its content, and nothing is kept.
    const answers = Object.fromEntries(questions.map((question) => [question.id, question.type === 1 ? 'true' : '3']));
    const review = {
      answers,
      commentForAuthor: 'Please add the sample size.',
      commentForEditor: 'Sound work.',
      recommendation: 6,
    };
    const exe = multipartForm({ review: JSON.stringify(review) }, [['attachForAuthor', 'notes.pdf', EXE]]);
    const badFile = await sara.request('POST', `${G}/reviewing/${invitationId}/review`, exe.payload, exe.headers);
    expect(badFile.status).toBe(415);
    const complete = multipartForm({ review: JSON.stringify(review) }, [
      ['attachForAuthor', 'notes-for-author.pdf', PDF],
      ['attachForEditor', 'scan.jpg', JPEG],
    ]);
    const submitted = await sara.request(
      'POST',
      `${G}/reviewing/${invitationId}/review`,
      complete.payload,
      complete.headers,
    );
    expect(submitted.status).toBe(200);
    expect(await paperStatus(paper.id)).toBe(2); // Hany has not answered yet.
    expect((await lastMail('editor@general.test', 'reviewFinished'))?.text).toContain('Sara Youssef');

    // Hany declines from the link page: the paper now waits for its decision.
    const hanyLinks = await invitationLinks('reviewer2@general.test');
    expectError(
      await guest.post(`${G}/invitation-links/refuse`, { ...hanyLinks.refuseParams, category: 'noTime', reason: '  ' }),
      400,
      'validation',
      'errors.validation',
      {
        Reason: ['validation.required'],
      },
    );
    const declined = await guest.post(`${G}/invitation-links/refuse`, {
      ...hanyLinks.refuseParams,
      category: 'noTime',
      reason: 'Travelling this month',
      suggestion: 'Dr. Mai Ali',
    });
    expect(declined.status).toBe(200);
    expect(await paperStatus(paper.id)).toBe(3);
    expect((await lastMail('editor@general.test', 'invitationRefused'))?.text).toContain('Dr. Mai Ali');
    const hanyDashboard = await hany.get(`${G}/reviewing?status=reviewed`);
    expect(hanyDashboard.body.items.find((item: { paperId: number }) => item.paperId === paper.id)).toMatchObject({
      status: 4,
    });
    // After declining, nothing more of the paper.
    expect((await hany.get(`${G}/reviewing/papers/${paper.id}`)).status).toBe(404);

    // The editor reads the review whole; the reviewer reads their own; the other reviewer nothing.
    const result = await editor.get(`${G}/papers/${paper.id}/reviews/${invitationId}`);
    expect(result.body).toMatchObject({
      recommendation: 6,
      commentForAuthor: 'Please add the sample size.',
      commentForEditor: 'Sound work.',
      authorAttachment: { originalName: 'notes-for-author.pdf' },
      editorAttachment: { originalName: 'scan.jpg' },
    });
    expect(result.body.answers).toHaveLength(questions.length);
    expect(result.body.answers[0]).toMatchObject({ questionEn: expect.any(String), questionAr: expect.any(String) });
    expect((await sara.get(`${G}/reviewing/${invitationId}/result`)).body.commentForEditor).toBe('Sound work.');
    expect((await hany.get(`${G}/papers/${paper.id}/reviews/${invitationId}`)).status).toBe(404);
    expect((await hany.get(`${G}/reviewing/${invitationId}/result`)).status).toBe(404);

    // Before the decision the author reads no review; after it, the comments meant for them, without a name.
    expect((await author.get(`${G}/papers/${paper.id}/reviewer-comments`)).body).toEqual({ decided: false, items: [] });
    expect((await author.get(`${G}/papers/${paper.id}/reviews/${invitationId}`)).status).toBe(404);

    // The decision: accept with modifications needs a deadline.
    const noDeadline = multipartForm({ decision: JSON.stringify({ decision: 3, comments: 'Revise the methods.' }) });
    const missing = await editor.request(
      'POST',
      `${G}/papers/${paper.id}/decision`,
      noDeadline.payload,
      noDeadline.headers,
    );
    expectError(missing, 400, 'validation', 'errors.validation', {
      RevisionDeadline: ['validation.revision_deadline_required'],
    });
    const form = await editor.get(`${G}/papers/${paper.id}/decision-form`);
    expect(form.body.questions.map((question: { id: number }) => question.id)).toEqual(questions.map((q) => q.id));
    const decision = multipartForm(
      {
        decision: JSON.stringify({
          decision: 3,
          comments: 'Revise the methods.',
          revisionDeadline: addDays(today(), 30),
          answers: { [first.id]: '4' },
        }),
      },
      [['attachment', 'decision.pdf', PDF]],
    );
    const decided = await editor.request(
      'POST',
      `${G}/papers/${paper.id}/decision`,
      decision.payload,
      decision.headers,
    );
    expect(decided.status).toBe(200);
    expect(await paperStatus(paper.id)).toBe(5);
    const authorEmail = (
      await app.deps.db
        .select({ email: users.email })
        .from(users)
        .innerJoin(papers, eq(papers.creatorId, users.id))
        .where(eq(papers.id, paper.id))
    )[0]!.email;
    const decisionMail = await lastMail(authorEmail, 'finalDecision');
    expect(decisionMail?.text).toContain('Accepted with modifications');
    expect(decisionMail?.text).toContain('Please add the sample size.');
    expect(decisionMail?.text).not.toContain('Sara');
    expect(decisionMail?.text).not.toContain('Sound work.');

    const comments = await author.get(`${G}/papers/${paper.id}/reviewer-comments`);
    expect(comments.body).toMatchObject({
      decided: true,
      items: [
        {
          number: 1,
          commentForAuthor: 'Please add the sample size.',
          // Under a neutral name (issue 19 §2): the file's own name may name its reviewer.
          attachment: { originalName: 'Reviewer 1 — comments for the author.pdf' },
        },
      ],
    });
    expect(JSON.stringify(comments.body)).not.toMatch(/Sara|Sound work/);
    const authorFile = await author.get(
      `${G}/papers/${paper.id}/reviews/${invitationId}/files/${result.body.authorAttachment.id}`,
    );
    expect(authorFile.status).toBe(200);
    const editorFile = await author.get(
      `${G}/papers/${paper.id}/reviews/${invitationId}/files/${result.body.editorAttachment.id}`,
    );
    expect(editorFile.status).toBe(404);
    // Nor through the paper's own file route.
    expect((await author.get(`${G}/papers/${paper.id}/files/${result.body.editorAttachment.id}`)).status).toBe(404);

    // The page: the decision with its answers; a second decision is refused.
    const page = await author.get(`${G}/papers/${paper.id}`);
    expect(page.body.finalDecision).toMatchObject({
      decision: 3,
      comments: 'Revise the methods.',
      attachment: { originalName: 'decision.pdf' },
    });
    expect(page.body.revisionDeadline).toBe(addDays(today(), 30));
    const twice = await editor.request('POST', `${G}/papers/${paper.id}/decision`, decision.payload, decision.headers);
    expectError(twice, 409, 'conflict', 'errors.reviewClosed');
  });

  it('shows types 7–10 only for the matching design answer, and drops the others', async () => {
    const ethicsQuestions = await app.deps.db.select().from(reviewQuestions).where(eq(reviewQuestions.journalId, 2));
    const design = ethicsQuestions.find((question) => question.type === 6)!;
    const { sheetErrors, keptAnswers } = await import('@journals/core/reviewing');
    const answers: Record<number, string> = { [design.id]: '3' };
    const missing = Object.keys(sheetErrors(ethicsQuestions, answers));
    const blinding = ethicsQuestions.find((question) => question.type === 10)!;
    const descriptive = ethicsQuestions.find((question) => question.type === 7)!;
    expect(missing).toContain(`Answers[${blinding.id}]`);
    expect(missing).not.toContain(`Answers[${descriptive.id}]`);
    // A descriptive answer left from an earlier design is not kept.
    expect(keptAnswers(ethicsQuestions, { ...answers, [descriptive.id]: '2', [blinding.id]: '3' })).toEqual({
      [design.id]: '3',
      [blinding.id]: '3',
    });
  });
});

describe('mail', () => {
  it("renders from the journal's own template, in the recipient's language, with Reply-To the journal", async () => {
    const { paper } = await researcher();
    await app.deps.db
      .update(mailTemplates)
      .set({ englishTitle: 'Please review {_Proposal_Number_} for {_Board_Title_}' })
      .where(and(eq(mailTemplates.journalId, 1), eq(mailTemplates.messageType, 'reviewInvitation')));
    expect((await invite(paper.id, { reviewerId })).status).toBe(201);
    const mail = await lastMail('reviewer@general.test', 'reviewInvitation');
    expect(mail).toMatchObject({
      subject: `Please review ${paper.code} for Journal of Applied Sciences`,
      replyTo: 'editor@jas.example.edu',
    });

    // An Arabic reviewer of the ethics journal reads Arabic, with the same placeholders filled.
    const ethicsSpec = await specializationOf(app.client(), 'ethics');
    const user = await createActiveUser(app, { specializations: [ethicsSpec] }, 'ethics');
    const author = app.client();
    await author.login(user.email, user.password, 'ethics');
    const ethicsPaper = await submittedPaper(author, 'ethics', paperBody(ethicsSpec, ethicsExtras));
    const ethicsEditor = await signedIn('editor@ethics.test', 'ethics');
    const invited = await ethicsEditor.post(`/api/journals/ethics/papers/${ethicsPaper.id}/reviewers`, {
      specializationId: ethicsSpec,
      reviewerId: await userId('reviewer@ethics.test'),
      deadline: addDays(today(), 14),
    });
    expect(invited.status).toBe(201);
    const arabic = await lastMail('reviewer@ethics.test', 'reviewInvitation');
    expect(arabic!.subject).toContain('دعوة لتحكيم');
    expect(arabic!.text).toContain(ethicsPaper.code);
    expect(arabic!.text).toMatch(/\/ethics\/review-invitation\?rId=/);
    expect(arabic!.text).not.toMatch(/\{_[A-Za-z_]+_\}/);
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

describe('reminders', () => {
  it('reminds the reviewers past their deadline on the papers the caller runs, once each', async () => {
    const { paper } = await researcher();
    const invited = await invite(paper.id, { reviewerId: reviewer2Id });
    await app.deps.db
      .update(reviewInvitations)
      .set({ deadline: addDays(today(), -3) })
      .where(eq(reviewInvitations.id, invited.body.id));
    const before = await lastMail('reviewer2@general.test', 'reviewerReminder');
    const answer = await editor.post(`${G}/reviewing/reminders`);
    expect(answer.status).toBe(200);
    expect(answer.body.sent).toBeGreaterThanOrEqual(1);
    expect(answer.body).toMatchObject({
      recentlyReminded: 0,
      message:
        answer.body.sent === 1
          ? '1 reminder was sent to a late reviewer.'
          : `${answer.body.sent} reminders were sent to late reviewers.`,
    });
    const reminder = await lastMail('reviewer2@general.test', 'reviewerReminder');
    expect(reminder!.id).not.toBe(before?.id);
    expect(reminder!.text).toContain(paper.code);
    expect(reminder!.text).toContain(addDays(today(), -3).split('-').reverse().join('/'));
    // A handling editor reminds only on papers of their specializations.
    await app.deps.db
      .update(papers)
      .set({ specializationId: spec + 1 })
      .where(eq(papers.id, paper.id));
    const handling = await signedIn('handling@general.test');
    const mailsBefore = (await app.deps.db.select().from(mailOutbox)).length;
    const handled = await handling.post(`${G}/reviewing/reminders`);
    const sentTo = (await app.deps.db.select().from(mailOutbox)).slice(mailsBefore);
    expect(handled.body.sent).toBe(sentTo.length);
    expect(sentTo.map((mail) => mail.text).join('\n')).not.toContain(paper.code);
    expect((await (await signedIn('reviewer@general.test')).post(`${G}/reviewing/reminders`)).status).toBe(403);
  });
});

describe('direct refusal', () => {
  it('refuses a new paper out of scope or with a reason of at most 300 characters, once', async () => {
    const { paper } = await researcher();
    const url = `${G}/papers/${paper.id}/refuse`;
    expectError(await editor.post(url, { outOfScope: false, reason: '' }), 400, 'validation', 'errors.validation', {
      Reason: ['validation.refuse_reason_required'],
    });
    expectError(
      await editor.post(url, { outOfScope: false, reason: 'x'.repeat(301) }),
      400,
      'validation',
      'errors.validation',
      {
        Reason: ['validation.refuse_reason_max'],
      },
    );
    expectError(
      await editor.post(url, { outOfScope: true, seenStatusDate: '2020-01-01T00:00:00.000Z' }),
      409,
      'conflict',
      'errors.paperChanged',
    );
    const author = await app.deps.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(papers, eq(papers.creatorId, users.id))
      .where(eq(papers.id, paper.id));
    const refused = await editor.post(url, { outOfScope: true });
    expect(refused.status).toBe(200);
    expect(await paperStatus(paper.id)).toBe(6);
    expect((await lastMail(author[0]!.email, 'directRefusal'))?.text).toContain('outside the scope');
    expectError(await editor.post(url, { outOfScope: true }), 409, 'conflict', 'errors.cannotRefusePaper');
  });

  it('refuses no paper under review, and no revision', async () => {
    const { paper } = await researcher();
    await invite(paper.id, { reviewerId });
    expectError(
      await editor.post(`${G}/papers/${paper.id}/refuse`, { outOfScope: true }),
      409,
      'conflict',
      'errors.cannotRefusePaper',
    );
  });
});

describe('who may act', () => {
  it('answers 403 to whoever runs no review here, 404 to other reviewers and to handling editors of other fields', async () => {
    const { paper, client: author } = await researcher();
    const invited = await invite(paper.id, { reviewerId });
    const other = await signedIn('editor@ethics.test', 'ethics');
    // The other journal's editor is a guest here: no editorial right in this journal.
    expect((await other.get(`${G}/papers/${paper.id}/reviewer-candidates?specializationId=${spec}`)).status).toBe(403);
    expect((await invite(paper.id, { reviewerId }, other)).status).toBe(403);
    expect((await other.post(`${G}/papers/${paper.id}/refuse`, { outOfScope: true })).status).toBe(403);
    expect((await author.get(`${G}/papers/${paper.id}/reviewer-candidates?specializationId=${spec}`)).status).toBe(403);
    expect((await invite(paper.id, { reviewerId }, author)).status).toBe(403);
    const hany = await signedIn('reviewer2@general.test');
    expect((await hany.post(`${G}/reviewing/${invited.body.id}/accept`)).status).toBe(404);
    expect((await hany.get(`${G}/papers/${paper.id}/reviewers`)).status).toBe(404);
    // The invited reviewer sees their own row only, without any name.
    const sara = await signedIn('reviewer@general.test');
    const own = await sara.get(`${G}/papers/${paper.id}/reviewers`);
    expect(own.body.items).toHaveLength(1);
    expect(own.body.items[0]).not.toHaveProperty('fullName');

    // A handling editor of another specialization: 404.
    const [outside] = await app.deps.db.select().from(papers).where(eq(papers.id, paper.id));
    const handling = await signedIn('handling@general.test');
    const handled = await handling.get(`${G}/papers/${outside!.id}/reviewer-candidates?specializationId=${spec}`);
    expect(handled.status).toBe(200); // the handling editor's field is this paper's
    await app.deps.db
      .update(papers)
      .set({ specializationId: spec + 1 })
      .where(eq(papers.id, paper.id));
    expect((await handling.get(`${G}/papers/${paper.id}/reviewer-candidates?specializationId=${spec}`)).status).toBe(
      404,
    );
  });

  it('answers the candidate list in at most 3 statements, and the reviewer dashboard in 2', async () => {
    const { paper } = await researcher();
    await editor.get(`${G}/papers/${paper.id}/reviewer-candidates?specializationId=${spec}`);
    const statements = await countStatements(app, () =>
      editor.get(`${G}/papers/${paper.id}/reviewer-candidates?specializationId=${spec}`),
    );
    // The paper (who may read it), then the list with its figures: 2, within the 3.
    expect(statements).toBe(2);
    // The reviewer dashboard of someone with invitations: the cards' counts, then the page with its total (2),
    // whatever the filter or search.
    const sara = await signedIn('reviewer@general.test');
    await sara.get(`${G}/reviewing`);
    for (const query of ['', '?status=reviewed', '?status=inPeerReview&search=education'])
      expect(await countStatements(app, () => sara.get(`${G}/reviewing${query}`))).toBe(2);
  });
});
