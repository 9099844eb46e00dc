import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { IMPORT_LIMITS } from '@journals/core/schemas/imports';
import { parse } from 'csv-parse/sync';
import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, importedPapers, journalImports, journals, mailOutbox } from '../src/db/schema';
import { buildTestApp, type TestApp, type TestClient } from './harness';
import { settled } from './imports-setup';
import { csv, HEADERS, row } from './import-sheet-setup';
import { multipartForm } from './papers';

/**
 * Issue 45's Import screen attacked through its API, as another journal's manager, a careless user and a hostile
 * file would: ids of another journal or of nothing, file names that try to leave their folder, forms with too much
 * in them, a report opened in Excel, the same import run twice at once, markup reaching the public pages (hostile
 * files and addresses: imports-attacks-files.test.ts). Each answer is a translated 4xx, never a 500, and nothing is
 * half-written.
 */
const BASE = '/api/journals/general/imports';
const OTHER = '/api/journals/ethics/imports';

let app: TestApp;
let manager: TestClient;
let otherManager: TestClient;

beforeAll(async () => {
  // The built web app's stand-in, so the first HTML of a public page is served and can be read.
  app = await buildTestApp({ WEB_DIST: path.join(import.meta.dirname, 'fixtures/web') });
  manager = await app.signedIn('editor@general.test');
  otherManager = await app.signedIn('editor@ethics.test');
});
afterAll(async () => app?.close());
// A journal keeps the uploads of 5 imports in use at most (decision 0084): the checks a test leaves are discarded.
afterEach(async () => {
  for (const [client, base] of [
    [manager, BASE],
    [otherManager, OTHER],
  ] as const) {
    const { items } = (await client.get(base)).body as { items: { id: number; state: string }[] };
    for (const { id } of items.filter((item) => item.state === 'checked'))
      expect((await client.request('DELETE', `${base}/${id}`)).status).toBe(204);
  }
});

async function create(client: TestClient, name: string, content: Buffer, base = BASE, source = 'spreadsheet') {
  const form = multipartForm({ source }, [['file', name, content]]);
  return client.request('POST', base, form.payload, form.headers);
}

async function checkedImport(rows: (string | number)[][] = [row('a1')]) {
  const created = await create(manager, 'papers.csv', csv([HEADERS, ...rows]));
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return settled(manager, created.body.import.id);
}

const stateOf = async (id: number) =>
  (await app.deps.db.select().from(journalImports).where(eq(journalImports.id, id)))[0]?.state;

