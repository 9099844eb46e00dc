import { eq } from 'drizzle-orm';
import { PROPOSAL_CODE_SHAPE } from '@journals/core/papers';
import { describe, expect, it } from 'vitest';
import { journalPaymentSettings, journals, paperFiles, paperLogs, papers } from '../src/db/schema';
import { expectError } from './harness';
import { completeDraft, ethicsExtras, paperBody, PDF, submittedPaper, upload } from './papers';
import { app, E, ethicsSpec, G, generalSpec, mailsOf, researcher, useSubmissionsApp } from './submissions-setup';

/** Drafts, their submission and the author dashboard (spec 02; DESIGN §4; decision 0005). */

useSubmissionsApp();

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
