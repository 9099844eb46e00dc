import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestClient } from './harness';

/** Real minimal documents: file-type recognises each by its magic bytes. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
export const DOCX = readFileSync(path.join(import.meta.dirname, 'fixtures/proposal.docx'));
export const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
/** A Windows executable (MZ header). */
export const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00'), Buffer.alloc(300)]);

const WORDS = 'This study examines the effect of structured nursing education on patient recovery outcomes in';

/** A complete wizard body for the general journal; `overrides` replace fields. */
export function paperBody(specializationId: number, overrides: Record<string, unknown> = {}) {
  return {
    statusOfApplicant: 4,
    medical_School: 1,
    paper_Type: 4,
    new_Amendment_Renewal: 1,
    typeOfTheStudy: 1,
    observationalDescriptive: 3,
    fundingSource: 1,
    isFinancialDisclousreMentioned: 2,
    department: 'Nursing',
    title_of_the_work: 'Structured education and recovery',
    original_Proposal_Code: '',
    specializationId,
    keywords: ['nursing', 'education'],
    abstract: `${WORDS} ${WORDS} ${WORDS}`,
    authors: [
      { fullName: 'Karim Nabil', email: 'karim@example.org', phone: '+201012345678', workPlace: 'Cairo', isMain: true },
    ],
    reviewers: [],
    answers: [],
    ...overrides,
  };
}

/** The nine involvement answers and two suggested reviewers the ethics journal asks for. */
export const ethicsExtras = {
  answers: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((questionId) => ({ questionId, answer: 'no' })),
  reviewers: [
    { fullName: 'Rev One', email: 'rev1@example.org', phone: '+201000000001', workPlace: 'Alexandria' },
    { fullName: 'Rev Two', email: 'rev2@example.org', phone: '+201000000002', workPlace: 'Giza' },
  ],
};

/** A multipart/form-data body of files: [field, file name, content]. */
export function multipart(files: [string, string, Buffer][]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [field, name, content] of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body of text fields and files (a form with attachments). */
export function multipartForm(fields: Record<string, string>, files: [string, string, Buffer][] = []) {
  const { payload, headers } = multipart(files);
  const boundary = headers['content-type'].split('boundary=')[1]!;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  return { payload: Buffer.concat([...parts, payload]), headers };
}

export async function upload(client: TestClient, url: string, field: string, name: string, content: Buffer) {
  const { payload, headers } = multipart([[field, name, content]]);
  return client.request('POST', url, payload, headers);
}

/** A draft with every required file of a new proposal; returns its id. */
export async function completeDraft(client: TestClient, slug: string, body: Record<string, unknown>) {
  const created = await client.post(`/api/journals/${slug}/papers`, body);
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const id = created.body.id as number;
  for (const kind of ['proposalFile', 'signedInformedConsent', 'departmentApprovalDocuments', 'paymentReceipt']) {
    const answer = await upload(client, `/api/journals/${slug}/papers/${id}/files/${kind}`, kind, `${kind}.pdf`, PDF);
    if (answer.status !== 201) throw new Error(`upload failed: ${JSON.stringify(answer.body)}`);
  }
  return id;
}

/** A submitted paper; returns its id and code. */
export async function submittedPaper(client: TestClient, slug: string, body: Record<string, unknown>) {
  const id = await completeDraft(client, slug, body);
  const answer = await client.post(`/api/journals/${slug}/papers/${id}/submit`, { acceptTerms: true });
  if (answer.status !== 200) throw new Error(`submit failed: ${JSON.stringify(answer.body)}`);
  return { id, code: answer.body.code as string };
}

export async function specializationOf(client: TestClient, slug: string): Promise<number> {
  return (await client.get(`/api/journals/${slug}/auth/register`)).body.specializations[0].id;
}
