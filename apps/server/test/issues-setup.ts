import { PAPER_STATUS } from '@journals/core/enums';
import { eq } from 'drizzle-orm';
import { journalPaymentSettings, paperAuthors, papers, users } from '../src/db/schema';
import type { TestApp, TestClient } from './harness';
import { multipartForm, PDF } from './papers';

/**
 * What the issues tests share (issue 21 §1): accepted papers made in SQL (the demo seed's accepted paper is not
 * theirs to count on), an issue made through the API, and the issue paper form as the screen sends it.
 */

export const G = '/api/journals/general';
export const E = '/api/journals/ethics';

export const userIdOf = async (app: TestApp, email: string) =>
  (await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

let counter = 0;

/**
 * An accepted paper (status 4) of a journal created by `creatorId`, with a main author and two co-authors: the
 * shape a paper has when the editor's final decision accepted it.
 */
export async function acceptedPaper(
  app: TestApp,
  creatorId: number,
  overrides: Partial<typeof papers.$inferInsert> = {},
): Promise<{ id: number; title: string; code: string }> {
  counter += 1;
  const code = `ISS.${process.pid % 1000}.${counter}`;
  const title = overrides.title ?? `Accepted paper ${counter} on sleep and memory`;
  const [paper] = await app.deps.db
    .insert(papers)
    .values({
      journalId: 1,
      status: PAPER_STATUS.accepted,
      creatorId,
      code,
      title,
      abstract: 'We followed students for a year and measured their sleep and their memory.',
      keywords: ['sleep', 'memory'],
      specializationId: 1,
      paperType: 1,
      submittedAt: new Date(),
      uploadPaid: true,
      ...overrides,
    })
    .returning({ id: papers.id });
  await app.deps.db.insert(paperAuthors).values([
    {
      paperId: paper!.id,
      position: 1,
      fullName: 'Huda Main',
      email: 'huda@example.org',
      phone: '',
      workPlace: '',
      isMain: false,
    },
    {
      paperId: paper!.id,
      position: 2,
      fullName: 'Karim Lead',
      email: 'karim@example.org',
      phone: '',
      workPlace: '',
      isMain: true,
    },
    {
      paperId: paper!.id,
      position: 3,
      fullName: 'Lina Third',
      email: 'lina@example.org',
      phone: '',
      workPlace: '',
      isMain: false,
    },
  ]);
  return { id: paper!.id, title, code };
}

let volume = 900;
/** A fresh volume for one test's issues, so that tests never meet each other's (journal, volume, issue). */
export const freshVolume = () => ++volume;

export const issueBody = (overrides: Record<string, unknown> = {}) => ({
  issue: '1',
  volume: freshVolume(),
  publishMonth: '03 2026',
  publishDate: '2026-03-15',
  isAllow: true,
  ...overrides,
});

/** Creates an issue through the API; returns its id. */
export async function createIssue(client: TestClient, overrides: Record<string, unknown> = {}, base = G) {
  const answer = await client.post(`${base}/issues`, issueBody(overrides));
  if (answer.status !== 201) throw new Error(`issue create failed: ${JSON.stringify(answer.body)}`);
  return answer.body.id as number;
}

/** The issue paper form as the screen sends it: text fields, and the final PDF unless `file` is null. */
export function paperForm(fields: Record<string, string | number>, file: [string, Buffer] | null = ['final.pdf', PDF]) {
  return multipartForm(
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    file ? [['finalVersion', file[0], file[1]]] : [],
  );
}

export async function assign(
  client: TestClient,
  issueId: number,
  fields: Record<string, string | number>,
  file: [string, Buffer] | null = ['final.pdf', PDF],
  base = G,
) {
  const form = paperForm(fields, file);
  return client.request('POST', `${base}/issues/${issueId}/papers`, form.payload, form.headers);
}

export async function editPaper(
  client: TestClient,
  issueId: number,
  paperId: number,
  fields: Record<string, string | number>,
  file: [string, Buffer] | null = null,
) {
  const form = paperForm(fields, file);
  return client.request('PUT', `${G}/issues/${issueId}/papers/${paperId}`, form.payload, form.headers);
}

/** The order of the papers in an issue, as the issue papers screen lists them. */
export async function ordersOf(client: TestClient, issueId: number): Promise<[number, number][]> {
  const answer = await client.get(`${G}/issues/${issueId}/papers`);
  return answer.body.papers.map((paper: { paperId: number; orderInIssue: number }) => [
    paper.orderInIssue,
    paper.paperId,
  ]);
}

/** Makes the general journal charge at publish (or not). */
export async function chargeAtPublish(app: TestApp, on: boolean) {
  await app.deps.db
    .insert(journalPaymentSettings)
    .values({
      journalId: 1,
      merchantId: 'm',
      securityKey: 'k',
      merchantName: 'Journal',
      atPublish: on,
      atPublishPrice: '50.00',
    })
    .onConflictDoUpdate({ target: journalPaymentSettings.journalId, set: { atPublish: on, atPublishPrice: '50.00' } });
}
