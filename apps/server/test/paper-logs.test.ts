import { isoDay } from '@journals/core/reviewing';
import { PAPER_LOG_COUNT_CAP, PAPER_LOG_PAGE_SIZE } from '@journals/core/schemas/paper-logs';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, mailOutbox, users } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { multipartForm, paperBody, PDF, submittedPaper } from './papers';

/**
 * The paper logs (issue 10 §3; spec 03 "Paper logs", §4 log actions): every action written by the flow that causes
 * it, read back through the routes an editor's screen uses, in the scope of who asks.
 */

let app: TestApp;
let spec: number;
let otherSpec: number;
let editor: TestClient;
const G = '/api/journals/general';
const addDays = (day: string, days: number) =>
  isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * 86_400_000));
const today = () => isoDay(new Date());

async function signedIn(email: string, password = 'Demo-pass-1') {
  const client = app.client();
  await client.login(email, password);
  return client;
}

async function author() {
  const user = await createActiveUser(app, { specializations: [spec] });
  return { ...user, client: await signedIn(user.email, user.password) };
}

const userId = async (email: string) =>
  (await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const invite = async (paperId: number, body: Record<string, unknown>) => {
  const answer = await editor.post(`${G}/papers/${paperId}/reviewers`, {
    specializationId: spec,
    deadline: addDays(today(), 14),
    confirmConflict: true,
    ...body,
  });
  expect(answer.status).toBe(201);
  return answer.body.id as number;
};

/** The refuse link of the latest invitation mail to someone, as the link page posts it. */
async function refuseLink(address: string) {
  const [mail] = await app.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, 'reviewInvitation')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = [...(mail?.text.matchAll(/https?:\/\/\S+/g) ?? [])]
    .map((match) => new URL(match[0]))
    .find((url) => url.pathname.endsWith('/reject'))!;
  return {
    rId: Number(link.searchParams.get('rId')),
    pId: Number(link.searchParams.get('pId')),
    sig: link.searchParams.get('sig')!,
  };
}

/** A paper's log as the editor's dialog reads it: action, status recorded, doer's e-mail, notes. */
async function logOf(paperId: number, client = editor) {
  const answer = await client.get(`${G}/papers/${paperId}/logs`);
  expect(answer.status).toBe(200);
  return answer.body as {
    paper: { id: number; code: string; title: string };
    items: {
      action: string;
      paperStatus: number;
      by: { email: string; fullName: string } | null;
      notes: string | null;
      at: string;
      paper: { id: number; version: number };
    }[];
  };
}
const steps = (log: Awaited<ReturnType<typeof logOf>>) =>
  log.items.map((entry) => [entry.action, entry.paperStatus, entry.by?.email ?? null]);

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  const specializations = (await app.client().get(`${G}/auth/register`)).body.specializations as { id: number }[];
  spec = specializations[0]!.id;
  otherSpec = specializations[1]!.id;
  editor = await signedIn('editor@general.test');
});
afterAll(() => app.close());

