import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journals, paperLogs, papers, reviewInvitations, users } from '../src/db/schema';
import { expectError, type TestClient } from './harness';
import { paperBody, PDF, submittedPaper, upload } from './papers';
import { app, G, generalSpec, mailsOf, researcher, useSubmissionsApp } from './submissions-setup';

/**
 * Resubmission, the history of a paper's versions, mail to staff and the original proposal an amendment cites
 * (spec 02; DESIGN §4; decision 0005).
 */

useSubmissionsApp();

async function atRevision(client: TestClient) {
  const paper = await submittedPaper(client, 'general', paperBody(generalSpec));
  await app.deps.db.update(papers).set({ status: 5 }).where(eq(papers.id, paper.id));
  return paper;
}

describe('resubmit', () => {
  it('asks a status report (kind 4) for the proposal only and keeps an approval or receipt sent anyway out of it', async () => {
    const { client } = await researcher();
    const old = await submittedPaper(
      client,
      'general',
      paperBody(generalSpec, { new_Amendment_Renewal: 4, original_Proposal_Code: 'JAS.26.09.1' }),
    );
    await app.deps.db.update(papers).set({ status: 5 }).where(eq(papers.id, old.id));
    const nothing = await client.request('POST', `${G}/${old.id}/resubmit`);
    expectError(nothing, 400, 'validation', 'errors.validation', { ProposalFile: ['validation.file_required'] });
    const files = multipartFiles();
    const answer = await client.request('POST', `${G}/${old.id}/resubmit`, files.payload, files.headers);
    expect(answer.status).toBe(201);
    const next = (await client.get(`${G}/${answer.body.id}`)).body;
    expect(next.files.map((file: { kind: string }) => file.kind).sort()).toEqual([
      'proposalFile',
      'signedInformedConsent',
    ]);
  });

  it('is only for the creator at status 5', async () => {
    const owner = await researcher();
    const other = await researcher();
    const { id } = await submittedPaper(owner.client, 'general', paperBody(generalSpec));
    const files = multipartFiles();
    expectError(
      await owner.client.request('POST', `${G}/${id}/resubmit`, files.payload, files.headers),
      409,
      'conflict',
      'errors.conflict',
    );
    await app.deps.db.update(papers).set({ status: 5 }).where(eq(papers.id, id));
    const again = multipartFiles();
    expectError(
      await other.client.request('POST', `${G}/${id}/resubmit`, again.payload, again.headers),
      404,
      'notFound',
      'errors.notFound',
    );
  });

  it('needs the proposal, the approval and the receipt', async () => {
    const { client } = await researcher();
    const { id } = await atRevision(client);
    const answer = await upload(client, `${G}/${id}/resubmit`, 'signedInformedConsent', 'c.pdf', PDF);
    expectError(answer, 400, 'validation', 'errors.validation', {
      ProposalFile: ['validation.file_required'],
      DepartmentApprovalDocuments: ['validation.file_required'],
      PaymentReceipt: ['validation.file_required'],
    });
  });

  it('creates the next version with the same code, supersedes the old one, keeps the consent and logs it', async () => {
    const { client, email } = await researcher();
    const old = await atRevision(client);
    const files = multipartFiles();
    const answer = await client.request('POST', `${G}/${old.id}/resubmit`, files.payload, files.headers);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ code: old.code, version: 2 });
    const next = (await client.get(`${G}/${answer.body.id}`)).body;
    expect(next).toMatchObject({ status: 1, parentPaperId: old.id, code: old.code, authors: [{ isMain: true }] });
    expect(next.files.map((f: { kind: string }) => f.kind).sort()).toEqual([
      'departmentApprovalDocuments',
      'paymentReceipt',
      'proposalFile',
      'signedInformedConsent',
    ]);
    const [oldRow] = await app.deps.db.select().from(papers).where(eq(papers.id, old.id));
    expect({ status: oldRow!.status, superseded: oldRow!.superseded }).toEqual({ status: 5, superseded: true });
    const history = (await client.get(`${G}/${answer.body.id}/history`)).body.items;
    expect(history.map((v: { id: number; version: number }) => [v.id, v.version])).toEqual([
      [old.id, 1],
      [answer.body.id, 2],
    ]);
    expect((await client.get(`${G}/mine`)).body.items.map((p: { id: number }) => p.id)).toEqual([answer.body.id]);
    const logs = await app.deps.db
      .select()
      .from(paperLogs)
      .where(and(eq(paperLogs.paperId, answer.body.id), eq(paperLogs.action, 'newRevision')));
    expect(logs).toHaveLength(1);
    const kinds = (await mailsOf(old.code)).map((m) => [m.toAddress, m.kind]);
    expect(kinds).toContainEqual([email, 'paperReceived']);
    expect(kinds).toContainEqual(['editor@general.test', 'newRevision']);
    const consent = next.files.find((f: { kind: string }) => f.kind === 'signedInformedConsent');
    const download = await client.get(`${G}/${answer.body.id}/files/${consent.id}`);
    expect(download.status).toBe(200);
    // Resubmitting the superseded version again is a conflict.
    const twice = multipartFiles();
    expectError(
      await client.request('POST', `${G}/${old.id}/resubmit`, twice.payload, twice.headers),
      409,
      'conflict',
      'errors.conflict',
    );
  });
});

