import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperFiles, papers } from '../src/db/schema';
import { uploadFile } from '../src/features/submissions/submissions.service';
import { buildTestApp, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { DOCX, EXE, JPEG, paperBody, PDF, specializationOf, upload } from './papers';
import { startS3, type TestS3 } from './s3';

/** Paper documents (DESIGN §7; decision 0005): one slot a request, checked by extension and content. */

let app: TestApp;
let client: TestClient;
let generalSpec: number;
const G = '/api/journals/general/papers';

beforeAll(async () => {
  app = await buildTestApp();
  generalSpec = await specializationOf(app.client(), 'general');
  const user = await createActiveUser(app, { specializations: [generalSpec] });
  client = app.client();
  await client.login(user.email, user.password);
});
afterAll(() => app.close());

async function newDraft() {
  return (await client.post(G, paperBody(generalSpec))).body.id as number;
}

/** What is stored for a paper: its rows and the files under its folder. */
async function storedFor(paperId: number) {
  const rows = await app.deps.db.select().from(paperFiles).where(eq(paperFiles.paperId, paperId));
  const folder = path.join(app.deps.config.DATA_DIR, 'files', 'papers');
  if (!existsSync(folder)) return { rows: rows.length, files: 0 };
  const files = readdirSync(folder, { recursive: true }).filter((name) =>
    String(name).includes(`${path.sep}${paperId}${path.sep}`),
  );
  return { rows: rows.length, files: files.length };
}

describe('uploads', () => {
  it('accepts a PDF, a DOCX and, for the department approval, a JPEG', async () => {
    const id = await newDraft();
    const pdf = await upload(client, `${G}/${id}/files/proposalFile`, 'proposalFile', 'proposal.pdf', PDF);
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({ kind: 'proposalFile', originalName: 'proposal.pdf', size: PDF.length });
    const docx = await upload(client, `${G}/${id}/files/signedInformedConsent`, 'f', 'consent.docx', DOCX);
    expect(docx.status).toBe(201);
    const jpg = await upload(client, `${G}/${id}/files/departmentApprovalDocuments`, 'f', 'approval.jpg', JPEG);
    expect(jpg.status).toBe(201);
    const [row] = await app.deps.db.select().from(paperFiles).where(eq(paperFiles.id, jpg.body.id));
    expect(row!.storageKey).toMatch(new RegExp(`^papers/\\d+/${id}/[0-9a-f]{32}\\.jpg$`));
  });

  it('keeps a row and a stored file for each upload, counted for its own paper only', async () => {
    // The positive control of storedFor: the refusals below read { rows: 0, files: 0 } from the same count.
    const id = await newDraft();
    const other = await newDraft();
    expect((await upload(client, `${G}/${id}/files/proposalFile`, 'f', 'p.pdf', PDF)).status).toBe(201);
    expect((await upload(client, `${G}/${id}/files/signedInformedConsent`, 'f', 'c.docx', DOCX)).status).toBe(201);
    expect((await upload(client, `${G}/${other}/files/proposalFile`, 'f', 'p.pdf', PDF)).status).toBe(201);
    // Both slots are read by reviewers: each file is stored with its anonymous copy beside it (decision 0070).
    expect(await storedFor(id)).toEqual({ rows: 2, files: 4 });
    expect(await storedFor(other)).toEqual({ rows: 1, files: 2 });
  });

  it('replaces the slot’s file and lists only the current one', async () => {
    const id = await newDraft();
    await upload(client, `${G}/${id}/files/proposalFile`, 'f', 'first.pdf', PDF);
    await upload(client, `${G}/${id}/files/proposalFile`, 'f', 'second.pdf', PDF);
    const files = (await client.get(`${G}/${id}`)).body.files;
    expect(files.map((f: { originalName: string }) => f.originalName)).toEqual(['second.pdf']);
  });

  it.each([
    ['an executable renamed .pdf', 'proposal.pdf', EXE],
    ['a text file named .pdf', 'proposal.pdf', Buffer.from('just some text, not a PDF at all')],
    ['an executable', 'setup.exe', EXE],
    ['a JPEG in a slot that takes documents only', 'photo.jpg', JPEG],
    ['a PDF named .docx', 'proposal.docx', PDF],
    ['a Word document named .pdf', 'proposal.pdf', DOCX],
  ])('refuses %s with 415 and writes nothing', async (_label, name, content) => {
    const id = await newDraft();
    const answer = await upload(client, `${G}/${id}/files/proposalFile`, 'f', name, content);
    expectError(answer, 415, 'unsupportedFileType', 'errors.unsupportedFileType', {
      ProposalFile: ['validation.file_type'],
    });
    expect(await storedFor(id)).toEqual({ rows: 0, files: 0 });
  });

  it('refuses a file over 5 MB with 413 and writes nothing', async () => {
    const id = await newDraft();
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const answer = await upload(client, `${G}/${id}/files/paymentReceipt`, 'f', 'receipt.pdf', big);
    expectError(answer, 413, 'fileTooLarge', 'errors.fileTooLarge', { PaymentReceipt: ['validation.file_max'] });
    expect(await storedFor(id)).toEqual({ rows: 0, files: 0 });
  });

  it('asks for a file when the request carries none, and refuses an unknown slot', async () => {
    const id = await newDraft();
    expectError(await client.post(`${G}/${id}/files/proposalFile`, {}), 400, 'validation', 'errors.validation', {
      ProposalFile: ['validation.file_required'],
    });
    const unknown = await upload(client, `${G}/${id}/files/finalVersion`, 'f', 'x.pdf', PDF);
    expect(unknown.status).toBe(400);
  });

  it('marks a removed file so that a new upload is required to submit', async () => {
    const id = await newDraft();
    const { body } = await upload(client, `${G}/${id}/files/proposalFile`, 'f', 'p.pdf', PDF);
    expect((await client.request('DELETE', `${G}/${id}/files/${body.id}`)).status).toBe(204);
    expect((await client.get(`${G}/${id}`)).body.files).toEqual([]);
    expect((await client.get(`${G}/${id}/files/${body.id}`)).status).toBe(404);
    const submit = await client.post(`${G}/${id}/submit`, { acceptTerms: true });
    expect(submit.body.errors.ProposalFile).toEqual(['validation.file_required']);
  });
});

describe('an upload racing a submit', () => {
  it('is refused with paperNotEditable once the paper left draft, and leaves no file behind', async () => {
    const id = await newDraft();
    const [draft] = await app.deps.db.select().from(papers).where(eq(papers.id, id));
    // The route saw a draft; by the time the file is written the paper was submitted.
    await app.deps.db.update(papers).set({ status: 1 }).where(eq(papers.id, id));
    const upload = {
      kind: 'proposalFile' as const,
      originalName: 'late.pdf',
      mimeType: 'application/pdf',
      content: PDF,
    };
    await expect(uploadFile(app.deps, draft!, upload)).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'errors.paperNotEditable',
    });
    expect(await storedFor(id)).toEqual({ rows: 0, files: 0 });
  });
});

