import { text } from 'node:stream/consumers';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, importedPapers, journals, paperFiles } from '../src/db/schema';
import { buildTestApp, type TestApp, type TestClient } from './harness';
import { settled } from './imports-setup';
import { csv, HEADERS, pdf, row, zip } from './import-sheet-setup';
import { multipartForm } from './papers';

/**
 * Importing the same archive again updates what changed (issue 45, decision 0084): a PDF corrected to the same
 * number of bytes is told from the one stored by its content (SHA-256), not its size, and only its paper's file is
 * replaced.
 */
const BASE = '/api/journals/general/imports';

let app: TestApp;
let manager: TestClient;
let journalId: number;

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
  const [general] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
  journalId = general!.id;
});
afterAll(async () => app?.close());

const sheet = csv([
  [...HEADERS, 'pdf'],
  [...row('hash-1'), 'one.pdf'],
  [...row('hash-2'), 'two.pdf'],
  [...row('hash-3'), 'three.pdf'],
]);

/** Uploads the zip and checks it: the dry run's actions by title. */
async function check(content: Buffer) {
  const form = multipartForm({ source: 'spreadsheet' }, [['file', 'archive.zip', content]]);
  const created = await manager.request('POST', BASE, form.payload, form.headers);
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const checked = await settled(manager, created.body.import.id);
  expect(checked.state, JSON.stringify(checked.error)).toBe('checked');
  const lines = (await manager.get(`${BASE}/${checked.id}/lines`)).body.items as {
    kind: string;
    action: string;
    title: string;
  }[];
  const actions = Object.fromEntries(
    lines.filter((line) => line.kind === 'paper').map((line) => [line.title, line.action]),
  );
  return { id: checked.id as number, actions };
}

async function run(id: number) {
  expect((await manager.post(`${BASE}/${id}/run`, { onRefusal: 'skip' })).status).toBe(202);
  expect((await settled(manager, id)).state).toBe('done');
}

/** Each imported paper's final file: its row id and its content. */
async function finalFiles() {
  const rows = await app.deps.db
    .select({ sourceId: importedPapers.sourceId, fileId: paperFiles.id, key: paperFiles.storageKey })
    .from(importedPapers)
    .innerJoin(archivedPapers, eq(archivedPapers.paperId, importedPapers.paperId))
    .innerJoin(paperFiles, eq(paperFiles.id, archivedPapers.finalFileId))
    .where(and(eq(importedPapers.journalId, journalId), like(importedPapers.sourceId, 'sheet:hash-%')));
  const files: Record<string, { fileId: number; content: string }> = {};
  for (const { sourceId, fileId, key } of rows) {
    const stored = await app.deps.storage.get(key);
    files[sourceId] = { fileId, content: await text(stored!.stream) };
  }
  return files;
}

describe('a galley changed to the same size, imported again', () => {
  it("is updated by its content's hash; the other papers' files are untouched", async () => {
    const first = { one: pdf('first one'), two: pdf('first two'), three: pdf('first three') };
    const created = await check(
      zip({ 'papers.csv': sheet, 'one.pdf': first.one, 'two.pdf': first.two, 'three.pdf': first.three }),
    );
    expect(created.actions).toEqual({ 'Paper hash-1': 'create', 'Paper hash-2': 'create', 'Paper hash-3': 'create' });
    await run(created.id);
    const before = await finalFiles();
    expect(before['sheet:hash-2']!.content).toBe(first.two.toString());

    // The same archive again: nothing changed, nothing written.
    const same = await check(
      zip({ 'papers.csv': sheet, 'one.pdf': first.one, 'two.pdf': first.two, 'three.pdf': first.three }),
    );
    expect(same.actions).toEqual({ 'Paper hash-1': 'skip', 'Paper hash-2': 'skip', 'Paper hash-3': 'skip' });
    expect((await manager.request('DELETE', `${BASE}/${same.id}`)).status).toBe(204);

    // The second paper's PDF corrected, to the same number of bytes.
    const fixed = pdf('fixed two');
    expect(fixed.length).toBe(first.two.length);
    expect(fixed.equals(first.two)).toBe(false);
    const again = await check(
      zip({ 'papers.csv': sheet, 'one.pdf': first.one, 'two.pdf': fixed, 'three.pdf': first.three }),
    );
    expect(again.actions).toEqual({ 'Paper hash-1': 'skip', 'Paper hash-2': 'update', 'Paper hash-3': 'skip' });
    await run(again.id);
    const after = await finalFiles();
    expect(after['sheet:hash-2']!.content).toBe(fixed.toString());
    expect(after['sheet:hash-2']!.fileId).not.toBe(before['sheet:hash-2']!.fileId);
    expect(after['sheet:hash-1']).toEqual(before['sheet:hash-1']);
    expect(after['sheet:hash-3']).toEqual(before['sheet:hash-3']);
  }, 120_000);
});
