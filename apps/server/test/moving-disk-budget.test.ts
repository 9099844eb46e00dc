import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JOURNAL_DISK_BUDGET } from '@journals/core/limits';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalExports, journalImports, journals } from '../src/db/schema';
import { exportDir } from '../src/features/harvesting/export-pass';
import { readWithInTests } from '../src/features/imports/imports.readers';
import { buildTestApp, type TestApp, type TestClient } from './harness';
import { exportSettled } from './exports-setup';
import { fileOf, paperRecord, settled, testReader, upload } from './imports-setup';

/**
 * What moving in and out may keep on a journal's disk (decision 0084, core JOURNAL_DISK_BUDGET): the uploads of its
 * imports, and its exports running at once and kept. A journal past its budget is told so in its language (409),
 * and a finished import's or export's files make room for a new one.
 */
let app: TestApp;
let manager: TestClient;
let restore: () => void;
let generalId: number;
const IMPORTS = '/api/journals/general/imports';
const EXPORTS = '/api/journals/general/exports';

beforeAll(async () => {
  app = await buildTestApp();
  restore = readWithInTests('spreadsheet', testReader());
  manager = await app.signedIn('editor@general.test');
  const [general] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
  generalId = general!.id;
});
afterAll(async () => {
  restore();
  await app.close();
});

const uploadsOnDisk = () => readdirSync(path.join(app.deps.config.DATA_DIR, 'imports', 'uploads')).length;
const fileKeyOf = async (id: number) =>
  (await app.deps.db.select({ key: journalImports.fileKey }).from(journalImports).where(eq(journalImports.id, id)))[0]!
    .key;

/** An import of one paper, checked: it keeps its upload until it is run, discarded or made room for. */
async function checkedImport(n: number) {
  const created = await upload(manager, fileOf([paperRecord(n, { sourceId: `budget:${n}`, galley: undefined })]));
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const view = await settled(manager, created.body.import.id);
  expect(view.state).toBe('checked');
  return view.id as number;
}

describe("a journal's import uploads (at most JOURNAL_DISK_BUDGET.keptUploads on disk)", () => {
  it('keeps a finished import’s upload while there is room, removes it for a new one, and refuses one past the budget', async () => {
    const { keptUploads } = JOURNAL_DISK_BUDGET;
    expect(keptUploads).toBe(5);
    // A: imported (done); its upload stays while the budget has room.
    const a = await checkedImport(1);
    expect((await manager.post(`${IMPORTS}/${a}/run`, { onRefusal: 'skip' })).status).toBe(202);
    expect((await settled(manager, a)).state).toBe('done');
    const aFile = path.join(app.deps.config.DATA_DIR, (await fileKeyOf(a))!);
    const waiting: number[] = [];
    for (let n = 2; n <= keptUploads; n += 1) waiting.push(await checkedImport(n));
    expect(existsSync(aFile)).toBe(true);

    // F: four checked imports and A's file fill the budget; A is finished, so its upload goes to make room.
    waiting.push(await checkedImport(6));
    expect(existsSync(aFile)).toBe(false);
    expect(await fileKeyOf(a)).toBeNull();
    // A's record and report are still there.
    expect((await manager.get(`${IMPORTS}/${a}`)).body).toMatchObject({ state: 'done', fileName: 'archive.jsonl' });
    expect((await manager.get(`${IMPORTS}/${a}/lines`)).body.total).toBeGreaterThan(0);

    // G: five imports still use their uploads: refused in the manager's language, nothing of it written.
    const before = { files: uploadsOnDisk(), imports: (await manager.get(IMPORTS)).body.items.length };
    const refused = await upload(manager, fileOf([paperRecord(7)]));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ messageKey: 'imports.too_many_uploads' });
    expect(refused.body.message).toBe(
      'The journal already keeps the files of 5 imports that are checked, waiting or running, the most it may. Start or discard one of them first.',
    );
    manager.language = 'ar';
    const arabic = await upload(manager, fileOf([paperRecord(7)]));
    manager.language = 'en';
    expect(arabic.status).toBe(409);
    expect(arabic.body.message).toContain('(٥)');
    expect(arabic.body.message).toMatch(/^[^a-z]*$/i);
    expect(uploadsOnDisk()).toBe(before.files);
    expect((await manager.get(IMPORTS)).body.items).toHaveLength(before.imports);

    // Discarding one of the five makes room again.
    expect((await manager.request('DELETE', `${IMPORTS}/${waiting[0]}`)).status).toBe(204);
    await checkedImport(8);
  });
});