describe('every action of spec 03 §4 is written by the flow that causes it', () => {
  it('logs a paper from submission through review, decision and revision, each by whoever did it', async () => {
    const researcher = await author();
    const paper = await submittedPaper(
      researcher.client,
      'general',
      paperBody(spec, { title_of_the_work: 'Logged journey of a cohort' }),
    );
    const sara = await signedIn('reviewer@general.test');
    const hany = await signedIn('reviewer2@general.test');

    const saraInvitation = await invite(paper.id, { reviewerId: await userId('reviewer@general.test') });
    const hanyInvitation = await invite(paper.id, { reviewerId: await userId('reviewer2@general.test') });
    await invite(paper.id, { newReviewer: { fullName: 'Mona Adel', email: 'mona.logs@example.org' } });
    const removed = await invite(paper.id, {
      newReviewer: { fullName: 'Tarek Samir', email: 'tarek.logs@example.org' },
    });

    // The editor moves a deadline, then removes that reviewer.
    const editorDeadline = addDays(today(), 21);
    expect(
      (await editor.put(`${G}/papers/${paper.id}/reviewers/${removed}/deadline`, { deadline: editorDeadline })).status,
    ).toBe(200);
    expect((await editor.request('DELETE', `${G}/papers/${paper.id}/reviewers/${removed}`)).status).toBe(204);
    // Sara accepts and asks for a later deadline; Hany declines from his dashboard; Mona from the mail's link page.
    expect((await sara.post(`${G}/reviewing/${saraInvitation}/accept`)).status).toBe(200);
    const extended = addDays(today(), 30);
    expect((await sara.post(`${G}/reviewing/${saraInvitation}/deadline`, { deadline: extended })).status).toBe(200);
    expect(
      (await hany.post(`${G}/reviewing/${hanyInvitation}/refuse`, { category: 'noTime', reason: 'Travelling' })).status,
    ).toBe(200);
    const guest = app.client();
    expect(
      (
        await guest.post(`${G}/invitation-links/refuse`, {
          ...(await refuseLink('mona.logs@example.org')),
          category: 'outsideExpertise',
          reason: 'Not my field',
        })
      ).status,
    ).toBe(200);
    // Sara's review is the last one: the paper waits for its decision.
    const questions = (await sara.get(`${G}/reviewing/${saraInvitation}/sheet`)).body.questions as {
      id: number;
      type: number;
    }[];
    const answers = Object.fromEntries(questions.map((question) => [question.id, question.type === 1 ? 'true' : '4']));
    const review = multipartForm({
      review: JSON.stringify({ answers, commentForAuthor: 'Clear.', commentForEditor: 'Fine.', recommendation: 6 }),
    });
    expect(
      (await sara.request('POST', `${G}/reviewing/${saraInvitation}/review`, review.payload, review.headers)).status,
    ).toBe(200);
    const decision = multipartForm({
      decision: JSON.stringify({ decision: 3, comments: 'Revise.', revisionDeadline: addDays(today(), 20) }),
    });
    expect(
      (await editor.request('POST', `${G}/papers/${paper.id}/decision`, decision.payload, decision.headers)).status,
    ).toBe(200);
    // The author resubmits: a new version with the same code.
    const boundary = '----logs';
    const files = ['proposalFile', 'departmentApprovalDocuments', 'paymentReceipt']
      .map(
        (field) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF.toString('latin1')}\r\n`,
      )
      .join('');
    const resubmitted = await researcher.client.request(
      'POST',
      `${G}/papers/${paper.id}/resubmit`,
      Buffer.from(`${files}--${boundary}--\r\n`, 'latin1'),
      {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    );
    expect(resubmitted.status).toBe(201);

    const ed = 'editor@general.test';
    const expected = [
      ['newProposal', 1, researcher.email],
      ['reviewerAdded', 1, ed],
      ['statusChanged', 2, ed],
      ['reviewerAdded', 2, ed],
      ['reviewerAdded', 2, ed],
      ['reviewerAdded', 2, ed],
      ['deadlineChanged', 2, ed],
      ['reviewerRemoved', 2, ed],
      ['invitationAccepted', 2, 'reviewer@general.test'],
      ['deadlineChanged', 2, 'reviewer@general.test'],
      ['invitationRejected', 2, 'reviewer2@general.test'],
      ['invitationDirectlyRejected', 2, 'mona.logs@example.org'],
      ['invitationFinished', 2, 'reviewer@general.test'],
      ['statusChanged', 3, 'reviewer@general.test'],
      ['finalDecision', 5, ed],
      ['newRevision', 1, researcher.email],
    ];
    // The whole log of either version: both versions' entries, oldest first.
    for (const id of [paper.id, resubmitted.body.id as number]) {
      const log = await logOf(id);
      expect(steps(log)).toEqual(expected);
      expect(log.paper).toEqual({ id, code: paper.code, title: 'Logged journey of a cohort' });
    }
    const log = await logOf(paper.id);
    const notes = Object.fromEntries(log.items.map((entry) => [`${entry.action}:${entry.by?.email}`, entry.notes]));
    expect(notes).toMatchObject({
      [`deadlineChanged:${ed}`]: `${addDays(today(), 14)} → ${editorDeadline}`,
      'deadlineChanged:reviewer@general.test': `${addDays(today(), 14)} → ${extended}`,
      [`reviewerRemoved:${ed}`]: 'Tarek Samir',
      'invitationRejected:reviewer2@general.test': 'noTime: Travelling',
      'invitationDirectlyRejected:mona.logs@example.org': 'outsideExpertise: Not my field',
      [`finalDecision:${ed}`]: '3',
    });
    expect(log.items.at(-1)!.paper.version).toBe(2);
    expect(log.items[0]!.by).toEqual({ fullName: expect.any(String), email: researcher.email });
    expect(new Date(log.items[0]!.at).toISOString()).toBe(log.items[0]!.at);
  });

  it('logs a final decision that closes an open invitation, and a direct refusal', async () => {
    const researcher = await author();
    const reviewed = await submittedPaper(researcher.client, 'general', paperBody(spec));
    await invite(reviewed.id, { reviewerId: await userId('reviewer@general.test') });
    const decision = multipartForm({ decision: JSON.stringify({ decision: 2, comments: 'Not suitable.' }) });
    expect(
      (await editor.request('POST', `${G}/papers/${reviewed.id}/decision`, decision.payload, decision.headers)).status,
    ).toBe(200);
    expect(steps(await logOf(reviewed.id)).slice(-2)).toEqual([
      ['finalDecision', 6, 'editor@general.test'],
      ['reviewerRemoved', 6, 'editor@general.test'],
    ]);

    const refused = await submittedPaper(researcher.client, 'general', paperBody(spec));
    expect((await editor.post(`${G}/papers/${refused.id}/refuse`, { outOfScope: true })).status).toBe(200);
    const log = await logOf(refused.id);
    expect(steps(log)).toEqual([
      ['newProposal', 1, researcher.email],
      ['directlyRejected', 6, 'editor@general.test'],
    ]);
    expect(log.items[1]!.notes).toBe('outOfScope');
  });
});

describe('the journal paper logs', () => {
  let mine: { id: number; code: string };
  let elsewhere: { id: number; code: string };

  beforeAll(async () => {
    const researcher = await author();
    mine = await submittedPaper(
      researcher.client,
      'general',
      paperBody(spec, { title_of_the_work: 'Zinc in handling scope' }),
    );
    elsewhere = await submittedPaper(
      researcher.client,
      'general',
      paperBody(otherSpec, { title_of_the_work: 'Zinc outside the scope' }),
    );
    await invite(elsewhere.id, { reviewerId: await userId('reviewer2@general.test') });
  });

  it('lists the newest entries first with who, when, the paper and its status, a page at a time', async () => {
    const first = await editor.get(`${G}/paper-logs`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: PAPER_LOG_PAGE_SIZE });
    expect(first.body.items).toHaveLength(PAPER_LOG_PAGE_SIZE);
    expect(first.body.total).toBeGreaterThan(PAPER_LOG_PAGE_SIZE);
    expect(first.body.items[0]).toMatchObject({
      action: 'statusChanged',
      by: { fullName: expect.any(String), email: 'editor@general.test' },
      paper: { id: elsewhere.id, code: elsewhere.code, title: 'Zinc outside the scope', version: 1 },
      paperStatus: 2,
      notes: null,
    });
    const times = first.body.items.map((entry: { at: string }) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const second = await editor.get(`${G}/paper-logs?page=2`);
    expect(second.body.total).toBe(first.body.total);
    const ids = (answer: typeof first) => answer.body.items.map((entry: { id: number }) => entry.id);
    expect(ids(second).some((id: number) => ids(first).includes(id))).toBe(false);
    const last = Math.ceil(first.body.total / PAPER_LOG_PAGE_SIZE);
    expect((await editor.get(`${G}/paper-logs?page=${last + 1}`)).body).toMatchObject({
      items: [],
      total: first.body.total,
    });
  });

  it('searches by title or code and filters by the status recorded with the entry', async () => {
    const byTitle = await editor.get(`${G}/paper-logs?search=${encodeURIComponent('zinc IN handling')}`);
    expect(
      byTitle.body.items.map((entry: { action: string; paper: { id: number } }) => [entry.action, entry.paper.id]),
    ).toEqual([['newProposal', mine.id]]);
    expect(byTitle.body.total).toBe(1);
    const byCode = await editor.get(`${G}/paper-logs?search=${encodeURIComponent(elsewhere.code)}`);
    expect(byCode.body.items.map((entry: { action: string }) => entry.action)).toEqual([
      'statusChanged',
      'reviewerAdded',
      'newProposal',
    ]);
    const underReview = await editor.get(`${G}/paper-logs?search=zinc&status=2`);
    expect(
      underReview.body.items.map((entry: { action: string; paperStatus: number }) => [entry.action, entry.paperStatus]),
    ).toEqual([['statusChanged', 2]]);
    expect(underReview.body.total).toBe(1);
    const rejected = await editor.get(`${G}/paper-logs?status=6`);
    expect(rejected.body.items.length).toBeGreaterThan(0);
    expect(rejected.body.items.every((entry: { paperStatus: number }) => entry.paperStatus === 6)).toBe(true);
    // LIKE's wildcards are searched as text.
    expect((await editor.get(`${G}/paper-logs?search=${encodeURIComponent('%_')}`)).body).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('shows a handling editor only the papers of their specializations', async () => {
    const handling = await signedIn('handling@general.test');
    const answer = await handling.get(`${G}/paper-logs?search=zinc`);
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((entry: { paper: { id: number } }) => entry.paper.id)).toEqual([mine.id]);
    expect(answer.body.total).toBe(1);
    expect((await logOf(mine.id, handling)).items).toHaveLength(1);
    expectError(await handling.get(`${G}/papers/${elsewhere.id}/logs`), 404, 'notFound', 'errors.notFound');
  });

  it('refuses authors and reviewers (403), guests (401) and answers 404 for another journal', async () => {
    const researcher = await author();
    for (const client of [researcher.client, await signedIn('reviewer@general.test')]) {
      expectError(await client.get(`${G}/paper-logs`), 403, 'forbidden', 'errors.forbidden');
      expectError(await client.get(`${G}/papers/${mine.id}/logs`), 403, 'forbidden', 'errors.forbidden');
    }
    expectError(await app.client().get(`${G}/paper-logs`), 401, 'unauthenticated', 'errors.unauthenticated');
    const otherEditor = await signedIn('editor@ethics.test');
    expectError(
      await otherEditor.get(`/api/journals/ethics/papers/${mine.id}/logs`),
      404,
      'notFound',
      'errors.notFound',
    );
  });

  it('answers bad input with a translated 400', async () => {
    const arabic = await signedIn('editor@general.test');
    arabic.language = 'ar';
    for (const query of ['status=9', 'status=x', 'page=0', 'page=1.5', `search=${'a'.repeat(201)}`]) {
      const answer = await arabic.get(`${G}/paper-logs?${query}`);
      expectError(answer, 400, 'validation', 'errors.validation');
      expect(answer.body.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  // Last: it writes more entries than the others would like to count.
  it('counts at most PAPER_LOG_COUNT_CAP entries, says there are more, and pages no further', async () => {
    expect((await editor.get(`${G}/paper-logs`)).body.more).toBe(false);
    const [journal] = await app.deps.db.select({ id: journals.id }).from(journals).where(eq(journals.slug, 'general'));
    await app.deps.db.execute(sql`insert into paper_logs (journal_id, paper_id, action, paper_status, created_at)
      select ${journal!.id}, ${mine.id}, 'reminderSent', 1, now() - make_interval(secs => n)
      from generate_series(1, ${PAPER_LOG_COUNT_CAP}) n`);
    const capped = { total: PAPER_LOG_COUNT_CAP, more: true };
    expect((await editor.get(`${G}/paper-logs`)).body).toMatchObject(capped);
    expect((await editor.get(`${G}/paper-logs?search=${encodeURIComponent(mine.code)}`)).body).toMatchObject(capped);
    // Narrowed below the cap, the count is exact again.
    expect((await editor.get(`${G}/paper-logs?status=2&search=zinc`)).body).toMatchObject({ total: 1, more: false });
    const lastPage = PAPER_LOG_COUNT_CAP / PAPER_LOG_PAGE_SIZE;
    expect((await editor.get(`${G}/paper-logs?page=${lastPage}`)).body.items).toHaveLength(PAPER_LOG_PAGE_SIZE);
    expectError(await editor.get(`${G}/paper-logs?page=${lastPage + 1}`), 400, 'validation', 'errors.validation');
  });
});
