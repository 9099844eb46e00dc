import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { journalExports, journals } from '../../src/db/schema';
import type { TestApp } from '../harness';
import { type Entry, get, MANAGES } from './entry';

/**
 * The matrix rows of the journal's exports (issue 45 "And leaving", decision 0082): the journal manager and the
 * platform administrator (core `managesJournal`, the Import screen's). The sample exports are rows of general
 * written here in the state each call needs, held by nobody's job (a lease far ahead) so no job takes them.
 */
const BASE = '/api/journals/general/exports';

async function sampleExport(app: TestApp, state: string) {
  const [journal] = await app.deps.db.select({ id: journals.id }).from(journals).where(eq(journals.slug, 'general'));
  const [row] = await app.deps.db
    .insert(journalExports)
    .values({
      journalId: journal!.id,
      format: 'jats',
      state,
      papers: 12,
      papersDone: 5,
      holder: 'matrix',
      heldUntil: new Date('2100-01-01T00:00:00Z'),
      errorKey: state === 'failed' ? 'exports.pdf_missing' : null,
    })
    .returning({ id: journalExports.id });
  return row!.id;
}

/** A journal makes one export at a time (decision 0084): the samples still "in the making" are ended first. */
async function noExportInTheMaking(app: TestApp) {
  const [journal] = await app.deps.db.select({ id: journals.id }).from(journals).where(eq(journals.slug, 'general'));
  await app.deps.db
    .update(journalExports)
    .set({ state: 'failed', holder: null, heldUntil: null })
    .where(and(eq(journalExports.journalId, journal!.id), inArray(journalExports.state, ['queued', 'running'])));
}

const stateOf = async (app: TestApp, id: number) =>
  (await app.deps.db.select({ state: journalExports.state }).from(journalExports).where(eq(journalExports.id, id)))[0]
    ?.state;

const idIn = (url: string) => Number(/exports\/(\d+)/.exec(url)![1]);

export const exportsEntries: Entry[] = [
  {
    route: 'POST /api/journals/:slug/exports',
    allow: MANAGES,
    ok: 202,
    request: async ({ app }) => {
      await noExportInTheMaking(app);
      return { url: BASE, body: { format: 'ojs' } };
    },
    after: async ({ answer, allowed }) => {
      if (allowed) expect(answer.body.export).toMatchObject({ format: 'ojs', fileName: null, error: null });
    },
  },
  { route: 'GET /api/journals/:slug/exports', allow: MANAGES, ok: 200, request: get(BASE) },
  {
    route: 'GET /api/journals/:slug/exports/:id',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${await sampleExport(app, 'failed')}` }),
    after: async ({ answer, allowed }) => {
      if (allowed)
        expect(answer.body).toMatchObject({
          state: 'failed',
          format: 'jats',
          progress: { papers: 12, papersDone: 5 },
          error: { key: 'exports.pdf_missing' },
        });
    },
  },
  // An export still being made is not downloaded yet; it goes on.
  {
    route: 'GET /api/journals/:slug/exports/:id/download',
    allow: MANAGES,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'exports.not_ready',
    request: async ({ app }) => ({ url: `${BASE}/${await sampleExport(app, 'running')}/download` }),
    after: async ({ app, sample }) => expect(await stateOf(app, idIn(sample.url))).toBe('running'),
  },
  // Deleted by those who may; left as it was for everyone else.
  {
    route: 'DELETE /api/journals/:slug/exports/:id',
    allow: MANAGES,
    ok: 204,
    request: async ({ app }) => ({ url: `${BASE}/${await sampleExport(app, 'failed')}` }),
    after: async ({ app, sample, allowed }) =>
      expect(await stateOf(app, idIn(sample.url))).toBe(allowed ? undefined : 'failed'),
  },
];
