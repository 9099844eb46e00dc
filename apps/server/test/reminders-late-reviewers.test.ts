import { translate } from '@journals/core/i18n/index';
import { addDays, REVIEW_LIMITS } from '@journals/core/reviewing';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  journalRoles,
  journals,
  mailOutbox,
  paperLogs,
  papers,
  reviewInvitations,
  roleSpecializations,
  specializations,
} from '../src/db/schema';
import { createActiveUser, expectError } from './harness';
import {
  app,
  editor,
  G,
  invite,
  mailDay,
  mailsAbout,
  mark,
  reminderLogs,
  researcher,
  runJob,
  signedIn,
  today,
  useRemindersApp,
  userId,
} from './reminders-setup';

/** The late reviewers' button (issue 10 §1; decision 0023): each late invitation reminded once, logged. */

useRemindersApp();

describe('the late reviewers button', () => {
  /** The journal's invitations that are late now (open, past their deadline, on a paper under review). */
  const lateInvitations = async () =>
    (
      await app.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(reviewInvitations)
        .innerJoin(papers, eq(papers.id, reviewInvitations.paperId))
        .innerJoin(journals, eq(journals.id, reviewInvitations.journalId))
        .where(
          and(
            eq(journals.slug, 'general'),
            inArray(reviewInvitations.status, [1, 2]),
            sql`${reviewInvitations.removedAt} is null and ${reviewInvitations.deadline} < ${today()}`,
            eq(papers.status, 2),
          ),
        )
    )[0]!.n;
  /** Every hand reminder as if sent `minutes` ago. */
  const remindedAgo = (minutes: number) =>
    app.deps.db
      .update(reviewInvitations)
      .set({ remindedAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(sql`${reviewInvitations.remindedAt} is not null`);

  async function lateReview(reviewerEmail: string) {
    const { paper } = await researcher();
    const invitationId = await invite(paper.id, await userId(reviewerEmail));
    const reviewer = await signedIn(reviewerEmail);
    expect((await reviewer.post(`${G}/reviewing/${invitationId}/accept`)).status).toBe(200);
    await app.deps.db
      .update(reviewInvitations)
      .set({ deadline: addDays(today(), -2) })
      .where(eq(reviewInvitations.id, invitationId));
    return paper;
  }

  it('mails each late invitation once, logs it, and keeps the scheduled late reminder from following', async () => {
    const one = await lateReview('reviewer@general.test');
    const two = await lateReview('reviewer@general.test');
    const since = await mark();
    const editorId = await userId('editor@general.test');

    const answer = await editor.post(`${G}/reviewing/reminders`);
    expect(answer.status).toBe(200);
    // Every late invitation of the journal (these two and the demo's), each mailed now.
    const late = await lateInvitations();
    expect(answer.body).toMatchObject({ sent: late, recentlyReminded: 0 });
    expect(late).toBeGreaterThanOrEqual(3);
    expect(answer.body.message).toBe(`${late} reminders were sent to late reviewers.`);
    expect(await app.deps.db.select().from(mailOutbox).where(gt(mailOutbox.id, since))).toHaveLength(late);
    // Sara is late on two papers: one mail for each, naming its paper and deadline.
    for (const paper of [one, two]) {
      const mails = await mailsAbout(paper.code, since);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ toAddress: 'reviewer@general.test', kind: 'reviewerReminder' });
      expect(mails[0]!.text).toContain(`was due by ${mailDay(addDays(today(), -2))}`);
      expect(await reminderLogs(paper.id)).toEqual([
        { notes: `reviewLate: Sara Youssef (${addDays(today(), -2)})`, actorId: editorId, paperStatus: 2 },
      ]);
    }

    // Pressed again within the hour, it reminds nobody again and says so; the scheduled job does not add its own
    // late reminder for that deadline.
    editor.language = 'ar';
    const again = await editor.post(`${G}/reviewing/reminders`);
    editor.language = 'en';
    expect(again.body).toMatchObject({ sent: 0, recentlyReminded: late });
    // Three to ten: Arabic's "few" form, its number in the page's digits as the catalogue writes them.
    expect(late).toBeLessThanOrEqual(10);
    expect(again.body.message).toBe(
      `لم يُرسَل أي تذكير الآن. ${translate('ar', 'messages.remindersRecent_few', { count: late })}`,
    );
    expect(again.body.message).toContain('محكِّمين متأخرين ذُكِّروا خلال الساعة الأخيرة، فلم يُذكَّروا مرة أخرى.');
    await runJob(today());
    for (const paper of [one, two]) {
      expect((await mailsAbout(paper.code, since)).map((mail) => mail.kind)).toEqual(['reviewerReminder']);
      expect(await reminderLogs(paper.id)).toHaveLength(1);
    }

    // An hour later, the same press reminds them again.
    await remindedAgo(REVIEW_LIMITS.remindAgainAfterMinutes + 1);
    const later = await editor.post(`${G}/reviewing/reminders`);
    expect(later.body).toMatchObject({ sent: late, recentlyReminded: 0 });
    for (const paper of [one, two]) expect(await mailsAbout(paper.code, since)).toHaveLength(2);
  });

  it('sends one mail per late invitation when pressed three times at once, and the other answers say why not', async () => {
    const one = await lateReview('reviewer@general.test');
    const two = await lateReview('reviewer2@general.test');
    // The journal's other late invitations were reminded within the hour: only these two are due.
    const others = (await lateInvitations()) - 2;
    await app.deps.db
      .update(reviewInvitations)
      .set({ remindedAt: new Date() })
      .where(
        and(
          inArray(reviewInvitations.status, [1, 2]),
          sql`${reviewInvitations.remindedAt} is null`,
          sql`${reviewInvitations.paperId} not in (${one.id}, ${two.id})`,
        ),
      );
    const since = await mark();

    const answers = await Promise.all([1, 2, 3].map(() => editor.post(`${G}/reviewing/reminders`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const bySent = [...answers].sort((a, b) => a.body.sent - b.body.sent);
    expect(bySent.map((answer) => [answer.body.sent, answer.body.recentlyReminded])).toEqual([
      [0, others + 2],
      [0, others + 2],
      [2, others],
    ]);
    expect(bySent[0]!.body.message).toBe(
      `No reminder was sent now. ${others + 2} late reviewers had been reminded within the last hour and were not reminded again.`,
    );
    // One mail and one log entry per late invitation, whatever the presses.
    for (const paper of [one, two]) {
      expect(await mailsAbout(paper.code, since)).toHaveLength(1);
      expect(await reminderLogs(paper.id)).toHaveLength(1);
    }
    expect(await app.deps.db.select().from(mailOutbox).where(gt(mailOutbox.id, since))).toHaveLength(2);
  });

  it('says that nobody is late, and sends and logs nothing, when no review of the caller is late', async () => {
    // A handling editor of a new field, with no paper in it: none of their reviewers can be late.
    const user = await createActiveUser(app);
    const db = app.deps.db;
    const [journal] = await db.select({ id: journals.id }).from(journals).where(eq(journals.slug, 'general'));
    const [field] = await db
      .insert(specializations)
      .values({ journalId: journal!.id, nameEn: 'Astronomy', nameAr: 'علم الفلك' })
      .returning();
    await db.insert(journalRoles).values({ userId: user.userId, journalId: journal!.id, role: 'handlingEditor' });
    await db
      .insert(roleSpecializations)
      .values({ userId: user.userId, role: 'handlingEditor', specializationId: field!.id });
    const handling = app.client();
    await handling.login(user.email, user.password, 'general');
    // The journal has late reviews (the demo's, this file's): the editor's press would remind them.
    await lateReview('reviewer@general.test');
    const since = await mark();
    const logsBefore = await db.select({ n: sql<number>`count(*)::int` }).from(paperLogs);

    const answer = await handling.post(`${G}/reviewing/reminders`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      sent: 0,
      message: 'No reviewer is late at the moment; no notification was sent.',
    });
    expect(await db.select().from(mailOutbox).where(gt(mailOutbox.id, since))).toEqual([]);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(paperLogs)).toEqual(logsBefore);
  });

  it('answers the translated failure and sends nothing when the reminders cannot be written', async () => {
    const paper = await lateReview('reviewer2@general.test');
    const since = await mark();
    const failing = vi.spyOn(app.deps.db, 'transaction').mockRejectedValueOnce(new Error('database went away'));
    try {
      const answer = await editor.post(`${G}/reviewing/reminders`);
      expectError(answer, 500, 'internal', 'errors.remindersFailed');
      expect(answer.body.message).toBe('Error sending notifications.');
    } finally {
      failing.mockRestore();
    }
    expect(await mailsAbout(paper.code, since)).toEqual([]);
    expect(await reminderLogs(paper.id)).toEqual([]);
    // Pressed again once the database is back, it works.
    expect((await editor.post(`${G}/reviewing/reminders`)).status).toBe(200);
    expect(await mailsAbout(paper.code, since)).toHaveLength(1);
  });
});
