import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  journalInvitations,
  journalRoles,
  journals,
  roleSpecializations,
  specializations,
  users,
} from '../../src/db/schema';
import { hashToken, newToken } from '../../src/lib/tokens';
import { type Caller, CALLERS, type Context, type Entry, PANEL } from './entry';

/**
 * The matrix rows of a journal's invitations (issue 44 §3, decision 0071), and the cases of who edits an account's
 * fields: the other journal's person, the platform administrator, the person of two journals, the person of the
 * journal only (decision 0071; run by authorization.test.ts, bodies checked).
 */

const G = '/api/journals/general';
const journalId = async (app: Context['app'], slug: string) =>
  (await app.deps.db.select().from(journals).where(eq(journals.slug, slug)))[0]!.id;
const userId = async (app: Context['app'], email: string) =>
  (await app.deps.db.select().from(users).where(eq(users.email, email)))[0]!.id;
const MARK = 'Matrix invitee';

/**
 * An invitation of general to the caller (to a fresh account for the guest), offering the roles they hold there
 * already, or researcher (taken back by `after`), so that accepting leaves the matrix's callers as they were.
 */
async function invitationFor({ app, caller }: Context) {
  const general = await journalId(app, 'general');
  const email = CALLERS[caller];
  const id = email
    ? await userId(app, email)
    : (
        await app.deps.db
          .insert(users)
          .values({ email: `matrix-invitee-${newToken().slice(0, 8)}@example.org`, passwordHash: '!', fullName: MARK })
          .returning()
      )[0]!.id;
  const held = await app.deps.db
    .select()
    .from(journalRoles)
    .where(and(eq(journalRoles.journalId, general), eq(journalRoles.userId, id)));
  // Their specializations of general's roles too, which accepting writes again.
  const chosen = await app.deps.db
    .select({ role: roleSpecializations.role, id: roleSpecializations.specializationId })
    .from(roleSpecializations)
    .innerJoin(specializations, eq(specializations.id, roleSpecializations.specializationId))
    .where(and(eq(roleSpecializations.userId, id), eq(specializations.journalId, general)));
  const of = (role: string) => chosen.filter((row) => row.role === role).map((row) => row.id);
  const code = newToken();
  const row = {
    journalId: general,
    userId: id,
    email: email ?? 'guest',
    fullName: held.length > 0 ? 'Matrix member' : MARK,
    roles: {
      roles: held.length > 0 ? held.map((r) => r.role) : ['researcher' as const],
      reviewerSpecializations: of('reviewer'),
      externalReviewer: held.some((r) => r.externalReviewer),
      editorType: held.find((r) => r.role === 'editor')?.editorType ?? null,
      editorSpecializations: of('handlingEditor'),
    },
    tokenHash: hashToken(code),
    expiresAt: new Date(Date.now() + 3_600_000),
    answer: null,
  };
  await app.deps.db
    .insert(journalInvitations)
    .values(row)
    .onConflictDoUpdate({ target: [journalInvitations.journalId, journalInvitations.userId], set: row });
  return code;
}

/** A waiting invitation of general to a fresh account, with no role given: its id. */
async function withdrawable(app: Context['app']) {
  const email = `matrix-withdrawn-${newToken().slice(0, 8)}@example.org`;
  const [person] = await app.deps.db.insert(users).values({ email, passwordHash: '!', fullName: MARK }).returning();
  const [row] = await app.deps.db
    .insert(journalInvitations)
    .values({
      journalId: await journalId(app, 'general'),
      userId: person!.id,
      email,
      fullName: MARK,
      roles: {
        roles: ['researcher'],
        reviewerSpecializations: [],
        externalReviewer: false,
        editorType: null,
        editorSpecializations: [],
      },
      tokenHash: hashToken(newToken()),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  return row!.id;
}

/** Takes back a role an invitation gave a caller who had none in general (the matrix's other rows expect none). */
async function restore({ app, caller }: Context) {
  const email = CALLERS[caller];
  if (!email) return;
  const general = await journalId(app, 'general');
  const id = await userId(app, email);
  await app.deps.db.execute(sql`delete from journal_roles where journal_id = ${general} and user_id = ${id}
    and exists (select 1 from journal_invitations where journal_id = ${general} and user_id = ${id}
      and full_name = ${MARK})`);
  await app.deps.db.execute(sql`delete from journal_invitations where journal_id = ${general} and user_id = ${id}`);
}

export const invitationEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/users/invitations',
    allow: PANEL,
    ok: 200,
    request: () => ({ url: `${G}/users/invitations` }),
  },
  // The manager withdraws an invitation of general (to a fresh account, made for each caller's call).
  {
    route: 'DELETE /api/journals/:slug/users/invitations/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${G}/users/invitations/${await withdrawable(app)}` }),
    after: async ({ app, sample, answer, allowed }) => {
      const id = Number(sample.url.split('/').pop());
      const left = await app.deps.db.select().from(journalInvitations).where(eq(journalInvitations.id, id));
      if (allowed) expect(answer.body.messageKey).toBe('users.invitation_withdrawn');
      expect(left).toHaveLength(allowed ? 0 : 1);
      await app.deps.db.delete(journalInvitations).where(eq(journalInvitations.id, id));
    },
  },
  // Any signed-in account reads, accepts or declines the invitation sent to it (its own, made for each caller).
  {
    route: 'POST /api/journals/:slug/invitation',
    allow: 'signedIn',
    ok: 200,
    request: async (context) => ({ url: `${G}/invitation`, body: { code: await invitationFor(context) } }),
    after: async (context) => {
      if (context.allowed) expect(context.answer.body.journal.slug).toBe('general');
      await restore(context);
    },
  },
  {
    route: 'POST /api/journals/:slug/invitation/accept',
    allow: 'signedIn',
    ok: 200,
    request: async (context) => ({ url: `${G}/invitation/accept`, body: { code: await invitationFor(context) } }),
    after: async (context) => {
      if (context.allowed) {
        expect(context.answer.body.messageKey).toBe('users.join_accepted');
        const me = (await context.client.get(`${G}/me`)).body.user;
        expect(me.roles.length).toBeGreaterThan(0);
      }
      await restore(context);
    },
  },
  {
    route: 'POST /api/journals/:slug/invitation/decline',
    allow: 'signedIn',
    ok: 200,
    request: async (context) => ({ url: `${G}/invitation/decline`, body: { code: await invitationFor(context) } }),
    after: async (context) => {
      if (context.allowed) expect(context.answer.body.messageKey).toBe('users.join_declined');
      await restore(context);
    },
  },
];

