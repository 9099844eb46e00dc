import { addDays } from '@journals/core/reviewing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, mailTemplates, papers, reviewInvitations, users } from '../src/db/schema';
import { countStatements, createActiveUser, expectError } from './harness';
import { ethicsExtras, paperBody, specializationOf, submittedPaper } from './papers';
import {
  app,
  editor,
  G,
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
 * The review loop through the API (issue 9 §4, §5; DESIGN §4): the invitation mail, reminders of late reviewers,
 * direct refusal, and who may act.
 */

useReviewingApp();

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

  it('answers the candidate list in at most 3 statements, and the reviewer dashboard in 1, or none remembered', async () => {
    const { paper } = await researcher();
    await editor.get(`${G}/papers/${paper.id}/reviewer-candidates?specializationId=${spec}`);
    const statements = await countStatements(app, () =>
      editor.get(`${G}/papers/${paper.id}/reviewer-candidates?specializationId=${spec}`),
    );
    // The paper (who may read it), then the list with its figures: 2, within the 3.
    expect(statements).toBe(2);
    // The reviewer dashboard of someone with invitations: the cards' counts beside the page, with its total when
    // searched, in one statement whatever the filter or search (issue 24); a filter's first page read again, none:
    // it is remembered until a change to the reviewer's invitations or their papers (decision 0063).
    const sara = await signedIn('reviewer@general.test');
    await sara.get(`${G}/reviewing`);
    for (const query of ['?status=reviewed', '?status=inPeerReview&search=education'])
      expect(await countStatements(app, () => sara.get(`${G}/reviewing${query}`))).toBe(1);
    expect(await countStatements(app, () => sara.get(`${G}/reviewing`))).toBe(0);
    expect(await countStatements(app, () => sara.get(`${G}/reviewing?status=reviewed`))).toBe(0);
  });
});
