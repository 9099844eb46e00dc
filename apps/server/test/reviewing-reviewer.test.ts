import { addDays } from '@journals/core/reviewing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { papers, reviewQuestions, users } from '../src/db/schema';
import { expectError } from './harness';
import { EXE, JPEG, multipartForm, PDF } from './papers';
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
  today,
  useReviewingApp,
} from './reviewing-setup';

/** The review loop through the API (issue 9 §2; DESIGN §4): the reviewer's way from invitation to review. */

useReviewingApp();

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
      // Its first character changed (the last ones of base64 may carry padding bits, or already be the forgery's).
      await guest.post(`${G}/invitation-links/accept`, { ...acceptParams, sig: forged(acceptParams.sig) }),
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

/** A signature that differs from `sig` in a character every bit of which counts. */
function forged(sig: string): string {
  return `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
}
