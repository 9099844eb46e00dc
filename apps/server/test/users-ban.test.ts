import { addDays, isoDay } from '@journals/core/reviewing';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewInvitations, users } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, lastMailTo, type TestApp, type TestClient } from './harness';
import { acceptInvitation } from './invitations';
import { paperBody, specializationOf, submittedPaper } from './papers';

/**
 * A journal's ban (issue 22 §1, decision 0040): the journal manager bans one of the journal's people; their session
 * reads as signed out in that journal at once, sign-in there is refused, their open invitations there are withdrawn
 * with a log and a mail; other journals and the person's roles are untouched, and lifting the ban gives it all back.
 */

let app: TestApp;
let manager: TestClient;
let spec: number;
const G = '/api/journals/general';
const E = '/api/journals/ethics';

const idOf = async (email: string) =>
  (await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
/** Adding an existing account to a journal: only the roles count (decision 0039); the details must still be valid. */
const existingAccount = (email: string, specialization: number) => ({
  email,
  emailConfirmation: email,
  roles: ['researcher'],
  fullName: 'Ignored',
  nameOnPaper: 'Ignored',
  jobTitle: 'Ignored',
  workPlace: 'Ignored',
  specializations: [specialization],
});
const listed = async (email: string) =>
  (await manager.get(`${G}/users?search=${encodeURIComponent(email)}`)).body.items[0] as Record<string, unknown>;

/** A reviewer of general, also a researcher of ethics, owing two reviews in general (one accepted, one new). */
async function busyReviewer() {
  const person = await createActiveUser(app, { specializations: [spec] });
  const roles = { roles: ['researcher', 'reviewer'], reviewerSpecializations: [spec] };
  expect((await manager.put(`${G}/users/${person.userId}/roles`, roles)).status).toBe(200);
  const ethicsManager = await app.signedIn('editor@ethics.test');
  const ethicsSpec = await specializationOf(app.client(), 'ethics');
  const joined = await ethicsManager.post(`${E}/users`, existingAccount(person.email, ethicsSpec));
  expect(joined.body.messageKey).toBe('users.invited');
  await acceptInvitation(app, 'ethics', person.email, person.password);

  const author = await createActiveUser(app, { specializations: [spec] });
  const authorClient = await app.signedIn(author.email, author.password);
  const reviewer = await app.signedIn(person.email, person.password);
  const invitations: number[] = [];
  for (const title of ['Banned reviewer accepted', 'Banned reviewer invited']) {
    const paper = await submittedPaper(authorClient, 'general', paperBody(spec, { title_of_the_work: title }));
    const invited = await manager.post(`${G}/papers/${paper.id}/reviewers`, {
      specializationId: spec,
      reviewerId: person.userId,
      deadline: addDays(isoDay(new Date()), 14),
    });
    expect(invited.status).toBe(201);
    invitations.push(invited.body.id as number);
  }
  expect((await reviewer.post(`${G}/reviewing/${invitations[0]}/accept`)).status).toBe(200);
  return { ...person, reviewer, invitations };
}

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
  spec = await specializationOf(app.client(), 'general');
});
afterAll(async () => app?.close());

