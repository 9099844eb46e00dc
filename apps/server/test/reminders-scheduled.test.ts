import { addDays } from '@journals/core/reviewing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { journals, remindersSent } from '../src/db/schema';
import { multipart, multipartForm, PDF } from './papers';
import {
  app,
  editor,
  G,
  hany,
  invite,
  mailDay,
  mailsAbout,
  mark,
  reminderLogs,
  researcher,
  runJob,
  sara,
  signedIn,
  today,
  useRemindersApp,
  userId,
} from './reminders-setup';

/**
 * The reminders nobody has to press (issue 10 §2): to reviewers, authors and editors, each milestone once, on its day,
 * in its recipient's language, with a log entry; never twice, whatever the runs.
 */

useRemindersApp();

describe('reminders to reviewers', () => {
  it('reminds nobody of a journal the platform administrator switched off, and resumes when it is on again', async () => {
    const { paper } = await researcher();
    await invite(paper.id, sara);
    const since = await mark();
    await app.deps.db.update(journals).set({ active: false }).where(eq(journals.slug, 'general'));
    try {
      await runJob(addDays(today(), 3));
      expect(await mailsAbout(paper.code, since)).toEqual([]);
    } finally {
      await app.deps.db.update(journals).set({ active: true }).where(eq(journals.slug, 'general'));
    }
    await runJob(addDays(today(), 3));
    expect((await mailsAbout(paper.code, since)).map((mail) => mail.kind)).toEqual(['reviewerInvitationPending']);
  });

  it('reminds a reviewer who has not answered N days after the invitation, once, with the links again', async () => {
    const { paper, email: authorEmail } = await researcher();
    await invite(paper.id, sara);
    const since = await mark();

    await runJob(addDays(today(), 2));
    expect(await mailsAbout(paper.code, since)).toEqual([]);

    const sent = await runJob(addDays(today(), 3));
    expect(sent.invitationUnanswered).toBeGreaterThanOrEqual(1);
    const [reminder, ...more] = await mailsAbout(paper.code, since);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      toAddress: 'reviewer@general.test',
      kind: 'reviewerInvitationPending',
      replyTo: 'editor@jas.example.edu',
      subject: `Journal of Applied Sciences: your answer to our invitation to review ${paper.code}`,
    });
    expect(reminder!.text).toContain('Dear Sara Youssef,');
    expect(reminder!.text).toContain(mailDay(addDays(today(), 14)));
    expect(reminder!.text).toMatch(/http:\/\/journals\.test\/general\/review-invitation\?rId=\d+&pId=\d+&sig=/);
    expect(reminder!.text).toMatch(/http:\/\/journals\.test\/general\/reject\?rId=/);
    expect(reminder!.text).not.toMatch(/\{_[A-Za-z_]+_\}/);
    // The link in the reminder opens the invitation.
    const link = new URL(reminder!.text.match(/http:\/\/\S+review-invitation\S+/)![0]);
    const opened = await app.client().get(`${G}/invitation-links?${link.searchParams}`);
    expect(opened.status).toBe(200);
    expect(await reminderLogs(paper.id)).toEqual([
      {
        notes: `invitationUnanswered: Sara Youssef (${today()})`,
        actorId: null,
        paperStatus: 2,
      },
    ]);

    // Retried the same day, or run on the next days: nothing more.
    await runJob(addDays(today(), 3));
    await runJob(addDays(today(), 4));
    await runJob(addDays(today(), 9));
    expect(await mailsAbout(paper.code, since)).toHaveLength(1);
    expect(await reminderLogs(paper.id)).toHaveLength(1);
    expect((await mailsAbout(paper.code, since)).map((mail) => mail.toAddress)).not.toContain(authorEmail);
  });

  it('reminds an accepted reviewer N days before the deadline, on the day and once late, against an extended one', async () => {
    const { paper } = await researcher();
    const deadline = addDays(today(), 14);
    const invitationId = await invite(paper.id, sara, deadline);
    const reviewer = await signedIn('reviewer@general.test');
    expect((await reviewer.post(`${G}/reviewing/${invitationId}/accept`)).status).toBe(200);
    const since = await mark();
    const kinds = async () => (await mailsAbout(paper.code, since)).map((mail) => mail.kind);

    for (const day of [3, 10]) await runJob(addDays(today(), day));
    expect(await kinds()).toEqual([]);
    // Three days before (the default): due soon; the next days of the window, nothing more.
    await runJob(addDays(today(), 11));
    await runJob(addDays(today(), 12));
    await runJob(addDays(today(), 13));
    expect(await kinds()).toEqual(['reviewerReviewDueSoon']);
    const soon = (await mailsAbout(paper.code, since))[0]!;
    expect(soon.subject).toBe(
      `Journal of Applied Sciences: your review of ${paper.code} is due on ${mailDay(deadline)}`,
    );
    expect(soon.text).toContain(`http://journals.test/general/dashboard/papers/${paper.id}`);
    // On the day.
    await runJob(deadline);
    await runJob(deadline);
    expect(await kinds()).toEqual(['reviewerReviewDueSoon', 'reviewerReviewDueToday']);
    expect((await mailsAbout(paper.code, since))[1]!.subject).toBe(
      `Journal of Applied Sciences: your review of ${paper.code} is due today`,
    );

    // The reviewer moves the deadline: the new one gets its own reminders, the old one is never "late".
    const extended = addDays(today(), 20);
    expect((await reviewer.post(`${G}/reviewing/${invitationId}/deadline`, { deadline: extended })).status).toBe(200);
    const afterExtension = await mark();
    for (const day of [15, 16]) await runJob(addDays(today(), day));
    expect(await mailsAbout(paper.code, afterExtension)).toEqual([]);
    await runJob(addDays(today(), 17));
    await runJob(extended);
    await runJob(addDays(today(), 21));
    await runJob(addDays(today(), 22));
    await runJob(addDays(today(), 40));
    const second = await mailsAbout(paper.code, afterExtension);
    expect(second.map((mail) => mail.kind)).toEqual([
      'reviewerReviewDueSoon',
      'reviewerReviewDueToday',
      'reviewerReminder',
    ]);
    expect(second.every((mail) => mail.toAddress === 'reviewer@general.test')).toBe(true);
    expect(second[0]!.subject).toContain(mailDay(extended));
    expect(second[2]!.text).toContain(`was due by ${mailDay(extended)}`);

    expect((await reminderLogs(paper.id)).map((entry) => entry.notes)).toEqual([
      `reviewDueSoon: Sara Youssef (${deadline})`,
      `reviewDueToday: Sara Youssef (${deadline})`,
      `reviewDueSoon: Sara Youssef (${extended})`,
      `reviewDueToday: Sara Youssef (${extended})`,
      `reviewLate: Sara Youssef (${extended})`,
    ]);
  });

  it("honours a journal's own day count and writes in the recipient's language", async () => {
    const ethics = await signedIn('editor@ethics.test', 'ethics');
    const { paper, specialization } = await researcher('ethics');
    const invited = await ethics.post(`/api/journals/ethics/papers/${paper.id}/reviewers`, {
      specializationId: specialization,
      reviewerId: await userId('reviewer@ethics.test'),
      deadline: addDays(today(), 14),
    });
    expect(invited.status).toBe(201);
    await app.deps.db
      .update(journals)
      .set({ reminderDays: { invitationUnanswered: 5 } })
      .where(eq(journals.slug, 'ethics'));
    const since = await mark();

    for (const day of [3, 4]) await runJob(addDays(today(), day));
    expect(await mailsAbout(paper.code, since)).toEqual([]);
    await runJob(addDays(today(), 5));
    const [reminder, ...more] = await mailsAbout(paper.code, since);
    expect(more).toEqual([]);
    const [ethicsJournal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'ethics'));
    expect(reminder).toMatchObject({
      toAddress: 'reviewer@ethics.test',
      kind: 'reviewerInvitationPending',
      subject: `${ethicsJournal!.titleAr}: ننتظر ردّكم على دعوة تحكيم ${paper.code}`,
    });
    expect(reminder!.text).toContain('لقبول الدعوة: http://journals.test/ethics/review-invitation?rId=');
    expect(reminder!.text).not.toMatch(/\{_[A-Za-z_]+_\}/);
    expect(await reminderLogs(paper.id)).toHaveLength(1);
  });

  it('leaves removed, refused and reviewed invitations alone', async () => {
    const removed = await researcher();
    const removedId = await invite(removed.paper.id, hany);
    expect((await editor.request('DELETE', `${G}/papers/${removed.paper.id}/reviewers/${removedId}`)).status).toBe(204);

    const refused = await researcher();
    const refusedId = await invite(refused.paper.id, hany);
    const reviewer2 = await signedIn('reviewer2@general.test');
    const refusal = await reviewer2.post(`${G}/reviewing/${refusedId}/refuse`, { category: 'noTime', reason: 'Away' });
    expect(refusal.status).toBe(200);

    const reviewed = await researcher();
    const reviewedId = await invite(reviewed.paper.id, sara);
    const reviewer = await signedIn('reviewer@general.test');
    expect((await reviewer.post(`${G}/reviewing/${reviewedId}/accept`)).status).toBe(200);
    const questions = (await reviewer.get(`${G}/reviewing/${reviewedId}/sheet`)).body.questions as {
      id: number;
      type: number;
    }[];
    const review = multipartForm({
      review: JSON.stringify({
        answers: Object.fromEntries(questions.map((question) => [question.id, question.type === 1 ? 'true' : '4'])),
        commentForAuthor: 'Clear.',
        commentForEditor: '',
        recommendation: 4,
      }),
    });
    const submitted = await reviewer.request(
      'POST',
      `${G}/reviewing/${reviewedId}/review`,
      review.payload,
      review.headers,
    );
    expect(submitted.status).toBe(200);

    const since = await mark();
    for (const day of [3, 11, 14, 15, 30]) await runJob(addDays(today(), day));
    for (const { paper } of [removed, refused, reviewed]) {
      expect(await mailsAbout(paper.code, since)).toEqual([]);
      expect(await reminderLogs(paper.id)).toEqual([]);
    }
  });
});

