import { eq } from 'drizzle-orm';
import { journals, mailOutbox } from '../../src/db/schema';
import { type Context, type Entry, PANEL } from './entry';

/** The matrix rows of the outbox screen (issue 22 §3): the editor panel's. */

/** A failed message of general made for one call. */
async function failed(app: Context['app']) {
  const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
  const [row] = await app.deps.db
    .insert(mailOutbox)
    .values({
      journalId: journal!.id,
      toAddress: 'x@example.org',
      kind: 'finalDecision',
      subject: 'x',
      text: 'x',
      state: 'failed',
    })
    .returning();
  return row!.id;
}

export const outboxEntries: Entry[] = [
  {
    route: 'GET /api/journals/:slug/outbox',
    allow: PANEL,
    ok: 200,
    request: () => ({ url: '/api/journals/general/outbox' }),
  },
  {
    route: 'POST /api/journals/:slug/outbox/:id/retry',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => ({ url: `/api/journals/general/outbox/${await failed(app)}/retry` }),
  },
  // The platform administrator's outbox across journals (issue 22 §4).
  {
    route: 'GET /api/journals/:slug/platform/outbox',
    allow: ['platformAdmin'],
    ok: 200,
    request: () => ({ url: '/api/journals/general/platform/outbox' }),
  },
  {
    route: 'POST /api/journals/:slug/platform/outbox/:id/retry',
    allow: ['platformAdmin'],
    ok: 200,
    request: async ({ app }) => ({ url: `/api/journals/general/platform/outbox/${await failed(app)}/retry` }),
  },
];