describe('an import of another journal, or of nothing', () => {
  it("is not found by another journal's manager under their own journal, on every route, and is left as it was", async () => {
    const checked = await checkedImport();
    expect(checked.state).toBe('checked');
    const id = checked.id as number;
    const calls: [string, string, unknown?][] = [
      ['GET', `${OTHER}/${id}`],
      ['GET', `${OTHER}/${id}/lines`],
      ['GET', `${OTHER}/${id}/report.csv`],
      ['POST', `${OTHER}/${id}/run`, { onRefusal: 'skip' }],
      ['POST', `${OTHER}/${id}/undo`, {}],
      ['POST', `${OTHER}/${id}/invite`, {}],
      ['DELETE', `${OTHER}/${id}`],
    ];
    for (const [method, url, body] of calls) {
      const answer = await otherManager.request(method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.messageKey).toBe('imports.not_found');
    }
    // And under general's own address, they are not its manager.
    for (const [method, url, body] of calls) {
      const answer = await otherManager.request(method, url.replace(OTHER, BASE), body);
      expect(answer.status, `${method} ${url}`).toBe(403);
    }
    expect(await stateOf(id)).toBe('checked');
  });

  it('answers an id that is not one with a 400 or a translated 404, never a 500', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '1e3', '99999999999', '2147483648', '9'.repeat(400), '0x10', '%00']) {
      for (const [method, suffix, body] of [
        ['GET', ''],
        ['GET', '/lines'],
        ['GET', '/report.csv'],
        ['POST', '/run', { onRefusal: 'skip' }],
        ['POST', '/undo', {}],
        ['POST', '/invite', {}],
        ['DELETE', ''],
      ] as [string, string, unknown?][]) {
        manager.language = 'ar';
        const answer = await manager.request(method, `${BASE}/${id}${suffix}`, body);
        manager.language = 'en';
        expect([400, 404], `${method} ${id}${suffix}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(
          answer.status,
        );
        expect(answer.body.message, `${method} ${id}${suffix}`).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  it('is refused to a secretary, a researcher and a guest', async () => {
    const { id } = await checkedImport();
    for (const email of ['secretary@general.test', 'researcher@general.test', 'reviewer@general.test']) {
      const client = await app.signedIn(email);
      expect((await client.get(`${BASE}/${id}`)).status, email).toBe(403);
      expect((await client.get(`${BASE}/${id}/report.csv`)).status, email).toBe(403);
      expect((await client.post(`${BASE}/${id}/run`, { onRefusal: 'skip' })).status, email).toBe(403);
      expect((await create(client, 'papers.csv', csv([HEADERS, row('s1')]))).status, email).toBe(403);
    }
    const guest = app.client();
    expect((await guest.get(`${BASE}/${id}`)).status).toBe(401);
    expect((await create(guest, 'papers.csv', csv([HEADERS, row('g1')]))).status).toBe(401);
    expect(await stateOf(id)).toBe('checked');
  });
});

describe('the upload form', () => {
  const uploads = () => {
    try {
      return readdirSync(path.join(app.deps.config.DATA_DIR, 'imports', 'uploads'));
    } catch {
      return [];
    }
  };

  it('keeps a hostile file name as a name only: the upload is stored under a name of its own', async () => {
    for (const name of [
      '../../../../tmp/papers.csv',
      '/etc/papers.csv',
      '..\\..\\windows\\papers.csv',
      `${'x'.repeat(5000)}.csv`,
      'أبحاث المجلة.csv',
      '<img src=x onerror=alert(1)>.csv',
    ]) {
      const created = await create(manager, name, csv([HEADERS, row(`n${name.length}`)]));
      expect(created.status, `${JSON.stringify(name)}: ${JSON.stringify(created.body)}`).toBe(202);
      const view = await settled(manager, created.body.import.id);
      expect(view.state, `${name}: ${JSON.stringify(view.error)}`).toBe('checked');
      expect(view.fileName.length).toBeLessThanOrEqual(200);
      const [stored] = await app.deps.db
        .select({ key: journalImports.fileKey })
        .from(journalImports)
        .where(eq(journalImports.id, view.id));
      expect(stored!.key).toMatch(/^imports[/\\]uploads[/\\][0-9a-f]{24}$/);
      for (const file of uploads()) expect(file).toMatch(/^[0-9a-f]{24}$/);
      // Discarded: six checked uploads at once would pass the journal's budget (decision 0084).
      expect((await manager.request('DELETE', `${BASE}/${view.id}`)).status).toBe(204);
    }
  });

  it('takes a file name with a NUL or other control characters in it as a name without them (no stray upload)', async () => {
    const before = uploads().length;
    const created = await create(manager, 'a\u0000b\u0007\u001b[31m.csv', csv([HEADERS, row('nul')]));
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body.import.fileName).toBe('ab[31m.csv');
    expect((await settled(manager, created.body.import.id)).state).toBe('checked');
    expect(uploads().length).toBe(before + 1);
  });

  it('refuses a form with two files, a huge field or an unknown source with a 4xx, and leaves no file behind', async () => {
    const before = uploads().length;
    const two = multipartForm({ source: 'spreadsheet' }, [
      ['file', 'a.csv', csv([HEADERS, row('t1')])],
      ['file', 'b.csv', csv([HEADERS, row('t2')])],
    ]);
    const twice = await manager.request('POST', BASE, two.payload, two.headers);
    expect(twice.status, JSON.stringify(twice.body)).toBeLessThan(500);
    const huge = multipartForm({ source: 'oai', url: `http://example.org/${'a'.repeat(3 * 1024 * 1024)}` });
    const big = await manager.request('POST', BASE, huge.payload, huge.headers);
    expect(big.status, JSON.stringify(big.body).slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(big.status).toBeLessThan(500);
    expect(big.body.message).toBeTruthy();
    const unknown = multipartForm({ source: '__proto__' }, [['file', 'a.csv', csv([HEADERS, row('u1')])]]);
    const refused = await manager.request('POST', BASE, unknown.payload, unknown.headers);
    expect(refused.status).toBe(400);
    const many = multipartForm(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'x'])), []);
    const fields = await manager.request('POST', BASE, many.payload, many.headers);
    expect(fields.status, JSON.stringify(fields.body)).toBeGreaterThanOrEqual(400);
    expect(fields.status).toBeLessThan(500);
    const accepted = twice.status === 202 ? 1 : 0;
    expect(uploads().length).toBe(before + accepted);
  });
});