describe('reminders to authors and editors', () => {
  it('reminds the author N days before the revision deadline, and not once the revision is sent', async () => {
    const decide = async (paperId: number, revisionDeadline: string) => {
      const form = multipartForm({
        decision: JSON.stringify({ decision: 3, comments: 'Please revise the methods.', revisionDeadline }),
      });
      const answer = await editor.request('POST', `${G}/papers/${paperId}/decision`, form.payload, form.headers);
      expect(answer.status).toBe(200);
    };
    const waiting = await researcher();
    const revised = await researcher();
    const revisionDeadline = addDays(today(), 30);
    await decide(waiting.paper.id, revisionDeadline);
    await decide(revised.paper.id, revisionDeadline);
    // One author sends the revision: the old version is superseded, and the new one is not waiting for one.
    const files = multipart([
      ['proposalFile', 'p.pdf', PDF],
      ['departmentApprovalDocuments', 'd.pdf', PDF],
      ['paymentReceipt', 'r.pdf', PDF],
    ]);
    const resubmitted = await revised.client.request(
      'POST',
      `${G}/papers/${revised.paper.id}/resubmit`,
      files.payload,
      files.headers,
    );
    expect(resubmitted.status).toBe(201);
    const since = await mark();

    await runJob(addDays(today(), 22));
    expect(await mailsAbout(waiting.paper.code, since)).toEqual([]);
    for (const day of [23, 24, 30, 31]) await runJob(addDays(today(), day));
    const [reminder, ...more] = await mailsAbout(waiting.paper.code, since);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      toAddress: waiting.email,
      kind: 'authorRevisionDue',
      subject: `Journal of Applied Sciences: the revision of ${waiting.paper.code} is due on ${mailDay(revisionDeadline)}`,
    });
    expect(reminder!.text).toContain('Dear Nour Salem,');
    expect(reminder!.text).toContain(`http://journals.test/general/dashboard/papers/${waiting.paper.id}`);
    expect(await reminderLogs(waiting.paper.id)).toEqual([
      { notes: `revisionDueSoon: Nour Salem (${revisionDeadline})`, actorId: null, paperStatus: 5 },
    ]);
    // The resubmitted paper's old version gets nothing (its code is also the new version's: no mail at all).
    expect((await mailsAbout(revised.paper.code, since)).filter((mail) => mail.kind === 'authorRevisionDue')).toEqual(
      [],
    );
    expect(await reminderLogs(revised.paper.id)).toEqual([]);
  });

  it('tells the editors of a paper N days after it was submitted when it still has no reviewer', async () => {
    const alone = await researcher();
    const reviewed = await researcher();
    await invite(reviewed.paper.id, hany);
    const since = await mark();

    await runJob(addDays(today(), 6));
    expect(await mailsAbout(alone.paper.code, since)).toEqual([]);
    for (const day of [7, 8, 20]) await runJob(addDays(today(), day));
    const mails = await mailsAbout(alone.paper.code, since);
    expect(mails.every((mail) => mail.kind === 'editorNoReviewer')).toBe(true);
    const to = mails.map((mail) => mail.toAddress);
    // The journal's editors and the handling editor of the paper's specialization, each once; never the author.
    expect(to).toContain('editor@general.test');
    expect(to).toContain('handling@general.test');
    expect(new Set(to).size).toBe(to.length);
    expect(to).not.toContain(alone.email);
    const toEditor = mails.find((mail) => mail.toAddress === 'editor@general.test')!;
    expect(toEditor.subject).toBe(`Journal of Applied Sciences: ${alone.paper.code} is waiting for a reviewer`);
    expect(toEditor.text).toContain(`submitted on ${mailDay(today())}`);
    const logs = await reminderLogs(alone.paper.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.notes).toMatch(new RegExp(`^noReviewer: .*Omar Khaled.* \\(${today()}\\)$`));
    // A paper with a reviewer is not the editors' worry.
    expect((await mailsAbout(reviewed.paper.code, since)).filter((mail) => mail.kind === 'editorNoReviewer')).toEqual(
      [],
    );
  });
});