/** A person the account cases edit, made once per app: where their roles are, and whether they run the platform. */
export type AccountTarget = 'generalOnly' | 'twoJournals' | 'platformAdmin' | 'ethicsOnly';

export async function accountTargets(app: Context['app']): Promise<Record<AccountTarget, number>> {
  const general = await journalId(app, 'general');
  const ethics = await journalId(app, 'ethics');
  const make = async (label: string, journalIds: number[], isPlatformAdmin = false) => {
    const [person] = await app.deps.db
      .insert(users)
      .values({
        email: `matrix-${label}-${newToken().slice(0, 8)}@example.org`,
        passwordHash: '!unset-matrix',
        fullName: `Matrix ${label}`,
        nameOnPaper: `Matrix ${label}`,
        jobTitle: 'Lecturer',
        workPlace: 'Somewhere',
        emailConfirmed: true,
        isPlatformAdmin,
      })
      .returning();
    for (const id of journalIds)
      await app.deps.db.insert(journalRoles).values({ userId: person!.id, journalId: id, role: 'researcher' });
    return person!.id;
  };
  return {
    generalOnly: await make('general-only', [general]),
    twoJournals: await make('two-journals', [general, ethics]),
    platformAdmin: await make('platform-admin', [general], true),
    ethicsOnly: await make('ethics-only', [ethics]),
  };
}

/** The form of a person of general as it opens, renamed (researcher, with one of general's specializations). */
export async function renameBody(app: Context['app'], id: number, fullName: string) {
  const [field] = await app.deps.db
    .select({ id: specializations.id })
    .from(specializations)
    .where(and(eq(specializations.journalId, await journalId(app, 'general')), eq(specializations.isDeleted, false)))
    .limit(1);
  const [person] = await app.deps.db.select().from(users).where(eq(users.id, id));
  return {
    roles: ['researcher'],
    fullName,
    nameOnPaper: person!.nameOnPaper,
    jobTitle: person!.jobTitle,
    workPlace: person!.workPlace,
    specializations: [field!.id],
  };
}

/**
 * Who may rename whom through general's user form: status, error code and message key, and whether the name
 * changed. Only the platform administrator renames someone of another journal or a platform administrator.
 */
export const ACCOUNT_CASES: { caller: Caller; target: AccountTarget; answer: string; renamed: boolean }[] = [
  { caller: 'editor', target: 'generalOnly', answer: '200 users.saved', renamed: true },
  { caller: 'editor', target: 'twoJournals', answer: '403 forbidden users.account_elsewhere', renamed: false },
  { caller: 'editor', target: 'platformAdmin', answer: '403 forbidden users.account_elsewhere', renamed: false },
  { caller: 'editor', target: 'ethicsOnly', answer: '404 notFound users.not_found', renamed: false },
  { caller: 'secretary', target: 'generalOnly', answer: '403 forbidden errors.forbidden', renamed: false },
  { caller: 'otherEditor', target: 'generalOnly', answer: '403 forbidden errors.forbidden', renamed: false },
  { caller: 'platformAdmin', target: 'twoJournals', answer: '200 users.saved', renamed: true },
  { caller: 'platformAdmin', target: 'platformAdmin', answer: '200 users.saved', renamed: true },
];