describe('an upload past the limit', () => {
  it('is streamed and stopped at IMPORT_LIMITS.fileBytes (1 GB) with a translated 413, leaving nothing on disk', async () => {
    const dir = path.join(app.deps.config.DATA_DIR, 'imports', 'uploads');
    const files = () => (existsSync(dir) ? readdirSync(dir).length : 0);
    const before = files();
    const boundary = '----attack1gb';
    const total = IMPORT_LIMITS.fileBytes + 1024 * 1024;
    const chunk = Buffer.alloc(4 * 1024 * 1024, 'a');
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\nspreadsheet\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      );
      for (let sent = 0; sent < total; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const rss = process.memoryUsage().rss;
    manager.language = 'ar';
    const answer = await manager.request('POST', BASE, Readable.from(body()), {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    manager.language = 'en';
    expect(answer.status, JSON.stringify(answer.body)).toBe(413);
    expect(answer.body.messageKey).toBe('imports.file_too_large');
    expect(answer.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(files()).toBe(before);
    // Streamed: the process did not hold the gigabyte.
    expect(process.memoryUsage().rss - rss).toBeLessThan(300 * 1024 * 1024);
  }, 300_000);
});

describe('the report opened in a spreadsheet', () => {
  it('neutralises a title that would be a formula', async () => {
    const titles = ['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\t=1+1'];
    const checked = await checkedImport(titles.map((title, index) => row(`f${index}`, title)));
    expect(checked.summary.create, JSON.stringify(checked)).toBeGreaterThan(0);
    const report = await manager.get(`${BASE}/${checked.id}/report.csv`);
    expect(report.status).toBe(200);
    const cells = (parse(String(report.body).replace(/^\uFEFF/, '')) as string[][]).flat();
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    // The title is still there, whole, after the quote that makes it text.
    for (const title of titles) expect(cells, JSON.stringify(cells)).toContain(`'${title.trim()}`);
  });
});

describe('the same import, twice at once', () => {
  it('is run once when two runs come together; undo and delete wait for it with a 409', async () => {
    const checked = await checkedImport([row('c1'), row('c2'), row('c3')]);
    const runs = await Promise.all([
      manager.post(`${BASE}/${checked.id}/run`, { onRefusal: 'skip' }),
      manager.post(`${BASE}/${checked.id}/run`, { onRefusal: 'skip' }),
    ]);
    expect(runs.map((answer) => answer.status).sort()).toEqual([202, 409]);
    expect(runs.find((answer) => answer.status === 409)!.body.messageKey).toBe('imports.not_checked');
    // While it waits or runs: not undone, not deleted, not run again.
    const undo = await manager.post(`${BASE}/${checked.id}/undo`, {});
    const gone = await manager.request('DELETE', `${BASE}/${checked.id}`);
    if ((await stateOf(checked.id)) !== 'done') {
      expect(undo.status).toBe(409);
      expect(gone.status).toBe(409);
      expect(gone.body.messageKey).toBe('imports.busy');
    }
    const done = await settled(manager, checked.id);
    expect(done).toMatchObject({ state: 'done', summary: { refuse: 0 } });
    const created = (await manager.get(`${BASE}/${checked.id}/lines?action=create`)).body.items;
    // Each paper once (the line besides them when it was new).
    expect(created.filter((line: { kind: string }) => line.kind === 'paper')).toHaveLength(3);
    // Two undos together: one undoes, the other finds it undone.
    const undos = await Promise.all([
      manager.post(`${BASE}/${checked.id}/undo`, {}),
      manager.post(`${BASE}/${checked.id}/undo`, {}),
    ]);
    expect(undos.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await stateOf(checked.id)).toBe('undone');
  });
});

describe("a record naming another journal's paper", () => {
  it("by its DOI creates a paper of this journal and leaves the other journal's paper as it was", async () => {
    const [general] = await app.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
    const [theirs] = await app.deps.db
      .select()
      .from(archivedPapers)
      .where(eq(archivedPapers.journalId, general!.id))
      .limit(1);
    await app.deps.db
      .update(archivedPapers)
      .set({ doi: '10.5555/general.1' })
      .where(eq(archivedPapers.paperId, theirs!.paperId));
    const [before] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, theirs!.paperId));
    const content = csv([
      [...HEADERS, 'doi'],
      [...row('doi1', 'Taken over'), '10.5555/GENERAL.1'],
    ]);
    const created = await create(otherManager, 'papers.csv', content, OTHER);
    const checked = await settled(otherManager, created.body.import.id, undefined, 'ethics');
    expect(checked.summary).toMatchObject({ create: expect.any(Number), update: 0 });
    expect((await otherManager.post(`${OTHER}/${checked.id}/run`, { onRefusal: 'skip' })).status).toBe(202);
    const done = await settled(otherManager, checked.id, undefined, 'ethics');
    expect(done.summary.update).toBe(0);
    const [after] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, theirs!.paperId));
    expect(after).toEqual(before);
  });
});

