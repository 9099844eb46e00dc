import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { multipart, PDF } from './papers';

/**
 * The read side of a final decision and of a published paper (spec 02 §2–§3), on the demo data: the demo
 * researcher of each journal has a proposal awaiting revision (status 5) with the editor's decision, and the
 * published demo papers carry their final PDFs.
 */

let app: TestApp;
const G = '/api/journals/general/papers';
const E = '/api/journals/ethics/papers';

async function signedIn(email: string, slug = 'general') {
  const client = app.client();
  await client.login(email, 'Demo-pass-1', slug);
  return client;
}

/** The demo researcher's proposal awaiting revision, as the dashboard lists it. */
async function revisionRequest(client: TestClient, base: string) {
  const mine = await client.get(`${base}/mine?status=acceptedWithRevisions`);
  expect(mine.status).toBe(200);
  expect(mine.body.items).toHaveLength(1);
  return (await client.get(`${base}/${mine.body.items[0].id}`)).body;
}

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('the final decision on the paper page', () => {
  it('shows the decision, its comments, its attachment and the revision deadline to the author', async () => {
    const client = await signedIn('researcher@general.test');
    const paper = await revisionRequest(client, G);
    expect(paper).toMatchObject({
      status: 5,
      finalDecision: {
        decision: 3,
        comments: expect.stringContaining('sample size'),
        // The editor answered the journal's sheet, its texts kept with the answers.
        answers: expect.arrayContaining([
          expect.objectContaining({ questionEn: 'Is the sample size justified?', type: 1, answer: 'true' }),
        ]),
        attachment: { kind: 'decisionAttachment', originalName: 'committee-comments.pdf' },
      },
    });
    expect(paper.revisionDeadline >= new Date().toISOString().slice(0, 10)).toBe(true);
    // The attachment is not one of the submission's files.
    expect(paper.files.map((file: { kind: string }) => file.kind)).not.toContain('decisionAttachment');
    const attachment = await client.get(`${G}/${paper.id}/files/${paper.finalDecision.attachment.id}`);
    expect(attachment.status).toBe(200);
    expect(attachment.headers['content-type']).toBe('application/pdf');
    expect(attachment.raw.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is read by the editors too, and by no other researcher', async () => {
    const author = await signedIn('researcher@general.test');
    const paper = await revisionRequest(author, G);
    const editor = await signedIn('editor@general.test');
    expect((await editor.get(`${G}/${paper.id}`)).body.finalDecision.decision).toBe(3);
    const stranger = await createActiveUser(app, {}, 'general');
    const other = app.client();
    await other.login(stranger.email, stranger.password);
    expectError(await other.get(`${G}/${paper.id}`), 404, 'notFound', 'errors.notFound');
    expectError(
      await other.get(`${G}/${paper.id}/files/${paper.finalDecision.attachment.id}`),
      404,
      'notFound',
      'errors.notFound',
    );
  });

  it('stays on the first version in the history after the author resubmits, and the new version has none yet', async () => {
    const client = await signedIn('researcher@ethics.test', 'ethics');
    const old = await revisionRequest(client, E);
    expect(old.finalDecision.comments).toMatch(/[\u0600-\u06ff]/);
    const files = multipart([
      ['proposalFile', 'proposal-v2.pdf', PDF],
      ['departmentApprovalDocuments', 'approval.pdf', PDF],
      ['paymentReceipt', 'receipt.pdf', PDF],
    ]);
    const answer = await client.request('POST', `${E}/${old.id}/resubmit`, files.payload, files.headers);
    expect(answer.status).toBe(201);
    const history = (await client.get(`${E}/${answer.body.id}/history`)).body.items;
    expect(
      history.map((version: { version: number; status: number; finalDecision: { decision: number } | null }) => [
        version.version,
        version.status,
        version.finalDecision?.decision ?? null,
      ]),
    ).toEqual([
      [1, 5, 3],
      [2, 1, null],
    ]);
    expect((await client.get(`${E}/${answer.body.id}`)).body.finalDecision).toBeNull();
  });
});

describe('the final file of a paper in an issue', () => {
  it('opens for anyone, signed in or not, as a PDF in the browser, once its issue is published', async () => {
    // A published paper (status 7): an issue in press keeps its final files private (issues-publish.test.ts).
    const [published] = await app.deps.db
      .select()
      .from(papers)
      .where(and(isNotNull(papers.issueId), eq(papers.journalId, 1), eq(papers.status, 7)))
      .orderBy(papers.id)
      .limit(1);
    const answer = await app.client().get(`${G}/${published!.id}/final-file`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    // Named by the paper's code (the demo's first issue's papers were submitted in November 2025).
    expect(published!.code).toMatch(/^JAS\.25\.11\.\d$/);
    expect(String(answer.headers['content-disposition'])).toMatch(`inline; filename="${published!.code}.pdf"`);
    expect(answer.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const editor = await signedIn('editor@general.test');
    expect((await editor.get(`${G}/${published!.id}`)).body).toMatchObject({
      issue: { volume: 1, issue: '1' },
      finalFile: { kind: 'finalVersion', originalName: `${published!.code}.pdf` },
    });
  });

  it('is not found for a paper outside an issue, for another journal’s paper and for an unknown id', async () => {
    const [notInIssue] = await app.deps.db.select().from(papers).where(isNull(papers.issueId)).limit(1);
    const [ethicsPaper] = await app.deps.db
      .select()
      .from(papers)
      .where(and(isNotNull(papers.issueId), eq(papers.journalId, 2)))
      .limit(1);
    const guest = app.client();
    for (const id of [notInIssue!.id, ethicsPaper!.id, 999_999]) {
      expectError(await guest.get(`${G}/${id}/final-file`), 404, 'notFound', 'errors.notFound');
    }
  });
});
