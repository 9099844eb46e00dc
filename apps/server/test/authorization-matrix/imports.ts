import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { journalImports, journals } from '../../src/db/schema';
import type { TestApp } from '../harness';
import { multipartForm } from '../papers';
import { type Entry, get, MANAGES } from './entry';

/**
 * The matrix rows of the Import screen's API (issue 45, decision 0076): the journal manager and the platform
 * administrator (core `managesJournal`). The sample imports are rows of general written here, in the state each
 * call needs; no job runs on them.
 */
const BASE = '/api/journals/general/imports';

async function sampleImport(app: TestApp, state: string) {
  const [journal] = await app.deps.db.select({ id: journals.id }).from(journals).where(eq(journals.slug, 'general'));
  const [row] = await app.deps.db
    .insert(journalImports)
    .values({ journalId: journal!.id, source: 'spreadsheet', state, fileName: 'matrix.csv', createCount: 1 })
    .returning({ id: journalImports.id });
  return row!.id;
}

const stateOf = async (app: TestApp, id: number) =>
  (await app.deps.db.select({ state: journalImports.state }).from(journalImports).where(eq(journalImports.id, id)))[0]
    ?.state;

const idIn = (url: string) => Number(/imports\/(\d+)/.exec(url)![1]);

export const importsEntries: Entry[] = [
  // The spreadsheet's template, in the language asked for (its first bytes checked by import-sheet-template.test).
  ...(['xlsx', 'csv'] as const).map((format): Entry => ({
    route: `GET /api/journals/:slug/imports/template.${format}`,
    allow: MANAGES,
    ok: 200,
    request: get(`${BASE}/template.${format}?lang=ar`),
    after: async ({ answer, allowed }) => {
      if (allowed) expect(answer.headers['content-disposition']).toContain(`.${format}`);
    },
  })),
  // The create form checked for those who may: a harvest without its address is refused before anything is made.
  {
    route: 'POST /api/journals/:slug/imports',
    allow: MANAGES,
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.validation',
    okFields: ['Url'],
    request: () => {
      const form = multipartForm({ source: 'oai' }, []);
      return { url: BASE, body: form.payload, headers: form.headers };
    },
  },
  { route: 'GET /api/journals/:slug/imports', allow: MANAGES, ok: 200, request: get(BASE) },
  {
    route: 'GET /api/journals/:slug/imports/:id',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${await sampleImport(app, 'checked')}` }),
    after: async ({ answer, allowed }) => {
      if (allowed) expect(answer.body).toMatchObject({ state: 'checked', fileName: 'matrix.csv' });
    },
  },
  {
    route: 'GET /api/journals/:slug/imports/:id/lines',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${await sampleImport(app, 'checked')}/lines?action=refuse` }),
    after: async ({ answer, allowed }) => {
      if (allowed) expect(answer.body).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    },
  },
  {
    route: 'GET /api/journals/:slug/imports/:id/report.csv',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${await sampleImport(app, 'checked')}/report.csv` }),
    after: async ({ answer, allowed }) => {
      if (allowed) expect(answer.raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    },
  },
  // A finished import is not started again; the state stays.
  {
    route: 'POST /api/journals/:slug/imports/:id/run',
    allow: MANAGES,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'imports.not_checked',
    request: async ({ app }) => ({
      url: `${BASE}/${await sampleImport(app, 'failed')}/run`,
      body: { onRefusal: 'skip' },
    }),
    after: async ({ app, sample }) => expect(await stateOf(app, idIn(sample.url))).toBe('failed'),
  },
  {
    route: 'POST /api/journals/:slug/imports/:id/undo',
    allow: MANAGES,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'imports.undo_not_done',
    request: async ({ app }) => ({ url: `${BASE}/${await sampleImport(app, 'checked')}/undo` }),
    after: async ({ app, sample }) => expect(await stateOf(app, idIn(sample.url))).toBe('checked'),
  },
  // A done import that brought nobody: nothing to queue, answered with the count (refused before it is done:
  // imports-people.test.ts).
  {
    route: 'POST /api/journals/:slug/imports/:id/invite',
    allow: MANAGES,
    ok: 200,
    request: async ({ app }) => ({ url: `${BASE}/${await sampleImport(app, 'done')}/invite` }),
    after: async ({ answer, allowed }) => {
      if (allowed) expect(answer.body).toMatchObject({ messageKey: 'imports.invite_none', queued: 0 });
    },
  },
  // Discarded by those who may; left as it was for everyone else.
  {
    route: 'DELETE /api/journals/:slug/imports/:id',
    allow: MANAGES,
    ok: 204,
    request: async ({ app }) => ({ url: `${BASE}/${await sampleImport(app, 'checked')}` }),
    after: async ({ app, sample, allowed }) =>
      expect(await stateOf(app, idIn(sample.url))).toBe(allowed ? undefined : 'checked'),
  },
];
