import { and, eq } from 'drizzle-orm';
import { PROPOSAL_CODE_SHAPE } from '@journals/core/papers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  journalPaymentSettings,
  journals,
  mailOutbox,
  paperFiles,
  paperLogs,
  papers,
  reviewInvitations,
  users,
} from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { completeDraft, ethicsExtras, paperBody, PDF, specializationOf, submittedPaper, upload } from './papers';

/** Drafts, submission, resubmission and the author dashboard (spec 02; DESIGN §4; decision 0005). */

let app: TestApp;
let generalSpec: number;
let ethicsSpec: number;

const G = '/api/journals/general/papers';
const E = '/api/journals/ethics/papers';

async function researcher(slug = 'general') {
  const user = await createActiveUser(app, { specializations: [slug === 'ethics' ? ethicsSpec : generalSpec] }, slug);
  const client = app.client();
  await client.login(user.email, user.password, slug);
  return { client, ...user };
}

const mailsOf = (paperCode: string) =>
  app.deps.db
    .select()
    .from(mailOutbox)
    .then((rows) => rows.filter((row) => row.subject.includes(paperCode)));

/** The keys of `keys` that the storage still holds an object for. */
async function storedOf(keys: string[]) {
  const held: string[] = [];
  for (const key of keys) {
    const object = await app.deps.storage.get(key);
    object?.stream.destroy();
    if (object) held.push(key);
  }
  return held;
}

beforeAll(async () => {
  app = await buildTestApp();
  generalSpec = await specializationOf(app.client(), 'general');
  ethicsSpec = await specializationOf(app.client(), 'ethics');
});
afterAll(() => app.close());

describe('drafts', () => {
  it('saves a draft with only a title, lists it, reads it back and saves it again', async () => {
    const { client } = await researcher();
    const created = await client.post(G, { title_of_the_work: 'Half done' });
    expect(created.status).toBe(201);
    const drafts = await client.get(`${G}/drafts`);
    expect(drafts.body.items.map((d: { id: number; title: string }) => [d.id, d.title])).toEqual([
      [created.body.id, 'Half done'],
    ]);
    const saved = await client.put(`${G}/${created.body.id}`, paperBody(generalSpec));
    expect(saved.status).toBe(200);
    const read = await client.get(`${G}/${created.body.id}`);
    expect(read.body).toMatchObject({
      status: 0,
      code: null,
      title_of_the_work: 'Structured education and recovery',
      authors: [{ email: 'karim@example.org', isMain: true }],
      payment: { due: false, amount: null },
    });
  });

  it('keeps the limits on drafts, with the spec field names and the all-authors mark', async () => {
    const { client } = await researcher();
    const answer = await client.post(G, {
      title_of_the_work: 'x'.repeat(101),
      authors: [{ fullName: 'A', email: 'not-mail', phone: '+201000000000', workPlace: 'W', isMain: true }],
    });
    expectError(answer, 400, 'validation', 'errors.validation', {
      Title_of_the_work: ['validation.title_max'],
      'Authors[0].email': ['validation.valid_email'],
      Authors: ['validation.all_authors_required'],
    });
  });

  it('refuses a specialization of another journal', async () => {
    const { client } = await researcher();
    const answer = await client.post(G, { specializationId: ethicsSpec });
    expectError(answer, 400, 'validation', 'errors.validation', {
      SpecializationId: ['validation.unknown_specialization'],
    });
  });

  it('deletes a draft with its files', async () => {
    const { client } = await researcher();
    const id = await completeDraft(client, 'general', paperBody(generalSpec));
    const files = (await client.get(`${G}/${id}`)).body.files as { id: number }[];
    expect(files).toHaveLength(4);
    const keys = (await app.deps.db.select().from(paperFiles).where(eq(paperFiles.paperId, id))).map(
      (row) => row.storageKey,
    );
    expect(keys).toHaveLength(4);
    expect(await storedOf(keys)).toEqual(keys);

    expect((await client.request('DELETE', `${G}/${id}`)).status).toBe(204);
    expect((await client.get(`${G}/${id}`)).status).toBe(404);
    for (const file of files) expect((await client.get(`${G}/${id}/files/${file.id}`)).status).toBe(404);
    expect(await app.deps.db.select().from(papers).where(eq(papers.id, id))).toEqual([]);
    expect(await app.deps.db.select().from(paperFiles).where(eq(paperFiles.paperId, id))).toEqual([]);
    expect(await storedOf(keys)).toEqual([]);
  });

  it("answers 404 for another researcher's draft and for a paper of another journal", async () => {
    const owner = await researcher();
    const other = await researcher();
    const { body } = await owner.client.post(G, { title_of_the_work: 'Mine' });
    for (const answer of [
      await other.client.get(`${G}/${body.id}`),
      await other.client.put(`${G}/${body.id}`, { title_of_the_work: 'Yours now' }),
      await other.client.request('DELETE', `${G}/${body.id}`),
      await other.client.post(`${G}/${body.id}/submit`, { acceptTerms: true }),
      await owner.client.get(`${E}/${body.id}`),
    ]) {
      expectError(answer, 404, 'notFound', 'errors.notFound');
    }
    expect((await owner.client.get(`${G}/${body.id}`)).body.title_of_the_work).toBe('Mine');
  });
});