describe("a journal's ban", () => {
  it('signs the person out of this journal at once, refuses their sign-in here, withdraws their open invitations with a log and a mail, and leaves other journals alone', async () => {
    const person = await busyReviewer();
    expect((await person.reviewer.get(`${G}/me`)).body.user.email).toBe(person.email);

    const banned = await manager.post(`${G}/users/${person.userId}/ban`, undefined, { 'accept-language': 'ar' });
    expect(banned.status).toBe(200);
    expect(banned.body.messageKey).toBe('users.banned');
    expect(banned.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(banned.body.message).toContain('٢'); // two invitations, in Arabic digits

    // The same session: a guest in general from now on, still signed in to ethics.
    expect((await person.reviewer.get(`${G}/me`)).body.user).toBeNull();
    expect((await person.reviewer.get(`${G}/reviewing`)).status).toBe(401);
    expect((await person.reviewer.get(`${E}/me`)).body.user.email).toBe(person.email);

    // Both invitations are withdrawn, each logged on its paper in the manager's name, and the reviewer is told.
    const open = await app.deps.db
      .select()
      .from(reviewInvitations)
      .where(and(eq(reviewInvitations.reviewerId, person.userId), isNull(reviewInvitations.removedAt)));
    expect(open).toEqual([]);
    for (const invitationId of person.invitations) {
      const [row] = await app.deps.db.select().from(reviewInvitations).where(eq(reviewInvitations.id, invitationId));
      const log = (await manager.get(`${G}/papers/${row!.paperId}/logs`)).body.items as {
        action: string;
        by: { email: string } | null;
      }[];
      expect(log.find((entry) => entry.action === 'reviewerRemoved')?.by?.email).toBe('editor@general.test');
    }
    expect((await lastMailTo(app, person.email)).mail!.kind).toBe('reviewerRemoved');

    // Sign-in to general is refused with its own message; ethics lets them in.
    const client = app.client();
    expectError(
      await client.post(`${G}/auth/login`, { email: person.email, password: person.password }),
      400,
      'validation',
      'errors.accountBannedHere',
    );
    expect((await client.post(`${E}/auth/login`, { email: person.email, password: person.password })).status).toBe(200);

    // The list says so; the roles are kept; nobody can pick them as a reviewer here.
    expect(await listed(person.email)).toMatchObject({
      bannedHere: true,
      bannedEverywhere: false,
      roles: ['researcher', 'reviewer'],
    });
    const author = await createActiveUser(app, { specializations: [spec] });
    const paper = await submittedPaper(await app.signedIn(author.email, author.password), 'general', paperBody(spec));
    const candidates = (await manager.get(`${G}/papers/${paper.id}/reviewer-candidates?specializationId=${spec}`)).body
      .items as { id: number }[];
    expect(candidates.map((candidate) => candidate.id)).not.toContain(person.userId);
    expect(candidates.length).toBeGreaterThan(0);
    expectError(
      await manager.post(`${G}/papers/${paper.id}/reviewers`, {
        specializationId: spec,
        reviewerId: person.userId,
        deadline: addDays(isoDay(new Date()), 14),
      }),
      400,
      'validation',
      'errors.validation',
      { ReviewerId: ['validation.reviewer_not_candidate'] },
    );

    // Banning again changes nothing and withdraws nothing more.
    const again = await manager.post(`${G}/users/${person.userId}/ban`);
    expect(again.status).toBe(200);
    expect(again.body.message).toContain('0');
  });

  it('is lifted by the journal manager: sign-in here works again with the roles held, withdrawn invitations stay withdrawn', async () => {
    const person = await busyReviewer();
    expect((await manager.post(`${G}/users/${person.userId}/ban`)).status).toBe(200);
    const lifted = await manager.request('DELETE', `${G}/users/${person.userId}/ban`);
    expect(lifted.status).toBe(200);
    expect(lifted.body.messageKey).toBe('users.unbanned');
    expect((await person.reviewer.get(`${G}/me`)).body.user.email).toBe(person.email);
    const client = app.client();
    expect((await client.post(`${G}/auth/login`, { email: person.email, password: person.password })).status).toBe(200);
    expect(await listed(person.email)).toMatchObject({ bannedHere: false, roles: ['researcher', 'reviewer'] });
    const reopened = await app.deps.db
      .select()
      .from(reviewInvitations)
      .where(and(eq(reviewInvitations.reviewerId, person.userId), isNull(reviewInvitations.removedAt)));
    expect(reopened).toEqual([]);
    // Lifting a ban that is not there changes nothing.
    expect((await manager.request('DELETE', `${G}/users/${person.userId}/ban`)).status).toBe(200);
  });

  it('refuses the manager themself, the platform administrator, and people outside the journal', async () => {
    expectError(
      await manager.post(`${G}/users/${await idOf('editor@general.test')}/ban`),
      409,
      'conflict',
      'users.ban_self',
    );
    const admin = 'admin@platform.test';
    const added = await manager.post(`${G}/users`, existingAccount(admin, spec));
    expect(added.body.messageKey).toBe('users.invited');
    await acceptInvitation(app, 'general', admin);
    expectError(await manager.post(`${G}/users/${await idOf(admin)}/ban`), 409, 'conflict', 'users.ban_platform_admin');
    // Someone of ethics only, and nobody at all: not found here.
    expectError(
      await manager.post(`${G}/users/${await idOf('editor@ethics.test')}/ban`),
      404,
      'notFound',
      'users.not_found',
    );
    expectError(await manager.post(`${G}/users/99999999/ban`), 404, 'notFound', 'users.not_found');
  });

  it('is the journal manager’s: the secretary and a researcher get 403 and nothing changes', async () => {
    const target = await idOf('researcher2@general.test');
    for (const email of ['secretary@general.test', 'researcher@general.test']) {
      const caller = await app.signedIn(email);
      expectError(await caller.post(`${G}/users/${target}/ban`), 403, 'forbidden', 'errors.forbidden');
      expectError(await caller.request('DELETE', `${G}/users/${target}/ban`), 403, 'forbidden', 'errors.forbidden');
    }
    expect(await listed('researcher2@general.test')).toMatchObject({ bannedHere: false });
  });

  it('never leaves the journal without a journal manager who is not banned', async () => {
    // The platform administrator, who manages every journal, cannot ban ethics's only journal manager.
    const admin = await app.signedIn('admin@platform.test');
    expectError(
      await admin.post(`${E}/users/${await idOf('editor@ethics.test')}/ban`),
      409,
      'conflict',
      'users.ban_last_manager',
    );

    // A second journal manager bans the first; the second then cannot give up the role.
    const second = await createActiveUser(app, { specializations: [spec] });
    const managerRoles = { roles: ['editor'], editorType: 0 };
    expect((await manager.put(`${G}/users/${second.userId}/roles`, managerRoles)).status).toBe(200);
    const secondClient = await app.signedIn(second.email, second.password);
    const first = await idOf('editor@general.test');
    expect((await secondClient.post(`${G}/users/${first}/ban`)).status).toBe(200);
    expect((await manager.get(`${G}/users`)).status).toBe(401);
    expectError(
      await secondClient.put(`${G}/users/${second.userId}/roles`, { roles: ['editor'], editorType: 1 }),
      409,
      'conflict',
      'users.last_manager',
    );
    expect((await secondClient.request('DELETE', `${G}/users/${first}/ban`)).status).toBe(200);
    expect((await manager.get(`${G}/users`)).status).toBe(200);
  });
});
