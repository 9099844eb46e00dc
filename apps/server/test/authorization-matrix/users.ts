import { and, eq } from 'drizzle-orm';
import { journalRoles, journals, specializations, userSpecializations, users } from '../../src/db/schema';
import { uniqueEmail } from '../harness';
import { CALLERS, type Context, type Entry, MANAGES, PANEL } from './entry';

/** The matrix rows of the journal's users (issue 22 §1): the editor panel's, as the drawer's users screen. */

const USERS = '/api/journals/general/users';
const idOf = async (app: Context['app'], email: string) =>
  (await app.deps.db.select().from(users).where(eq(users.email, email)))[0]!.id;

/** A researcher of general made for one call, who is not signed in anywhere. */
async function newMember(app: Context['app']) {
  const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
  const [person] = await app.deps.db
    .insert(users)
    .values({ email: uniqueEmail('member'), passwordHash: '!unset-matrix', fullName: 'Matrix Member' })
    .returning();
  await app.deps.db.insert(journalRoles).values({ userId: person!.id, journalId: journal!.id, role: 'researcher' });
  return person!.id;
}

export const usersEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/users',
    allow: PANEL,
    ok: 200,
    request: () => ({ url: `${USERS}?role=reviewer&search=general&page=1` }),
  },
  // Adding a user is the journal manager's, as roles are (issue 22 §5); each call adds a new person.
  {
    route: 'POST /api/journals/:slug/users',
    allow: MANAGES,
    ok: 201,
    request: async ({ app }) => {
      const [field] = await app.deps.db
        .select({ id: specializations.id })
        .from(specializations)
        .innerJoin(journals, eq(journals.id, specializations.journalId))
        .where(and(eq(journals.slug, 'general'), eq(specializations.isDeleted, false)))
        .limit(1);
      const email = uniqueEmail('matrix');
      return {
        url: USERS,
        body: {
          email,
          emailConfirmation: email,
          roles: ['researcher'],
          fullName: 'Matrix Person',
          nameOnPaper: 'M. Person',
          jobTitle: 'Lecturer',
          workPlace: 'Somewhere',
          specializations: [field!.id],
        },
      };
    },
  },
  {
    route: 'GET /api/journals/:slug/users/:id',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${USERS}/${await idOf(app, 'researcher2@general.test')}` }),
  },
  // Saving a person is the journal manager's: the sample saves researcher2 as they are.
  {
    route: 'PUT /api/journals/:slug/users/:id',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => {
      const [person] = await app.deps.db.select().from(users).where(eq(users.email, 'researcher2@general.test'));
      const chosen = await app.deps.db
        .select({ id: userSpecializations.specializationId })
        .from(userSpecializations)
        .innerJoin(specializations, eq(specializations.id, userSpecializations.specializationId))
        .innerJoin(journals, eq(journals.id, specializations.journalId))
        .where(and(eq(userSpecializations.userId, person!.id), eq(journals.slug, 'general')));
      return {
        url: `${USERS}/${person!.id}`,
        body: {
          roles: ['researcher'],
          fullName: person!.fullName,
          nameOnPaper: person!.nameOnPaper || person!.fullName,
          jobTitle: person!.jobTitle,
          workPlace: person!.workPlace || 'Nile University',
          specializations: chosen.map((row) => row.id),
        },
      };
    },
  },
  // Removing someone from the journal is the journal manager's; each call removes a new member made for it.
  {
    route: 'DELETE /api/journals/:slug/users/:id',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => ({ url: `${USERS}/${await newMember(app)}` }),
  },
  // The journal's ban is the journal manager's (decision 0040); each call bans a new member made for it.
  {
    route: 'POST /api/journals/:slug/users/:id/ban',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => ({ url: `${USERS}/${await newMember(app)}/ban`, body: {} }),
  },
  // Lifting a ban that is not there changes nothing: researcher2's answers 200 to the journal manager.
  {
    route: 'DELETE /api/journals/:slug/users/:id/ban',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => ({ url: `${USERS}/${await idOf(app, 'researcher2@general.test')}/ban` }),
  },
  // Activating an account is one way and idempotent: the researcher's (already active) answers 200 to the panel.
  {
    route: 'POST /api/journals/:slug/users/:id/activate',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${USERS}/${await idOf(app, CALLERS.researcher)}/activate`, body: {} }),
  },
  {
    route: 'GET /api/journals/:slug/users/:id/roles',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${USERS}/${await idOf(app, 'researcher2@general.test')}/roles` }),
  },
  // Roles are the journal manager's alone (issue 22 §5): the secretary gets 403. The sample changes nothing.
  {
    route: 'PUT /api/journals/:slug/users/:id/roles',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => ({
      url: `${USERS}/${await idOf(app, 'researcher2@general.test')}/roles`,
      body: { roles: ['researcher'] },
    }),
  },
  {
    route: 'GET /api/journals/:slug/users/:id/open-reviews',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `${USERS}/${await idOf(app, CALLERS.reviewer)}/open-reviews` }),
  },
];