describe('submit', () => {
  it('needs every field, the required files and the terms', async () => {
    const { client } = await researcher();
    const { body } = await client.post(G, { title_of_the_work: 'Only a title' });
    const answer = await client.post(`${G}/${body.id}/submit`, {});
    expectError(answer, 400, 'validation', 'errors.validation');
    expect(answer.body.errors).toMatchObject({
      StatusOfApplicant: ['validation.required'],
      Department: ['validation.required'],
      Keywords: ['validation.keywords_required'],
      Authors: ['validation.authors_required'],
      ProposalFile: ['validation.file_required'],
      SignedInformedConsent: ['validation.file_required'],
      DepartmentApprovalDocuments: ['validation.file_required'],
      PaymentReceipt: ['validation.file_required'],
      Terms: ['validation.terms_required'],
    });
    expect(answer.body.errors.Answers).toBeUndefined();
    expect(answer.body.errors.Reviewers).toBeUndefined();
    expect((await client.get(`${G}/${body.id}`)).body.status).toBe(0);
  });

  it('asks a status report (kind 4) only for the proposal and the consent', async () => {
    const { client } = await researcher();
    const { body } = await client.post(G, paperBody(generalSpec, { new_Amendment_Renewal: 4 }));
    const answer = await client.post(`${G}/${body.id}/submit`, { acceptTerms: true });
    expect(Object.keys(answer.body.errors).sort()).toEqual([
      'Original_Proposal_Code',
      'ProposalFile',
      'SignedInformedConsent',
    ]);
  });

  it('leaves the approval and the receipt of a status report (kind 4) uploaded in its draft out of the paper', async () => {
    const { client } = await researcher();
    const id = await completeDraft(
      client,
      'general',
      paperBody(generalSpec, { new_Amendment_Renewal: 4, original_Proposal_Code: 'JAS.26.09.1' }),
    );
    const before = (await client.get(`${G}/${id}`)).body;
    expect(before.files.map((file: { kind: string }) => file.kind).sort()).toEqual([
      'departmentApprovalDocuments',
      'paymentReceipt',
      'proposalFile',
      'signedInformedConsent',
    ]);
    const answer = await client.post(`${G}/${id}/submit`, { acceptTerms: true });
    expect(answer.status).toBe(200);
    const read = (await client.get(`${G}/${id}`)).body;
    expect(read.status).toBe(1);
    expect(read.files.map((file: { kind: string }) => file.kind).sort()).toEqual([
      'proposalFile',
      'signedInformedConsent',
    ]);
  });

  it('asks the ethics journal for the nine answers and two suggested reviewers', async () => {
    const { client } = await researcher('ethics');
    const id = await completeDraft(client, 'ethics', paperBody(ethicsSpec));
    const refused = await client.post(`${E}/${id}/submit`, { acceptTerms: true });
    expectError(refused, 400, 'validation', 'errors.validation', {
      Reviewers: ['validation.reviewers_min'],
      ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => [`Answers[${i}]`, ['validation.required']])),
    });
    const answers = ethicsExtras.answers.map((a) => (a.questionId === 8 ? { ...a, answer: 'yes' } : a));
    const noComment = await client.post(`${E}/${id}/submit`, {
      ...paperBody(ethicsSpec),
      ...ethicsExtras,
      answers,
      acceptTerms: true,
    });
    expect(noComment.body.errors).toEqual({
      'Answers[7].vulnerableGroupComment': ['validation.vulnerable_comment_required'],
    });
    const accepted = await client.post(`${E}/${id}/submit`, {
      ...paperBody(ethicsSpec),
      ...ethicsExtras,
      acceptTerms: true,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.code).toMatch(PROPOSAL_CODE_SHAPE);
  });

  it('assigns {prefix}.{YY}.{MM}.{n} in submission order, logs it and mails the author and the editors', async () => {
    const { client, email } = await researcher();
    const now = new Date();
    const month = `JAS.${String(now.getUTCFullYear() % 100).padStart(2, '0')}.${String(now.getUTCMonth() + 1).padStart(2, '0')}.`;
    const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
    const before = (await app.deps.db.select().from(papers).where(eq(papers.journalId, journal!.id))).filter((p) =>
      p.code?.startsWith(month),
    ).length;
    const first = await submittedPaper(client, 'general', paperBody(generalSpec));
    const second = await submittedPaper(client, 'general', paperBody(generalSpec, { title_of_the_work: 'Second' }));
    expect(first.code).toBe(`${month}${before + 1}`);
    expect(second.code).toBe(`${month}${before + 2}`);

    const read = (await client.get(`${G}/${first.id}`)).body;
    expect(read).toMatchObject({ status: 1, code: first.code, payment: { due: false, amount: null } });
    expect(read.submittedAt).toBeTruthy();
    const logs = await app.deps.db.select().from(paperLogs).where(eq(paperLogs.paperId, first.id));
    expect(logs.map((log) => [log.action, log.paperStatus])).toEqual([['newProposal', 1]]);
    const mails = await mailsOf(first.code);
    expect(mails.map((mail) => [mail.toAddress, mail.kind]).sort()).toEqual(
      [
        [email, 'paperReceived'],
        ['editor@general.test', 'newProposal'],
        ['secretary@general.test', 'newProposal'],
      ].sort(),
    );
  });

  it('numbers two submissions made at the same moment one after the other', async () => {
    const { client } = await researcher();
    const ids = [
      await completeDraft(client, 'general', paperBody(generalSpec)),
      await completeDraft(client, 'general', paperBody(generalSpec)),
    ];
    const answers = await Promise.all(ids.map((id) => client.post(`${G}/${id}/submit`, { acceptTerms: true })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const numbers = answers.map((answer) => Number(String(answer.body.code).split('.').pop()));
    expect(Math.abs(numbers[0]! - numbers[1]!)).toBe(1);
  });

  it('is idempotent: submitting again answers the same code and writes nothing', async () => {
    const { client } = await researcher();
    const { id, code } = await submittedPaper(client, 'general', paperBody(generalSpec));
    const mailsBefore = (await mailsOf(code)).length;
    const again = await client.post(`${G}/${id}/submit`, { acceptTerms: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id, code });
    expect((await mailsOf(code)).length).toBe(mailsBefore);
    expect(await app.deps.db.select().from(paperLogs).where(eq(paperLogs.paperId, id))).toHaveLength(1);
  });

  it('is not editable once submitted', async () => {
    const { client } = await researcher();
    const { id } = await submittedPaper(client, 'general', paperBody(generalSpec));
    const fileId = (await client.get(`${G}/${id}`)).body.files[0].id;
    for (const answer of [
      await client.put(`${G}/${id}`, paperBody(generalSpec)),
      await client.request('DELETE', `${G}/${id}`),
      await upload(client, `${G}/${id}/files/proposalFile`, 'proposalFile', 'new.pdf', PDF),
      await client.request('DELETE', `${G}/${id}/files/${fileId}`),
    ]) {
      expectError(answer, 409, 'conflict', 'errors.paperNotEditable');
    }
  });

  it('shows the upload fee as due when the journal charges at upload', async () => {
    const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
    await app.deps.db
      .update(journalPaymentSettings)
      .set({ atUpload: true, atUploadPrice: '150.00' })
      .where(eq(journalPaymentSettings.journalId, journal!.id));
    try {
      const { client } = await researcher();
      const { id } = await submittedPaper(client, 'general', paperBody(generalSpec));
      expect((await client.get(`${G}/${id}`)).body.payment).toEqual({ due: true, amount: '150.00' });
      const [row] = await app.deps.db.select().from(papers).where(eq(papers.id, id));
      expect(row!.uploadPaid).toBe(false);
    } finally {
      await app.deps.db
        .update(journalPaymentSettings)
        .set({ atUpload: false })
        .where(eq(journalPaymentSettings.journalId, journal!.id));
    }
  });
});

describe('the author dashboard', () => {
  it('counts, filters, searches and pages the newest versions of the user’s submitted papers', async () => {
    const { client } = await researcher();
    await client.post(G, { title_of_the_work: 'A draft never counts' });
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      ids.push(
        (await submittedPaper(client, 'general', paperBody(generalSpec, { title_of_the_work: `Paper ${i}` }))).id,
      );
    }
    await app.deps.db.update(papers).set({ status: 4 }).where(eq(papers.id, ids[0]!));
    await app.deps.db.update(papers).set({ status: 6 }).where(eq(papers.id, ids[1]!));
    await app.deps.db.update(papers).set({ status: 7 }).where(eq(papers.id, ids[2]!));
    const page1 = (await client.get(`${G}/mine`)).body;
    expect(page1.total).toBe(11);
    expect(page1.items).toHaveLength(10);
    // Newest first, and the second page goes on where the first stopped (two statement shapes, one order).
    expect(page1.items.map((p: { title: string }) => p.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Paper ${10 - i}`),
    );
    expect(page1.statistics).toEqual({
      all: 11,
      accepted: 1,
      rejected: 1,
      acceptedWithRevisions: 0,
      waiting: 8,
      published: 1,
    });
    expect((await client.get(`${G}/mine?page=2`)).body.items.map((p: { title: string }) => p.title)).toEqual([
      'Paper 0',
    ]);
    expect((await client.get(`${G}/mine?status=rejected`)).body.items.map((p: { id: number }) => p.id)).toEqual([
      ids[1],
    ]);
    const code = (await client.get(`${G}/${ids[5]}`)).body.code;
    expect((await client.get(`${G}/mine?search=${encodeURIComponent(code)}`)).body.total).toBe(1);
    expect((await client.get(`${G}/mine?search=paper%209`)).body.items[0].title).toBe('Paper 9');
    expectError(await client.get(`${G}/mine?status=lost`), 400, 'validation', 'errors.validation');
  });
});

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
