import { addDays, isoDay } from '@journals/core/reviewing';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewInvitations, users } from '../src/db/schema';
import {
  buildTestApp,
  countStatements,
  createActiveUser,
  expectError,
  lastMailTo,
  type TestApp,
  type TestClient,
} from './harness';
import { acceptInvitation } from './invitations';
import { paperBody, specializationOf, submittedPaper } from './papers';

/**
 * The people of every journal (issue 22 §4, decision 0052): the platform administrator lists every account with its
 * journals and roles in two statements, and suspends one on the whole platform: signed out of every journal at once,
 * no sign-in anywhere, its open invitations withdrawn with a log and a mail; lifting the suspension gives it back.
 */

let app: TestApp;
let admin: TestClient;
let manager: TestClient;
let spec: number;
const G = '/api/journals/general';
const E = '/api/journals/ethics';
const PEOPLE = `${G}/platform/users`;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await app.signedIn('admin@platform.test');
  manager = await app.signedIn('editor@general.test');
  spec = await specializationOf(app.client(), 'general');
});
afterAll(async () => app?.close());

const found = async (email: string) => {
  const answer = await admin.get(`${PEOPLE}?search=${encodeURIComponent(email)}`);
  expect(answer.status).toBe(200);
  return answer.body.items[0] as Record<string, unknown>;
};

/** Another author's paper of general, submitted, with `reviewerId` invited to review it. */
async function paperInvitingReviewer(reviewerId: number) {
  const author = await createActiveUser(app, { specializations: [spec] });
  const paper = await submittedPaper(await app.signedIn(author.email, author.password), 'general', paperBody(spec));
  const invited = await manager.post(`${G}/papers/${paper.id}/reviewers`, {
    specializationId: spec,
    reviewerId,
    deadline: addDays(isoDay(new Date()), 14),
  });
  expect(invited.status).toBe(201);
  return paper;
}

