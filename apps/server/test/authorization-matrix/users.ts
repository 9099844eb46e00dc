import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { CALLERS, type Entry, PANEL } from './entry';

/** The matrix rows of the journal's users (issue 22 §1): the editor panel's, as the drawer's users screen. */

const USERS = '/api/journals/general/users';

export const usersEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/users',
    allow: PANEL,
    ok: 200,
    request: () => ({ url: `${USERS}?role=reviewer&search=general&page=1` }),
  },
  // Activating an account is one way and idempotent: the researcher's (already active) answers 200 to the panel.
  {
    route: 'POST /api/journals/:slug/users/:id/activate',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => {
      const [row] = await app.deps.db.select().from(users).where(eq(users.email, CALLERS.researcher));
      return { url: `${USERS}/${row!.id}/activate`, body: {} };
    },
  },
];