describe('broken multipart bodies', () => {
  const boundary = '----broken';
  const cutOff = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="proposalFile"; filename="p.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    PDF,
  ]);
  const bodies: [string, Buffer, string][] = [
    ['a body cut off before its closing boundary', cutOff, `multipart/form-data; boundary=${boundary}`],
    ['a multipart type without a boundary', cutOff, 'multipart/form-data'],
  ];

  for (const [name, payload, type] of bodies) {
    it(`answers 400 malformedUpload, not 500, for ${name}, and stores nothing`, async () => {
      const id = await newDraft();
      const answer = await client.request('POST', `${G}/${id}/files/proposalFile`, payload, { 'content-type': type });
      expectError(answer, 400, 'validation', 'errors.malformedUpload');
      expect(await storedFor(id)).toEqual({ rows: 0, files: 0 });
      // The resubmission form reads its files the same way.
      await app.deps.db
        .update(papers)
        .set({ status: 5, code: `BRK.${id}` })
        .where(eq(papers.id, id));
      const again = await client.request('POST', `${G}/${id}/resubmit`, payload, { 'content-type': type });
      expectError(again, 400, 'validation', 'errors.malformedUpload');
      expect(await storedFor(id)).toEqual({ rows: 0, files: 0 });
    });
  }
});

describe('downloads', () => {
  it('sends the file as an attachment under its original (Arabic) name', async () => {
    const id = await newDraft();
    const name = 'مقترح البحث.pdf';
    const { body } = await upload(client, `${G}/${id}/files/proposalFile`, 'f', name, PDF);
    const answer = await client.get(`${G}/${id}/files/${body.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="_____ _____.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(answer.body).toBe(PDF.toString());
  });

  it("answers 404 to another researcher and for another paper's file id", async () => {
    const id = await newDraft();
    const other = await newDraft();
    const { body } = await upload(client, `${G}/${id}/files/proposalFile`, 'f', 'p.pdf', PDF);
    const stranger = await createActiveUser(app, { specializations: [generalSpec] });
    const strangerClient = app.client();
    await strangerClient.login(stranger.email, stranger.password);
    expectError(await strangerClient.get(`${G}/${id}/files/${body.id}`), 404, 'notFound', 'errors.notFound');
    expectError(await client.get(`${G}/${other}/files/${body.id}`), 404, 'notFound', 'errors.notFound');
    expectError(
      await upload(strangerClient, `${G}/${id}/files/proposalFile`, 'f', 'p.pdf', PDF),
      404,
      'notFound',
      'errors.notFound',
    );
  });
});

describe('with the S3 driver (decision 0009)', () => {
  let s3: TestS3;
  let s3App: TestApp;
  let author: TestClient;
  let spec: number;
  beforeAll(async () => {
    s3 = await startS3();
    s3App = await buildTestApp({ ...s3.env, S3_PREFIX: 'site-a/' });
    spec = await specializationOf(s3App.client(), 'general');
    const user = await createActiveUser(s3App, { specializations: [spec] });
    author = s3App.client();
    await author.login(user.email, user.password);
  });
  afterAll(async () => {
    await s3App?.close();
    await s3?.close();
  });

  it('puts an uploaded paper file in the bucket and downloads it back byte for byte', async () => {
    const id = (await author.post(G, paperBody(spec))).body.id as number;
    const uploaded = await upload(author, `${G}/${id}/files/signedInformedConsent`, 'f', 'consent.docx', DOCX);
    expect(uploaded.status).toBe(201);

    // In the bucket, under the prefix, read with a client of our own.
    const [row] = await s3App.deps.db.select().from(paperFiles).where(eq(paperFiles.id, uploaded.body.id));
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `site-a/${row!.storageKey}` }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(DOCX)).toBe(true);
    client.destroy();
    // Nothing was written to the local folder (the seeded journal images went to the bucket too).
    expect(existsSync(path.join(s3App.deps.config.DATA_DIR, 'files'))).toBe(false);

    const downloaded = await author.get(`${G}/${id}/files/${uploaded.body.id}`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-length']).toBe(String(DOCX.length));
    expect(downloaded.raw.equals(DOCX)).toBe(true);
  });
});
