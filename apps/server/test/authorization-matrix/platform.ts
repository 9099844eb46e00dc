import { DEFAULT_LANDING } from '@journals/core/schemas/landing';
import { users } from '../../src/db/schema';
import type { Context, Entry } from './entry';

/**
 * The matrix rows of the platform administrator's journals and people (issue 22 §4): theirs alone, through any
 * journal.
 */

const BASE = '/api/journals/general/platform/journals';
let made = 0;

/** An account of nobody made for one call, for the erasure's row. */
async function stranger(app: Context['app']) {
  made += 1;
  const email = `stranger-${process.pid}-${Date.now().toString(36)}-${made}@example.org`;
  const [row] = await app.deps.db
    .insert(users)
    .values({ email, passwordHash: '!unset', fullName: 'Stranger', nameOnPaper: 'Stranger' })
    .returning();
  return { id: row!.id, email };
}

export const platformEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/platform/journals',
    allow: ['platformAdmin'],
    ok: 200,
    request: () => ({ url: BASE }),
  },
  {
    route: 'POST /api/journals/:slug/platform/journals',
    allow: ['platformAdmin'],
    ok: 201,
    request: () => {
      made += 1;
      return {
        url: BASE,
        body: {
          slug: `matrix-${process.pid}-${Date.now().toString(36)}-${made}`,
          titleEn: 'Matrix Journal',
          titleAr: 'مجلة المصفوفة',
          managerEmail: 'editor@general.test',
          managerName: 'Amal Hassan',
        },
      };
    },
  },
  {
    // Switching general on again: allowed or not, it stays as it is for the other rows.
    route: 'PUT /api/journals/:slug/platform/journals/:id/state',
    allow: ['platformAdmin'],
    ok: 200,
    request: () => ({ url: `${BASE}/1/state`, body: { active: true } }),
  },
  {
    route: 'GET /api/journals/:slug/platform/users',
    allow: ['platformAdmin'],
    ok: 200,
    request: () => ({ url: '/api/journals/general/platform/users?search=general' }),
  },
  {
    // Lifting a suspension nobody has: allowed or not, nothing changes for the other rows.
    route: 'PUT /api/journals/:slug/platform/users/:id/ban',
    allow: ['platformAdmin'],
    ok: 200,
    request: () => ({ url: '/api/journals/general/platform/users/1/ban', body: { banned: false } }),
  },
  {
    route: 'POST /api/journals/:slug/platform/users/:id/erase',
    allow: ['platformAdmin'],
    ok: 200,
    request: async ({ app }) => {
      const { id, email } = await stranger(app);
      return { url: `/api/journals/general/platform/users/${id}/erase`, body: { email } };
    },
  },
  {
    route: 'GET /api/journals/:slug/platform/landing',
    allow: ['platformAdmin'],
    ok: 200,
    request: () => ({ url: '/api/journals/general/platform/landing' }),
  },
  {
    // The defaults saved as they are: allowed or not, the landing page reads the same for the other rows.
    route: 'PUT /api/journals/:slug/platform/landing',
    allow: ['platformAdmin'],
    ok: 200,
    request: () => ({
      url: '/api/journals/general/platform/landing',
      body: {
        taglineEn: DEFAULT_LANDING.taglineEn,
        taglineAr: DEFAULT_LANDING.taglineAr,
        features: DEFAULT_LANDING.features,
        journals: [],
      },
    }),
  },
];
