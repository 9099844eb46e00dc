import { addDays, isoDay } from '@journals/core/reviewing';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { mailOutbox, papers, users } from '../src/db/schema';
import { buildTestApp, createActiveUser, type TestApp, type TestClient } from './harness';
import { paperBody, specializationOf, submittedPaper } from './papers';

/**
 * What the review loop's test files share (issue 9 §1–§5; DESIGN §4): one server per file (useReviewingApp), its
 * general journal's editor and reviewers, and the steps their tests repeat: a researcher's submitted paper, an
 * invitation, the mail a reviewer got.
 */

export let app: TestApp;
export let spec: number;
export let editor: TestClient;
export const G = '/api/journals/general';
export const today = () => isoDay(new Date());

export async function signedIn(email: string, slug = 'general') {
  const client = app.client();
  await client.login(email, 'Demo-pass-1', slug);
  return client;
}

export async function researcher(overrides: Record<string, unknown> = {}) {
  const user = await createActiveUser(app, { specializations: [spec] });
  const client = app.client();
  await client.login(user.email, user.password);
  const paper = await submittedPaper(client, 'general', paperBody(spec, overrides));
  return { client, ...user, paper };
}

export const userId = async (email: string) =>
  (await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

export const invite = (paperId: number, body: Record<string, unknown>, client = editor) =>
  client.post(`${G}/papers/${paperId}/reviewers`, {
    specializationId: spec,
    deadline: addDays(today(), 14),
    ...body,
  });

export const paperStatus = async (id: number) =>
  (await app.deps.db.select({ status: papers.status }).from(papers).where(eq(papers.id, id)))[0]!.status;

export async function lastMail(address: string, kind?: string) {
  const rows = await app.deps.db
    .select()
    .from(mailOutbox)
    .where(kind ? and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, kind)) : eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return rows[0];
}

/** The accept and refuse links of the latest invitation mail to a reviewer. */
export async function invitationLinks(address: string) {
  const mail = await lastMail(address, 'reviewInvitation');
  const links = [...(mail?.text.matchAll(/https?:\/\/\S+/g) ?? [])].map((match) => new URL(match[0]));
  const accept = links.find((link) => link.pathname.endsWith('/review-invitation'))!;
  const refuse = links.find((link) => link.pathname.endsWith('/reject'))!;
  const params = (link: URL) => ({
    rId: Number(link.searchParams.get('rId')),
    pId: Number(link.searchParams.get('pId')),
    sig: link.searchParams.get('sig')!,
  });
  return { mail, accept, refuse, acceptParams: params(accept), refuseParams: params(refuse) };
}

export let reviewerId: number;
export let reviewer2Id: number;

/** The review files' one server, its general journal's editor and reviewers, built before a file's tests. */
export function useReviewingApp() {
  beforeAll(async () => {
    // The journal row cached as in production, so statement counts are the request's own.
    app = await buildTestApp({ CACHE_TTL_MS: '60000' });
    spec = await specializationOf(app.client(), 'general');
    editor = await signedIn('editor@general.test');
    reviewerId = await userId('reviewer@general.test');
    reviewer2Id = await userId('reviewer2@general.test');
  });
  afterAll(() => app.close());
}