describe('exactly once', () => {
  it('sends each reminder once when two workers run the job at the same time', async () => {
    const first = await researcher();
    const second = await researcher();
    const invitations = [
      await invite(first.paper.id, sara),
      await invite(first.paper.id, hany),
      await invite(second.paper.id, hany),
    ];
    const since = await mark();

    // A second process: its own pool on the same PostgreSQL database (on PGlite, one process: the same handle).
    let other: Awaited<ReturnType<typeof openDatabase>> | undefined;
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const name = (await app.deps.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = new URL(serverUrl);
      url.pathname = `/${name.rows[0]!.name}`;
      other = await openDatabase({ url: url.toString() });
    }
    try {
      const day = addDays(today(), 3);
      const runs = await Promise.all([
        runJob(day),
        runJob(day, other?.db ?? app.deps.db),
        runJob(day, other?.db ?? app.deps.db),
        runJob(day),
      ]);
      const mails = [...(await mailsAbout(first.paper.code, since)), ...(await mailsAbout(second.paper.code, since))];
      expect(mails.map((mail) => mail.toAddress).sort()).toEqual([
        'reviewer2@general.test',
        'reviewer2@general.test',
        'reviewer@general.test',
      ]);
      expect(await reminderLogs(first.paper.id)).toHaveLength(2);
      expect(await reminderLogs(second.paper.id)).toHaveLength(1);
      // Between them the four runs claimed each of the three reminders once (the earlier ones were sent before).
      const recorded = await app.deps.db
        .select({ kind: remindersSent.kind, milestone: remindersSent.milestone })
        .from(remindersSent)
        // The invitations' reminders only: a paper's (revision due, no reviewer) may have a subject id that equals one.
        .where(
          and(
            inArray(remindersSent.subjectId, invitations),
            inArray(remindersSent.kind, ['invitationUnanswered', 'reviewDueSoon', 'reviewDueToday', 'reviewLate']),
          ),
        );
      expect(recorded).toEqual(Array(3).fill({ kind: 'invitationUnanswered', milestone: today() }));
      expect(runs.reduce((sum, run) => sum + run.invitationUnanswered, 0)).toBe(3);
    } finally {
      await other?.close();
    }
  });
});
