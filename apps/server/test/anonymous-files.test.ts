import { PDFDocument } from '@cantoo/pdf-lib';
import { nameForAuthor, nameForReviewer } from '@journals/core/file-names';
import { isoDay, addDays } from '@journals/core/reviewing';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, users } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { completeDraft, multipart, multipartForm, paperBody, PDF, specializationOf } from './papers';
import { namedDocx, namedJpeg, namedPdf } from './named-documents';

/**
 * Anonymity holds in files (issue 19 §2; DESIGN §3): a file crosses between author and reviewer under a neutral
 * name — in the JSON, in Content-Disposition — and without the document metadata that names its writer. The
 * author is Karim Nabil, the reviewer Sara Youssef (the demo reviewer); both names are in the file names and in
 * the files' metadata.
 */

let app: TestApp;
let spec: number;
let editor: TestClient;
const G = '/api/journals/general';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function signedIn(email: string, password = 'Demo-pass-1') {
  const client = app.client();
  await client.login(email, password);
  return client;
}

/** The name a Content-Disposition header gives (its UTF-8 form) and its ASCII fallback. */
function dispositionNames(header: unknown) {
  const value = String(header);
  return {
    ascii: /filename="([^"]*)"/.exec(value)?.[1],
    utf8: decodeURIComponent(/filename\*=UTF-8''(\S+)/.exec(value)?.[1] ?? ''),
  };
}