describe('two uploads at the same instant at the limit', () => {
  it('cannot both pass the budget: one 202, one 409 in the manager’s language, the loser’s file not kept', async () => {
    const { keptUploads } = JOURNAL_DISK_BUDGET;
    // The journal's checked imports discarded, then all but one of its uploads in use.
    for (const item of (await manager.get(IMPORTS)).body.items as { id: number; state: string }[])
      if (item.state === 'checked') expect((await manager.request('DELETE', `${IMPORTS}/${item.id}`)).status).toBe(204);
    for (let n = 1; n < keptUploads; n += 1) await checkedImport(100 + n);
    const files = uploadsOnDisk();
    const both = await Promise.all(
      [201, 202].map((n) => upload(manager, fileOf([paperRecord(n, { sourceId: `race:${n}`, galley: undefined })]))),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const refused = both.find((answer) => answer.status === 409)!;
    expect(refused.body).toMatchObject({ messageKey: 'imports.too_many_uploads' });
    expect(refused.body.message).toContain('5 imports');
    expect(uploadsOnDisk()).toBe(files + 1);
    const inUse = await app.deps.db
      .select({ id: journalImports.id })
      .from(journalImports)
      .where(and(eq(journalImports.journalId, generalId), isNotNull(journalImports.fileKey)));
    expect(inUse).toHaveLength(keptUploads);
    await settled(manager, both.find((answer) => answer.status === 202)!.body.import.id);
  });
});

describe("a journal's exports (JOURNAL_DISK_BUDGET.exportsAtOnce running, keptExports kept)", () => {
  it('refuses a second export while one waits or runs, in the manager’s language, and takes it once that one ended', async () => {
    const [busy] = await app.deps.db
      .insert(journalExports)
      .values({ journalId: generalId, format: 'ojs', state: 'running', holder: 'another-process' })
      .returning({ id: journalExports.id });
    const refused = await manager.post(EXPORTS, { format: 'jats' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ messageKey: 'exports.too_many_running' });
    expect(refused.body.message).toBe(
      'An export of this journal is already waiting or running (1 at a time). Wait until it ends, then export again.',
    );
    manager.language = 'ar';
    const arabic = await manager.post(EXPORTS, { format: 'jats' });
    manager.language = 'en';
    expect(arabic.body.message).toMatch(/^لهذه المجلة تصدير منتظر أو جارٍ الآن/);
    // Another journal's export is not counted against general's.
    const ethics = await app.signedIn('editor@ethics.test');
    const elsewhere = await ethics.post('/api/journals/ethics/exports', { format: 'ojs' });
    expect(elsewhere.status).toBe(202);
    await exportSettled(ethics, 'ethics', elsewhere.body.export.id);

    await app.deps.db.update(journalExports).set({ state: 'failed' }).where(eq(journalExports.id, busy!.id));
    const taken = await manager.post(EXPORTS, { format: 'jats' });
    expect(taken.status).toBe(202);
    expect((await exportSettled(manager, 'general', taken.body.export.id)).state).toBe('done');
  });

  it('removes the finished exports past the newest ones kept, with their files, when a new one starts', async () => {
    const { keptExports } = JOURNAL_DISK_BUDGET;
    // Finished exports of their own, each with a file on disk, newest last.
    const made: number[] = [];
    for (let n = 0; n < keptExports + 2; n += 1) {
      const [row] = await app.deps.db
        .insert(journalExports)
        .values({ journalId: generalId, format: 'ojs', state: 'done', finishedAt: new Date(), fileName: 'x.xml' })
        .returning({ id: journalExports.id });
      const dir = exportDir(app.deps.config, row!.id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'x.xml'), '<issues/>');
      made.push(row!.id);
    }
    const started = await manager.post(EXPORTS, { format: 'ojs' });
    expect(started.status).toBe(202);
    const listed = (await manager.get(EXPORTS)).body.items.map((item: { id: number }) => item.id);
    const kept = made.slice(-keptExports);
    const gone = made.filter((id) => !kept.includes(id));
    expect(listed).toEqual([started.body.export.id, ...[...kept].reverse()]);
    for (const id of gone) expect(existsSync(exportDir(app.deps.config, id)), `export ${id}`).toBe(false);
    for (const id of kept) expect(existsSync(exportDir(app.deps.config, id)), `export ${id}`).toBe(true);
    await exportSettled(manager, 'general', started.body.export.id);
  });
});
