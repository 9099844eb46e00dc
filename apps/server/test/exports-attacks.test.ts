import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, journalExports, journals } from '../src/db/schema';
import { unzipSync } from 'fflate';
import { buildTestApp, type TestApp, type TestClient } from './harness';
import { exportSettled } from './exports-setup';

/**
 * Issue 45's whole-journal export attacked through its API: another journal's manager reaching for general's export
 * by id, ids that are not ones, people who may not export, two exports asked for at once (one is made, the other
 * refused: one at a time, decision 0084). Each answer is a translated 4xx, never a 500.
 */
const BASE = '/api/journals/general/exports';
const OTHER = '/api/journals/ethics/exports';

let app: TestApp;
let manager: TestClient;
let otherManager: TestClient;
let doneId: number;

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
  otherManager = await app.signedIn('editor@ethics.test');
  const created = await manager.post(BASE, { format: 'jats' });
  expect(created.status).toBe(202);
  doneId = (await exportSettled(manager, 'general', created.body.export.id)).id;
}, 60_000);
afterAll(async () => app?.close());

const exists = async (id: number) =>
  (await app.deps.db.select().from(journalExports).where(eq(journalExports.id, id))).length === 1;

describe('an export of another journal, or of nothing', () => {
  it("is not found by another journal's manager under their own journal: not viewed, downloaded or deleted", async () => {
    expect((await manager.get(`${BASE}/${doneId}`)).body.state).toBe('done');
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/download'],
      ['DELETE', ''],
    ] as const) {
      const answer = await otherManager.request(method, `${OTHER}/${doneId}${suffix}`);
      expect(answer.status, `${method} ${suffix}`).toBe(404);
      expect(answer.body.messageKey).toBe('exports.not_found');
      const direct = await otherManager.request(method, `${BASE}/${doneId}${suffix}`);
      expect(direct.status, `${method} general ${suffix}`).toBe(403);
    }
    const listed = (await otherManager.get(OTHER)).body.items.map((item: { id: number }) => item.id);
    expect(listed).not.toContain(doneId);
    expect(await exists(doneId)).toBe(true);
  });

  it('answers an id that is not one with a 400 or a translated 404, never a 500', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999', '2147483648', '9'.repeat(400), '%00']) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['GET', '/download'],
        ['DELETE', ''],
      ] as const) {
        manager.language = 'ar';
        const answer = await manager.request(method, `${BASE}/${id}${suffix}`);
        manager.language = 'en';
        expect([400, 404], `${method} ${id}${suffix}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(
          answer.status,
        );
        expect(answer.body.message).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  it('is refused to a secretary, a researcher and a guest, who cannot start one either', async () => {
    for (const email of ['secretary@general.test', 'researcher@general.test', 'handling@general.test']) {
      const client = await app.signedIn(email);
      expect((await client.get(`${BASE}/${doneId}/download`)).status, email).toBe(403);
      expect((await client.post(BASE, { format: 'ojs' })).status, email).toBe(403);
    }
    const guest = app.client();
    expect((await guest.get(`${BASE}/${doneId}/download`)).status).toBe(401);
    expect((await guest.post(BASE, { format: 'ojs' })).status).toBe(401);
  });

  it('refuses a format that is not one with a 400, a body that is not JSON with a 415', async () => {
    for (const body of [
      { format: '../ojs' },
      { format: ['ojs'] },
      { format: 'OJS' },
      [],
      'ojs',
      { format: 'ojs\u0000' },
    ]) {
      const answer = await manager.post(BASE, body);
      expect(answer.status, JSON.stringify(body)).toBe(typeof body === 'string' ? 415 : 400);
      expect(answer.body.message).toBeTruthy();
    }
  });
});

describe('what an export holds', () => {
  it("is the journal's own archive only: none of the other journal's papers, no password hash", async () => {
    const titles = async (slug: string) => {
      const [journal] = await app.deps.db.select().from(journals).where(eq(journals.slug, slug));
      const rows = await app.deps.db
        .select({ en: archivedPapers.titleEn, ar: archivedPapers.titleAr })
        .from(archivedPapers)
        .where(eq(archivedPapers.journalId, journal!.id));
      return rows.flatMap((row) => [row.en, row.ar]).filter((title) => title.length > 12);
    };
    const generalTitles = await titles('general');
    const ethicsTitles = new Set(await titles('ethics'));
    const onlyGeneral = generalTitles.filter((title) => !ethicsTitles.has(title));
    expect(onlyGeneral.length).toBeGreaterThan(0);
    for (const format of ['ojs', 'jats'] as const) {
      const created = await otherManager.post(OTHER, { format });
      const view = await exportSettled(otherManager, 'ethics', created.body.export.id);
      expect(view.state).toBe('done');
      const file = (await otherManager.get(`${OTHER}/${view.id}/download`)).raw;
      const text =
        format === 'ojs'
          ? file.toString('utf8')
          : Object.values(unzipSync(new Uint8Array(file)))
              .map((entry) => Buffer.from(entry).toString('utf8'))
              .join('\n');
      const escaped = (title: string) => title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      expect(
        [...ethicsTitles].some((title) => text.includes(escaped(title))),
        format,
      ).toBe(true);
      for (const title of onlyGeneral) expect(text, `${format}: ${title}`).not.toContain(escaped(title));
      expect(text).not.toMatch(/\$argon2|\$2[aby]\$|password/i);
    }
  }, 60_000);
});

describe('two exports at once', () => {
  it('makes one and refuses the other with a translated 409; asked again once the first ended, each has its whole file', async () => {
    const answers = await Promise.all([manager.post(BASE, { format: 'ojs' }), manager.post(BASE, { format: 'ojs' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const first = answers.find((answer) => answer.status === 202)!;
    expect(answers.find((answer) => answer.status === 409)!.body.messageKey).toBe('exports.too_many_running');
    const views = [await exportSettled(manager, 'general', first.body.export.id)];
    const second = await manager.post(BASE, { format: 'ojs' });
    expect(second.status).toBe(202);
    views.push(await exportSettled(manager, 'general', second.body.export.id));
    for (const view of views) expect(view).toMatchObject({ state: 'done' });
    const files = await Promise.all(views.map((view) => manager.get(`${BASE}/${view.id}/download`)));
    expect(files[0]!.raw.length).toBe(views[0].bytes);
    expect(files[1]!.raw.length).toBe(views[1].bytes);
    expect(files[0]!.raw.equals(files[1]!.raw)).toBe(true);
    // Deleted while it runs: refused; once done, gone.
    const third = await manager.post(BASE, { format: 'jats' });
    const busy = await manager.request('DELETE', `${BASE}/${third.body.export.id}`);
    if (busy.status !== 204) expect(busy.body.messageKey).toBe('exports.busy');
    await exportSettled(manager, 'general', third.body.export.id).catch(() => undefined);
  });
});