async function expectPdfWithoutName(bytes: Buffer, name: string) {
  expect(bytes.includes(name)).toBe(false);
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  expect([pdf.getAuthor(), pdf.getCreator(), pdf.getProducer(), pdf.getTitle()]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
}

function expectDocxWithoutName(bytes: Buffer, name: string) {
  const parts = unzipSync(bytes);
  expect(strFromU8(parts['docProps/core.xml']!)).not.toContain(name);
  expect(strFromU8(parts['docProps/app.xml']!)).not.toContain(name);
  for (const [part, content] of Object.entries(parts)) expect([part, strFromU8(content)].join(':')).not.toContain(name);
}

/** Karim Nabil's submitted paper with his named proposal (PDF) and consent (DOCX), invited to Sara; returns ids. */
async function karimsPaper() {
  const karim = await createActiveUser(app, { specializations: [spec], fullName: 'Karim Nabil' });
  const author = await signedIn(karim.email, karim.password);
  const id = await completeDraft(author, 'general', paperBody(spec));
  const slots: [string, string, Buffer][] = [
    ['proposalFile', 'Karim Nabil - proposal v2.pdf', await namedPdf('Karim Nabil')],
    ['signedInformedConsent', 'Karim Nabil consent.docx', namedDocx('Karim Nabil')],
  ];
  for (const [kind, name, content] of slots) {
    const { payload, headers } = multipart([[kind, name, content]]);
    const answer = await author.request('POST', `${G}/papers/${id}/files/${kind}`, payload, headers);
    expect(answer.status).toBe(201);
  }
  expect((await author.post(`${G}/papers/${id}/submit`, { acceptTerms: true })).status).toBe(200);
  const invited = await editor.post(`${G}/papers/${id}/reviewers`, {
    reviewerId: await userIdOf('reviewer@general.test'),
    specializationId: spec,
    deadline: addDays(isoDay(new Date()), 14),
  });
  expect(invited.status).toBe(201);
  return { id, author };
}

const userIdOf = async (email: string) =>
  (await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

beforeAll(async () => {
  app = await buildTestApp();
  spec = await specializationOf(app.client(), 'general');
  editor = await signedIn('editor@general.test');
});
afterAll(() => app.close());

describe("the author's files as the reviewer receives them", () => {
  it('are named by kind in the JSON and in Content-Disposition, and carry no author in their PDF or DOCX metadata', async () => {
    const { id } = await karimsPaper();
    const sara = await signedIn('reviewer@general.test');
    const read = await sara.get(`${G}/reviewing/papers/${id}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toMatch(/Karim|Nabil/);
    const byKind = Object.fromEntries(
      read.body.files.map((file: { kind: string; id: number; originalName: string }) => [file.kind, file]),
    );
    expect(byKind.proposalFile.originalName).toBe('Proposal.pdf');
    expect(byKind.signedInformedConsent.originalName).toBe('Signed informed consent.docx');

    const proposal = await sara.get(`${G}/reviewing/papers/${id}/files/${byKind.proposalFile.id}`);
    expect(proposal.status).toBe(200);
    expect(proposal.headers['content-type']).toBe('application/pdf');
    expect(dispositionNames(proposal.headers['content-disposition'])).toEqual({
      ascii: 'Proposal.pdf',
      utf8: 'Proposal.pdf',
    });
    expect(String(proposal.headers['content-disposition'])).not.toMatch(/Karim|Nabil/);
    await expectPdfWithoutName(proposal.raw, 'Karim Nabil');
    expect(Number(proposal.headers['content-length'])).toBe(proposal.raw.length);

    const consent = await sara.get(`${G}/reviewing/papers/${id}/files/${byKind.signedInformedConsent.id}`);
    expect(consent.status).toBe(200);
    expect(consent.headers['content-type']).toBe(DOCX_TYPE);
    expect(dispositionNames(consent.headers['content-disposition']).utf8).toBe('Signed informed consent.docx');
    expectDocxWithoutName(consent.raw, 'Karim Nabil');

    // The editors read the same files as they were uploaded, names and all.
    const editorsCopy = await editor.get(`${G}/papers/${id}/files/${byKind.proposalFile.id}`);
    expect(dispositionNames(editorsCopy.headers['content-disposition']).utf8).toBe('Karim Nabil - proposal v2.pdf');
    expect(editorsCopy.raw.includes('Karim Nabil')).toBe(true);
  });

  it('are named in Arabic for an Arabic reader, with the version of a revised paper', async () => {
    const { id } = await karimsPaper();
    await app.deps.db.update(papers).set({ version: 2 }).where(eq(papers.id, id));
    const sara = await signedIn('reviewer@general.test');
    sara.language = 'ar';
    const read = await sara.get(`${G}/reviewing/papers/${id}`);
    const proposal = read.body.files.find((file: { kind: string }) => file.kind === 'proposalFile');
    const arabic = nameForReviewer('ar', { kind: 'proposalFile', originalName: 'x.pdf' }, 2);
    expect(arabic).toMatch(/^المقترح .+\.pdf$/);
    expect(proposal.originalName).toBe(arabic);
    const download = await sara.get(`${G}/reviewing/papers/${id}/files/${proposal.id}`);
    // The Arabic name, and the English one for clients that read only the ASCII form.
    expect(dispositionNames(download.headers['content-disposition'])).toEqual({
      utf8: arabic,
      ascii: 'Proposal v2.pdf',
    });
    sara.language = 'en';
    expect((await sara.get(`${G}/reviewing/papers/${id}`)).body.files[0].originalName).toBe('Proposal v2.pdf');
  });
});

describe("the reviewer's attachment as the author receives it", () => {
  /** Sara reviews Karim's paper with named attachments for the author and the editor; the editor decides. */
  async function reviewedAndDecided(forAuthor: [string, Buffer]) {
    const { id, author } = await karimsPaper();
    const sara = await signedIn('reviewer@general.test');
    const row = (await sara.get(`${G}/reviewing`)).body.items.find((item: { paperId: number }) => item.paperId === id);
    expect((await sara.post(`${G}/reviewing/${row.id}/accept`)).status).toBe(200);
    const questions = (await sara.get(`${G}/reviewing/${row.id}/sheet`)).body.questions as {
      id: number;
      type: number;
    }[];
    const review = {
      answers: Object.fromEntries(questions.map((question) => [question.id, question.type === 1 ? 'true' : '3'])),
      commentForAuthor: 'Please add the sample size.',
      commentForEditor: 'Sound work.',
      recommendation: 6,
    };
    const form = multipartForm({ review: JSON.stringify(review) }, [
      ['attachForAuthor', forAuthor[0], forAuthor[1]],
      ['attachForEditor', 'Sara Youssef - notes for the editor.docx', namedDocx('Sara Youssef')],
    ]);
    const submitted = await sara.request('POST', `${G}/reviewing/${row.id}/review`, form.payload, form.headers);
    expect(submitted.status).toBe(200);
    const decision = multipartForm({ decision: JSON.stringify({ decision: 1, comments: 'Accepted.' }) });
    expect(
      (await editor.request('POST', `${G}/papers/${id}/decision`, decision.payload, decision.headers)).status,
    ).toBe(200);
    return { id, author, sara, invitationId: row.id as number };
  }

  it('is "Reviewer 1 — comments for the author" in the JSON and in Content-Disposition, without its PDF author', async () => {
    const named = await namedPdf('Sara Youssef');
    const { id, author, sara, invitationId } = await reviewedAndDecided([
      'Sara Youssef - comments for the author.pdf',
      named,
    ]);
    const comments = await author.get(`${G}/papers/${id}/reviewer-comments`);
    expect(comments.status).toBe(200);
    expect(JSON.stringify(comments.body)).not.toMatch(/Sara|Youssef/);
    const [item] = comments.body.items;
    expect(item).toMatchObject({ number: 1, attachment: { originalName: 'Reviewer 1 — comments for the author.pdf' } });

    const file = await author.get(`${G}/papers/${id}/reviews/${invitationId}/files/${item.attachment.id}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(dispositionNames(file.headers['content-disposition'])).toEqual({
      ascii: 'Reviewer 1 - comments for the author.pdf',
      utf8: 'Reviewer 1 — comments for the author.pdf',
    });
    expect(String(file.headers['content-disposition'])).not.toMatch(/Sara|Youssef/);
    await expectPdfWithoutName(file.raw, 'Sara Youssef');

    // In Arabic: the Arabic name, numbered the same way.
    author.language = 'ar';
    const arabic = nameForAuthor('ar', 1, 'x.pdf');
    expect((await author.get(`${G}/papers/${id}/reviewer-comments`)).body.items[0].attachment.originalName).toBe(
      arabic,
    );
    const arabicFile = await author.get(`${G}/papers/${id}/reviews/${invitationId}/files/${item.attachment.id}`);
    expect(dispositionNames(arabicFile.headers['content-disposition']).utf8).toBe(arabic);

    // The editors and the reviewer herself read it as it was uploaded.
    const editorsView = await editor.get(`${G}/papers/${id}/reviewer-comments`);
    expect(editorsView.body.items[0].attachment.originalName).toBe('Sara Youssef - comments for the author.pdf');
    const editorsCopy = await editor.get(`${G}/papers/${id}/reviews/${invitationId}/files/${item.attachment.id}`);
    expect(dispositionNames(editorsCopy.headers['content-disposition']).utf8).toBe(
      'Sara Youssef - comments for the author.pdf',
    );
    expect(editorsCopy.raw.equals(named)).toBe(true);
    const own = await sara.get(`${G}/reviewing/${invitationId}/result`);
    expect(own.body.authorAttachment.originalName).toBe('Sara Youssef - comments for the author.pdf');
  });

  it('loses its DOCX creator and last-modified-by, and a photo its EXIF', async () => {
    const docx = await reviewedAndDecided(['Sara Youssef comments.docx', namedDocx('Sara Youssef')]);
    const item = (await docx.author.get(`${G}/papers/${docx.id}/reviewer-comments`)).body.items[0];
    expect(item.attachment.originalName).toBe('Reviewer 1 — comments for the author.docx');
    const file = await docx.author.get(
      `${G}/papers/${docx.id}/reviews/${docx.invitationId}/files/${item.attachment.id}`,
    );
    expect(file.status).toBe(200);
    expect(dispositionNames(file.headers['content-disposition']).utf8).toBe(
      'Reviewer 1 — comments for the author.docx',
    );
    expectDocxWithoutName(file.raw, 'Sara Youssef');

    const photo = await reviewedAndDecided(['Sara Youssef.jpg', namedJpeg('Sara Youssef')]);
    const photoItem = (await photo.author.get(`${G}/papers/${photo.id}/reviewer-comments`)).body.items[0];
    const image = await photo.author.get(
      `${G}/papers/${photo.id}/reviews/${photo.invitationId}/files/${photoItem.attachment.id}`,
    );
    expect(image.status).toBe(200);
    expect(dispositionNames(image.headers['content-disposition']).utf8).toBe(
      'Reviewer 1 — comments for the author.jpg',
    );
    expect(image.raw.includes('Sara Youssef')).toBe(false);
    expect(image.raw.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
  });
});

describe('uploads that could not be served anonymously', () => {
  it('refuses, in the slots the other side reads, a .doc, an encrypted PDF and a PDF that cannot be read', async () => {
    const karim = await createActiveUser(app, { specializations: [spec] });
    const author = await signedIn(karim.email, karim.password);
    const created = await author.post(`${G}/papers`, paperBody(spec));
    const url = `${G}/papers/${created.body.id}/files/proposalFile`;
    const send = async (name: string, content: Buffer) => {
      const { payload, headers } = multipart([['proposalFile', name, content]]);
      return author.request('POST', url, payload, headers);
    };
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
    expectError(await send('proposal.doc', ole), 415, 'unsupportedFileType', 'errors.unsupportedFileType');

    const locked = await PDFDocument.create();
    locked.addPage();
    locked.encrypt({ userPassword: 'secret', ownerPassword: 'owner' });
    const encrypted = await send('proposal.pdf', Buffer.from(await locked.save()));
    expectError(encrypted, 415, 'unsupportedFileType', 'errors.fileNotAnonymisable', {
      ProposalFile: ['validation.file_not_anonymisable'],
    });
    expectError(
      await send('proposal.pdf', Buffer.from('%PDF-1.7\n%garbage without objects')),
      415,
      'unsupportedFileType',
      'errors.fileNotAnonymisable',
    );
    // In Arabic, the message is the Arabic one.
    author.language = 'ar';
    expect((await send('proposal.pdf', Buffer.from('%PDF-1.7\n%garbage'))).body.message).toMatch(/[\u0600-\u06ff]/);
    author.language = 'en';
    // A slot only the editors read keeps its rule: the payment receipt takes any readable PDF.
    const { payload, headers } = multipart([['paymentReceipt', 'receipt.pdf', PDF]]);
    expect(
      (await author.request('POST', `${G}/papers/${created.body.id}/files/paymentReceipt`, payload, headers)).status,
    ).toBe(201);
  });
});