describe('the people of every journal', () => {
  it('lists every account with its journals and roles, searched by name or e-mail, in two statements', async () => {
    await admin.get(PEOPLE);
    let answer!: { status: number; body: any };
    const statements = await countStatements(app, async () => {
      answer = await admin.get(`${PEOPLE}?search=editor%40ethics.test`);
    });
    expect(answer.status).toBe(200);
    // The page and the count, whatever the number of accounts; the caller's check at most one more.
    expect(statements).toBeLessThanOrEqual(3);
    expect(answer.body).toMatchObject({ total: 1, more: false, page: 1, pageSize: 20 });
    expect(answer.body.items[0]).toMatchObject({
      email: 'editor@ethics.test',
      banned: false,
      isPlatformAdmin: false,
      journals: [{ slug: 'ethics', roles: expect.arrayContaining(['editor']) }],
    });

    // Newest first; the platform administrator is among them, with no journal needed.
    const everyone = (await admin.get(PEOPLE)).body;
    expect(everyone.total).toBeGreaterThan(5);
    const ids = everyone.items.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await found('admin@platform.test')).isPlatformAdmin).toBe(true);

    // A query out of its bounds is refused with the field's message.
    expect((await admin.get(`${PEOPLE}?page=0`)).status).toBe(400);
    expect((await admin.get(`${PEOPLE}?banned=maybe`)).status).toBe(400);
  });

  it('is the platform administrator’s alone: a journal manager gets 403, a guest 401', async () => {
    expectError(await manager.get(PEOPLE), 403, 'forbidden', 'errors.forbidden');
    expect((await app.client().get(PEOPLE)).status).toBe(401);
    const someone = await createActiveUser(app, { specializations: [spec] });
    expectError(
      await manager.put(`${PEOPLE}/${someone.userId}/ban`, { banned: true }),
      403,
      'forbidden',
      'errors.forbidden',
    );
    expect(
      (await app.client().post(`${G}/auth/login`, { email: someone.email, password: someone.password })).status,
    ).toBe(200);
  });

  it('suspends an account on the whole platform: signed out everywhere, no sign-in, its invitations withdrawn; lifting it gives back its access', async () => {
    // A reviewer of general, also a researcher of ethics, with an open invitation in general.
    const person = await createActiveUser(app, { specializations: [spec] });
    const roles = { roles: ['researcher', 'reviewer'], reviewerSpecializations: [spec] };
    expect((await manager.put(`${G}/users/${person.userId}/roles`, roles)).status).toBe(200);
    const ethicsManager = await app.signedIn('editor@ethics.test');
    const ethicsSpec = await specializationOf(app.client(), 'ethics');
    const joined = await ethicsManager.post(`${E}/users`, {
      email: person.email,
      emailConfirmation: person.email,
      roles: ['researcher'],
      fullName: 'Ignored',
      nameOnPaper: 'Ignored',
      jobTitle: 'Ignored',
      workPlace: 'Ignored',
      specializations: [ethicsSpec],
    });
    expect(joined.status).toBe(201);
    await acceptInvitation(app, 'ethics', person.email, person.password);
    const paper = await paperInvitingReviewer(person.userId);
    const session = await app.signedIn(person.email, person.password);
    expect((await session.get(`${E}/me`)).body.user.email).toBe(person.email);

    const listedBefore = await found(person.email);
    expect(listedBefore.journals).toEqual([
      { slug: 'ethics', roles: ['researcher'] },
      { slug: 'general', roles: ['researcher', 'reviewer'] },
    ]);

    const suspended = await admin.put(`${PEOPLE}/${person.userId}/ban`, { banned: true }, { 'accept-language': 'ar' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.messageKey).toBe('platform.suspended_done');
    expect(suspended.body.message).toContain('أُوقف الحساب');
    expect(suspended.body.message).toContain('١');

    // Signed out of both journals at once; sign-in to either is refused.
    expect((await session.get(`${G}/me`)).body.user).toBeNull();
    expect((await session.get(`${E}/me`)).body.user).toBeNull();
    for (const base of [G, E]) {
      expectError(
        await app.client().post(`${base}/auth/login`, { email: person.email, password: person.password }),
        400,
        'validation',
        'errors.accountBanned',
      );
    }
    // The open invitation is withdrawn, logged on the paper in the administrator's name, and the reviewer is told.
    const open = await app.deps.db
      .select()
      .from(reviewInvitations)
      .where(and(eq(reviewInvitations.reviewerId, person.userId), isNull(reviewInvitations.removedAt)));
    expect(open).toEqual([]);
    const log = (await manager.get(`${G}/papers/${paper.id}/logs`)).body.items as {
      action: string;
      by: { email: string } | null;
    }[];
    expect(log.find((entry) => entry.action === 'reviewerRemoved')?.by?.email).toBe('admin@platform.test');
    expect((await lastMailTo(app, person.email)).mail!.kind).toBe('reviewerRemoved');

    // The lists say so: the platform's (also filtered to the suspended) and the journal's; the roles are kept.
    expect(await found(person.email)).toMatchObject({ banned: true, journals: listedBefore.journals });
    const onlyBanned = (await admin.get(`${PEOPLE}?banned=true`)).body.items as { email: string; banned: boolean }[];
    expect(onlyBanned.map((item) => item.email)).toContain(person.email);
    expect(onlyBanned.every((item) => item.banned)).toBe(true);
    const inGeneral = (await manager.get(`${G}/users?search=${encodeURIComponent(person.email)}`)).body.items[0];
    expect(inGeneral).toMatchObject({ bannedEverywhere: true, roles: ['researcher', 'reviewer'] });

    // Suspending again changes nothing.
    const again = await admin.put(`${PEOPLE}/${person.userId}/ban`, { banned: true });
    expect(again.status).toBe(200);
    expect(again.body.message).toContain('0');

    // Lifted: sign-in works in both journals again.
    const lifted = await admin.put(`${PEOPLE}/${person.userId}/ban`, { banned: false });
    expect(lifted.body.messageKey).toBe('platform.lifted_done');
    for (const base of [G, E]) {
      const login = await app.client().post(`${base}/auth/login`, { email: person.email, password: person.password });
      expect(login.status).toBe(200);
    }
    expect((await found(person.email)).banned).toBe(false);
  });

  it('refuses to suspend oneself or another platform administrator, an unknown account, or a body without its flag', async () => {
    const me = (await admin.get(`${G}/me`)).body.user.id as number;
    expectError(await admin.put(`${PEOPLE}/${me}/ban`, { banned: true }), 409, 'conflict', 'platform.suspend_self');

    const other = await createActiveUser(app, { specializations: [spec] });
    await app.deps.db.update(users).set({ isPlatformAdmin: true }).where(eq(users.id, other.userId));
    expectError(
      await admin.put(`${PEOPLE}/${other.userId}/ban`, { banned: true }),
      409,
      'conflict',
      'platform.suspend_platform_admin',
    );
    expect((await app.client().post(`${G}/auth/login`, { email: other.email, password: other.password })).status).toBe(
      200,
    );

    expectError(await admin.put(`${PEOPLE}/999999/ban`, { banned: true }), 404, 'notFound', 'platform.user_not_found');
    const bad = await admin.put(`${PEOPLE}/${other.userId}/ban`, { banned: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('erases a person: everything that said who they were goes, their paper, review log and mail records stay under an anonymous account', async () => {
    const person = await createActiveUser(app, { specializations: [spec] });
    const roles = { roles: ['researcher', 'reviewer'], reviewerSpecializations: [spec] };
    expect((await manager.put(`${G}/users/${person.userId}/roles`, roles)).status).toBe(200);
    const session = await app.signedIn(person.email, person.password);
    const theirPaper = await submittedPaper(
      session,
      'general',
      paperBody(spec, { title_of_the_work: 'Erased author' }),
    );
    const paper = await paperInvitingReviewer(person.userId);
    const ERASE = `${PEOPLE}/${person.userId}/erase`;

    // The e-mail typed again must be theirs; a slip changes nothing.
    expectError(
      await admin.post(ERASE, { email: 'someone.else@example.org' }),
      400,
      'validation',
      'errors.validation',
      {
        Email: ['platform.erase_email_mismatch'],
      },
    );
    expect((await session.get(`${G}/me`)).body.user.email).toBe(person.email);

    const erased = await admin.post(ERASE, { email: person.email.toUpperCase() }, { 'accept-language': 'ar' });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ messageKey: 'platform.erased_done' });
    expect(erased.body.message).toContain('مُحيت');

    // Nothing of them is left to find or to sign in with.
    expect((await session.get(`${G}/me`)).body.user).toBeNull();
    const login = await app.client().post(`${G}/auth/login`, { email: person.email, password: person.password });
    expect(login.status).toBe(400);
    expect((await admin.get(`${PEOPLE}?search=${encodeURIComponent(person.email)}`)).body.total).toBe(0);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, person.userId));
    expect(row).toMatchObject({
      email: `erased-${person.userId}@erased.invalid`,
      fullName: `#${person.userId}`,
      nameOnPaper: `#${person.userId}`,
      phone: null,
      jobTitle: '',
      workPlace: '',
      orcid: null,
      banned: true,
      emailConfirmed: false,
    });
    expect(row!.erasedAt).not.toBeNull();
    expect(await found(`erased-${person.userId}@`)).toMatchObject({ erased: true, banned: true, journals: [] });
    expect((await manager.get(`${G}/users?search=${encodeURIComponent(`#${person.userId}`)}`)).body.total).toBe(0);
    const mailed = (await admin.get(`${G}/platform/outbox?search=${encodeURIComponent(person.email)}`)).body;
    expect(mailed.total).toBe(0);

    // Their records stay: their paper, and the withdrawn invitation logged on the other paper.
    expect((await manager.get(`${G}/papers/${theirPaper.id}`)).status).toBe(200);
    const open = await app.deps.db
      .select()
      .from(reviewInvitations)
      .where(and(eq(reviewInvitations.reviewerId, person.userId), isNull(reviewInvitations.removedAt)));
    expect(open).toEqual([]);
    const log = (await manager.get(`${G}/papers/${paper.id}/logs`)).body.items as { action: string }[];
    expect(log.map((entry) => entry.action)).toContain('reviewerRemoved');

    // Once is enough: erasing again, or lifting the suspension, is refused.
    expectError(
      await admin.post(ERASE, { email: `erased-${person.userId}@erased.invalid` }),
      409,
      'conflict',
      'platform.already_erased',
    );
    expectError(
      await admin.put(`${PEOPLE}/${person.userId}/ban`, { banned: false }),
      409,
      'conflict',
      'platform.already_erased',
    );
    const me = (await admin.get(`${G}/me`)).body.user.id as number;
    expectError(
      await admin.post(`${PEOPLE}/${me}/erase`, { email: 'admin@platform.test' }),
      409,
      'conflict',
      'platform.erase_self',
    );
    expectError(await manager.post(ERASE, { email: 'x@example.org' }), 403, 'forbidden', 'errors.forbidden');
  });
});