function multipartFiles() {
  const boundary = '----resubmit';
  const part = (field: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n${PDF.toString('latin1')}\r\n`;
  const body =
    ['proposalFile', 'departmentApprovalDocuments', 'paymentReceipt'].map(part).join('') + `--${boundary}--\r\n`;
  return {
    payload: Buffer.from(body, 'latin1'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('the history', () => {
  it("lists each version's reviewers with their recommendations: named to the editor, numbered to the author once decided", async () => {
    const { client } = await researcher();
    const paper = await submittedPaper(client, 'general', paperBody(generalSpec));
    const editor = app.client();
    await editor.login('editor@general.test', 'Demo-pass-1', 'general');
    const idOf = async (email: string) =>
      (await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
    const base = { journalId: journal!.id, paperId: paper.id, deadline: '2030-01-01' };
    await app.deps.db.insert(reviewInvitations).values([
      { ...base, reviewerId: await idOf('reviewer2@general.test'), status: 1 },
      {
        ...base,
        reviewerId: await idOf('reviewer@general.test'),
        status: 3,
        reviewedAt: new Date(),
        recommendation: 6,
      },
    ]);
    await app.deps.db.update(papers).set({ status: 3 }).where(eq(papers.id, paper.id));

    const asEditor = (await editor.get(`${G}/${paper.id}/history`)).body.items;
    expect(asEditor[0].reviewers).toEqual([
      { fullName: 'Sara Youssef', status: 3, decision: 6, reviewedAt: expect.any(String) },
      { fullName: 'Hany Farouk', status: 1, decision: null, reviewedAt: null },
    ]);
    // Before the decision the author sees no review; after it, the finished ones, without a name.
    expect((await client.get(`${G}/${paper.id}/history`)).body.items[0].reviewers).toEqual([]);
    await app.deps.db.update(papers).set({ status: 5 }).where(eq(papers.id, paper.id));
    const asAuthor = await client.get(`${G}/${paper.id}/history`);
    expect(asAuthor.body.items[0].reviewers).toEqual([{ status: 3, decision: 6, reviewedAt: expect.any(String) }]);
    expect(JSON.stringify(asAuthor.body)).not.toMatch(/Sara|Hany/);
  });
});

describe('mail to staff and the original proposal', () => {
  it("queues a message to the journal's editors with the sender as Reply-To", async () => {
    const { client, email } = await researcher();
    const { id, code } = await submittedPaper(client, 'general', paperBody(generalSpec));
    expectError(await client.post(`${G}/${id}/mail-staff`, { message: ' ' }), 400, 'validation', 'errors.validation', {
      Message: ['validation.required'],
    });
    const answer = await client.post(`${G}/${id}/mail-staff`, { message: 'Please check the consent form.' });
    expect(answer.status).toBe(200);
    expect(answer.body.messageKey).toBe('messages.mailSent');
    const mails = (await mailsOf(code)).filter((m) => m.kind === 'mailStaff');
    expect(mails.map((m) => [m.toAddress, m.replyTo]).sort()).toEqual([
      ['editor@general.test', email],
      ['secretary@general.test', email],
    ]);
    expect(mails[0]!.text).toContain('Please check the consent form.');
  });

  it('shows the original proposal to its author and to readers of their amendment, not to a stranger citing it', async () => {
    const author = await researcher();
    const stranger = await researcher();
    const original = await submittedPaper(
      author.client,
      'general',
      paperBody(generalSpec, { title_of_the_work: 'Original' }),
    );
    const url = `${G}/original/${original.code}`;
    expect((await author.client.get(url)).body.title_of_the_work).toBe('Original');
    await stranger.client.post(
      G,
      paperBody(generalSpec, { new_Amendment_Renewal: 2, original_Proposal_Code: original.code }),
    );
    expectError(await stranger.client.get(url), 404, 'notFound', 'errors.notFound');
    const editor = app.client();
    await editor.login('editor@general.test');
    expect((await editor.get(url)).status).toBe(200);
    expectError(await author.client.get(`${G}/original/XX.00.00.0`), 404, 'notFound', 'errors.notFound');
  });

  it('lets the handling editor of an amendment download the files of the original it cites, and nothing more', async () => {
    const author = await researcher();
    const specializations = (await app.client().get('/api/journals/general/auth/register')).body.specializations;
    // handling@general.test handles the journal's first specialization only: the original is in another one.
    const otherSpec = specializations[1].id as number;
    const original = await submittedPaper(author.client, 'general', paperBody(otherSpec));
    await submittedPaper(
      author.client,
      'general',
      paperBody(generalSpec, { new_Amendment_Renewal: 2, original_Proposal_Code: original.code }),
    );
    const handling = app.client();
    await handling.login('handling@general.test');
    const view = await handling.get(`${G}/original/${original.code}`);
    expect(view.status).toBe(200);
    const file = view.body.files.find((f: { kind: string }) => f.kind === 'proposalFile');
    const download = await handling.get(`${G}/original/${original.code}/files/${file.id}`);
    expect(download.status).toBe(200);
    expect(download.raw.subarray(0, 5).toString()).toBe('%PDF-');
    // The paper's own file route keeps its rule: the original is not theirs to read directly.
    expectError(await handling.get(`${G}/${original.id}/files/${file.id}`), 404, 'notFound', 'errors.notFound');
    // A file id of another paper is not found through the original's route.
    const stranger = await submittedPaper(author.client, 'general', paperBody(generalSpec));
    const strangerFile = (await author.client.get(`${G}/${stranger.id}`)).body.files[0].id;
    expectError(
      await handling.get(`${G}/original/${original.code}/files/${strangerFile}`),
      404,
      'notFound',
      'errors.notFound',
    );
  });
});