describe('the imported people, invited twice at once', () => {
  it('are mailed once each', async () => {
    const users = readFileSync(path.join(import.meta.dirname, 'fixtures/ojs/users.xml'));
    const created = await create(otherManager, 'users.xml', users, OTHER, 'ojsUsers');
    expect(created.status).toBe(202);
    const checked = await settled(otherManager, created.body.import.id, undefined, 'ethics');
    expect((await otherManager.post(`${OTHER}/${checked.id}/run`, { onRefusal: 'skip' })).status).toBe(202);
    expect((await settled(otherManager, checked.id, undefined, 'ethics')).state).toBe('done');
    const [{ last }] = (await app.deps.db
      .select({ last: sql<number>`coalesce(max(${mailOutbox.id}), 0)::int` })
      .from(mailOutbox)) as [{ last: number }];
    const answers = await Promise.all([
      otherManager.post(`${OTHER}/${checked.id}/invite`, {}),
      otherManager.post(`${OTHER}/${checked.id}/invite`, {}),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const queued = answers.reduce((sum, answer) => sum + (answer.body.queued as number), 0);
    expect(queued).toBeGreaterThan(0);
    const mails = await app.deps.db.select().from(mailOutbox).where(gt(mailOutbox.id, last));
    const addresses = mails.map((mail) => mail.toAddress);
    expect(addresses.length).toBe(queued);
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});

describe('markup in what an import writes', () => {
  it('reaches the public paper as text: the abstract without its markup, the title escaped in the first HTML', async () => {
    const title = '</title><script>alert(1)</script><img src=x onerror=alert(2)>';
    const abstract = '<p onclick="alert(3)">Rain.</p><script>alert(4)</script><a href="javascript:alert(5)">x</a>';
    const headers = [...HEADERS, 'abstract_en'];
    const created = await create(manager, 'papers.csv', csv([headers, [...row('xss1', title), abstract]]));
    const view = await settled(manager, created.body.import.id);
    expect(view.summary.create, JSON.stringify(view)).toBeGreaterThan(0);
    expect((await manager.post(`${BASE}/${view.id}/run`, { onRefusal: 'skip' })).status).toBe(202);
    expect((await settled(manager, view.id)).state).toBe('done');
    const [imported] = await app.deps.db
      .select({ paperId: importedPapers.paperId })
      .from(importedPapers)
      .where(eq(importedPapers.sourceId, 'sheet:xss1'));
    const paper = await app.client().get(`/api/journals/general/archive/papers/${imported!.paperId}`);
    expect(paper.status).toBe(200);
    // The title is the file's text, kept as text (the web shows it as text, never as markup); the abstract's
    // markup is taken out, its words kept.
    expect(paper.body.title.en).toBe(title);
    expect(paper.body.abstract.en).toBe('Rain.\n\nx');
    const page = await app.client().get(`/general/archive/papers/${imported!.paperId}`);
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)');
  });
});
