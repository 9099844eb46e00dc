import { addDays, isoDay } from '@journals/core/reviewing';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../src/db/client';
import { mailOutbox, paperLogs, users } from '../src/db/schema';
import { sendReminders } from '../src/features/reviewing/reminders.service';
import { buildTestApp, createActiveUser, type TestApp, type TestClient } from './harness';
import { ethicsExtras, paperBody, specializationOf, submittedPaper } from './papers';

/**
 * What the reminders test files share (issue 10 §1, §2): one server per file (useRemindersApp), its general journal's
 * editor and two reviewers, and the steps their tests repeat: a researcher's paper, an invitation, a run of the job,
 * the mails and log entries it wrote.
 */

export let app: TestApp;
let spec: number;
export let editor: TestClient;
export const G = '/api/journals/general';
export const today = () => isoDay(new Date());
/** A day as the mails write it (day/month/year). */
export const mailDay = (day: string) => day.split('-').reverse().join('/');

export async function signedIn(email: string, slug = 'general') {
  const client = app.client();
  await client.login(email, 'Demo-pass-1', slug);
  return client;
}

export const userId = async (email: string) =>
  (await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

export async function researcher(slug = 'general') {
  const specialization = slug === 'general' ? spec : await specializationOf(app.client(), slug);
  const user = await createActiveUser(app, { specializations: [specialization] }, slug);
  const client = app.client();
  await client.login(user.email, user.password, slug);
  const body = paperBody(specialization, slug === 'general' ? {} : ethicsExtras);
  const paper = await submittedPaper(client, slug, body);
  return { client, ...user, paper, specialization };
}

export const invite = async (paperId: number, reviewerId: number, deadline = addDays(today(), 14)) => {
  const answer = await editor.post(`${G}/papers/${paperId}/reviewers`, {
    specializationId: spec,
    reviewerId,
    deadline,
  });
  expect(answer.status).toBe(201);
  return answer.body.id as number;
};

/** Runs the job as a worker would, on `day` (a UTC day), through `db` (another process's pool when given). */
export const runJob = (day: string, db: Database = app.deps.db) =>
  sendReminders({ db, config: app.deps.config, dispatchMail: app.deps.jobs.dispatchMail }, { today: day });

/** The outbox's latest id: mails after it are the ones a step sent. */
export const mark = async () =>
  (await app.deps.db.select({ id: sql<number>`coalesce(max(${mailOutbox.id}), 0)::int` }).from(mailOutbox))[0]!.id;

/** The mails sent after `since` about one paper (its code is in every paper mail). */
export async function mailsAbout(code: string, since: number) {
  const rows = await app.deps.db.select().from(mailOutbox).where(gt(mailOutbox.id, since)).orderBy(asc(mailOutbox.id));
  return rows.filter((mail) => mail.text.includes(code));
}

/** The paper's reminder log entries, oldest first. */
export const reminderLogs = (paperId: number) =>
  app.deps.db
    .select({ notes: paperLogs.notes, actorId: paperLogs.actorId, paperStatus: paperLogs.paperStatus })
    .from(paperLogs)
    .where(and(eq(paperLogs.paperId, paperId), eq(paperLogs.action, 'reminderSent')))
    .orderBy(asc(paperLogs.id));

export let sara: number;
export let hany: number;

/** The reminder files' one server, its general journal's editor and reviewers, built before a file's tests. */
export function useRemindersApp() {
  beforeAll(async () => {
    app = await buildTestApp();
    spec = await specializationOf(app.client(), 'general');
    editor = await signedIn('editor@general.test');
    sara = await userId('reviewer@general.test');
    hany = await userId('reviewer2@general.test');
  });
  afterAll(() => app.close());
}
