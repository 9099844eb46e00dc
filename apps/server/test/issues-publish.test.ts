import { ISSUE_STATUS, PAPER_STATUS } from '@journals/core/enums';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, issues, mailOutbox, paperLogs, papers } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { acceptedPaper, assign, createIssue, G, userIdOf } from './issues-setup';
import { PDF } from './papers';

/**
 * Publishing an issue (spec 03 §4, issue 21 §1): the issue and its papers in one transaction, a log per paper and
 * a mail per author; a doubled publish has no second effect; and "in press means private" for the final PDF.
 */

let app: TestApp;
let editor: TestClient;
let researcherId: number;

beforeAll(async () => {
  app = await buildTestApp();
  editor = await app.signedIn('editor@general.test');
  researcherId = await userIdOf(app, 'researcher@general.test');
});
afterAll(() => app?.close());

const mailsTo = async (address: string) =>
  app.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, 'paperPublished')));

describe('publishing an issue', () => {
  it('publishes the issue and its papers, logs each paper and mails each author once, in their language', async () => {
    const english = await createActiveUser(app);
    const arabic = await createActiveUser(app, { fullName: 'نور سالم' });
    const { users } = await import('../src/db/schema');
    await app.deps.db.update(users).set({ language: 'ar' }).where(eq(users.id, arabic.userId));
    const issueId = await createIssue(editor, { issue: '6', publishDate: '2026-06-20' });
    const first = await acceptedPaper(app, english.userId, { title: 'Sleep in nurses' });
    const second = await acceptedPaper(app, arabic.userId, { title: 'النوم لدى الممرضين' });
    expect((await assign(editor, issueId, { paperId: first.id, orderInIssue: 1, doi: '10.5555/n.1' })).status).toBe(
      201,
    );
    expect((await assign(editor, issueId, { paperId: second.id, orderInIssue: 2 })).status).toBe(201);
    const volume = (await app.deps.db.select().from(issues).where(eq(issues.id, issueId)))[0]!.volume;

    const answer = await editor.post(`${G}/issues/${issueId}/publish`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      alreadyPublished: false,
      message: 'The issue is published. Its authors are told by e-mail.',
    });
    const [issue] = await app.deps.db.select().from(issues).where(eq(issues.id, issueId));
    expect(issue).toMatchObject({ status: ISSUE_STATUS.published });
    expect(issue!.publishedAt).toBeInstanceOf(Date);
    const rows = await app.deps.db
      .select({
        id: papers.id,
        status: papers.status,
        published: archivedPapers.published,
        day: archivedPapers.publishDate,
      })
      .from(papers)
      .innerJoin(archivedPapers, eq(archivedPapers.paperId, papers.id))
      .where(inArray(papers.id, [first.id, second.id]));
    expect(rows.map(({ id: _, ...row }) => row)).toEqual([
      { status: PAPER_STATUS.published, published: true, day: '2026-06-20' },
      { status: PAPER_STATUS.published, published: true, day: '2026-06-20' },
    ]);
    const logs = await app.deps.db
      .select({ paperId: paperLogs.paperId, status: paperLogs.paperStatus })
      .from(paperLogs)
      .where(and(inArray(paperLogs.paperId, [first.id, second.id]), eq(paperLogs.action, 'statusChanged')));
    expect(logs.sort((a, b) => a.paperId - b.paperId)).toEqual([
      { paperId: first.id, status: PAPER_STATUS.published },
      { paperId: second.id, status: PAPER_STATUS.published },
    ]);

    await app.deps.background.idle();
    const [englishMail] = await mailsTo(english.email);
    expect(englishMail!.subject).toContain(`your paper is published in volume ${volume}, issue 6`);
    expect(englishMail!.text).toContain('"Sleep in nurses"');
    expect(englishMail!.text).toContain(`http://journals.test/general/archive/papers/${first.id}`);
    expect(englishMail!.text).toContain('DOI: https://doi.org/10.5555/n.1');
    const [arabicMail] = await mailsTo(arabic.email);
    expect(arabicMail!.subject).toContain(`نُشر بحثكم في المجلد ${volume}، العدد 6`);
    expect(arabicMail!.text).toContain(`http://journals.test/general/archive/papers/${second.id}`);
  });

  it('has no second effect when doubled: two requests at once give one log per paper and one mail per author', async () => {
    const author = await createActiveUser(app);
    const issueId = await createIssue(editor);
    const papersOfIssue = [
      await acceptedPaper(app, author.userId),
      await acceptedPaper(app, author.userId),
      await acceptedPaper(app, researcherId),
    ];
    let order = 1;
    for (const paper of papersOfIssue) await assign(editor, issueId, { paperId: paper.id, orderInIssue: order++ });
    const secretary = await app.signedIn('secretary@general.test');
    const answers = await Promise.all([
      editor.post(`${G}/issues/${issueId}/publish`),
      secretary.post(`${G}/issues/${issueId}/publish`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.alreadyPublished).sort()).toEqual([false, true]);
    const again = await editor.post(`${G}/issues/${issueId}/publish`);
    expect(again.body).toMatchObject({ alreadyPublished: true, message: 'The issue is already published.' });
    const logs = await app.deps.db
      .select({ paperId: paperLogs.paperId })
      .from(paperLogs)
      .where(
        and(
          inArray(
            paperLogs.paperId,
            papersOfIssue.map((paper) => paper.id),
          ),
          eq(paperLogs.action, 'statusChanged'),
        ),
      );
    expect(logs).toHaveLength(3);
    await app.deps.background.idle();
    // One mail per paper: the author of two papers gets two, one about each.
    expect(await mailsTo(author.email)).toHaveLength(2);
  });

  it('needs papers, all still accepted', async () => {
    const empty = await createIssue(editor);
    const refused = await editor.post(`${G}/issues/${empty}/publish`);
    expectError(refused, 409, 'conflict', 'issues.no_papers');
    expect(refused.body.message).toBe('An issue without papers cannot be published.');
    const issueId = await createIssue(editor);
    const paper = await acceptedPaper(app, researcherId, { title: 'Withdrawn study' });
    await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 });
    await app.deps.db.update(papers).set({ status: PAPER_STATUS.rejected }).where(eq(papers.id, paper.id));
    const stuck = await editor.post(`${G}/issues/${issueId}/publish`);
    expectError(stuck, 409, 'conflict', 'issues.paper_not_publishable');
    expect(stuck.body.message).toContain('"Withdrawn study"');
    expect((await app.deps.db.select().from(issues).where(eq(issues.id, issueId)))[0]!.status).toBe(0);
  });
});

describe('in press means private', () => {
  it('serves the final PDF of a paper in an issue in press only to the editors and its author', async () => {
    const author = await createActiveUser(app);
    const issueId = await createIssue(editor);
    const paper = await acceptedPaper(app, author.userId);
    await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 });
    const url = `${G}/papers/${paper.id}/final-file`;
    const authorClient = await app.signedIn(author.email, author.password);
    for (const client of [editor, await app.signedIn('secretary@general.test'), authorClient]) {
      const answer = await client.get(url);
      expect(answer.status).toBe(200);
      expect(answer.raw.equals(PDF)).toBe(true);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    for (const client of [
      app.client(),
      await app.signedIn('researcher@general.test'),
      await app.signedIn('reviewer@general.test'),
    ]) {
      expectError(await client.get(url), 404, 'notFound', 'errors.notFound');
    }
    expect((await editor.post(`${G}/issues/${issueId}/publish`)).status).toBe(200);
    const open = await app.client().get(url);
    expect(open.status).toBe(200);
    expect(open.headers['content-type']).toBe('application/pdf');
    expect(open.headers['cache-control']).toBe('public, max-age=300');
  });
});
