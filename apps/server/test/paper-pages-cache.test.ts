import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperPagesOf } from '../src/features/submissions/paper-page.service';
import { HeardCache } from '../src/lib/heard-cache';
import { buildTestApp, countStatements, createActiveUser, type TestApp, type TestClient } from './harness';
import { paperBody, specializationOf, submittedPaper } from './papers';

/**
 * The process remembers paper pages (decision 0062) and must never answer from one after a change to what it read:
 * the paper, its files, its people, its decision, its issue, the journal's fees. Each change is made by hand in the
 * database (as any code path or an operator in psql would) and checked on the very next request.
 */

let app: TestApp;
let spec: number;
const G = '/api/journals/general/papers';

beforeAll(async () => {
  // The journal's row is kept as in production, so that a request's statements are its page's.
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  spec = await specializationOf(app.client(), 'general');
});
afterAll(() => app.close());

const run = (query: ReturnType<typeof sql>) => app.deps.db.execute(query);

/** A researcher of the journal with a submitted paper, whose page is remembered (the second read: no statement). */
async function rememberedPage(people: Record<string, unknown> = {}) {
  const user = await createActiveUser(app, { specializations: [spec] });
  const client = app.client();
  await client.login(user.email, user.password);
  const { id } = await submittedPaper(client, 'general', paperBody(spec, people));
  const page = () => client.get(`${G}/${id}`);
  expect((await page()).status).toBe(200);
  expect((await page()).status).toBe(200);
  expect(await countStatements(app, async () => expect((await page()).status).toBe(200))).toBe(0);
  return { client, id, page: async () => (await page()).body, email: user.email };
}

/** The page is read from the database on this request (one statement), and is remembered again after. */
async function readAgain(client: TestClient, id: number) {
  let body: any;
  expect(
    await countStatements(app, async () => {
      body = (await client.get(`${G}/${id}`)).body;
    }),
  ).toBe(1);
  expect(await countStatements(app, () => client.get(`${G}/${id}`))).toBe(0);
  return body;
}

describe('a remembered paper page', () => {
  it('is read again after a change to the paper itself', async () => {
    const { client, id } = await rememberedPage();
    await run(sql`update papers set title = 'Retitled by hand', status = 3 where id = ${id}`);
    expect(await readAgain(client, id)).toMatchObject({ title_of_the_work: 'Retitled by hand', status: 3 });
  });

  it('is read again after a change to its files: a rename, a removal, a new one', async () => {
    const { client, id, page } = await rememberedPage();
    const before = (await page()).files as { id: number; kind: string }[];
    const proposal = before.find((file) => file.kind === 'proposalFile')!;
    await run(sql`update paper_files set original_name = 'renamed.pdf' where id = ${proposal.id}`);
    expect((await readAgain(client, id)).files).toContainEqual(
      expect.objectContaining({ originalName: 'renamed.pdf' }),
    );
    await run(sql`update paper_files set removed_at = now() where id = ${proposal.id}`);
    const after = (await readAgain(client, id)).files as { id: number }[];
    expect(after.map((file) => file.id)).not.toContain(proposal.id);
    await run(sql`insert into paper_files (paper_id, kind, original_name, storage_key, mime_type, size)
      values (${id}, 'proposalFile', 'added-by-hand.pdf', 'by-hand', 'application/pdf', 10)`);
    expect((await readAgain(client, id)).files).toContainEqual(
      expect.objectContaining({ originalName: 'added-by-hand.pdf' }),
    );
  });

  it('is read again after a change to its authors or suggested reviewers', async () => {
    const { client, id } = await rememberedPage();
    await run(sql`update paper_authors set full_name = 'Renamed Author' where paper_id = ${id}`);
    expect((await readAgain(client, id)).authors[0].fullName).toBe('Renamed Author');
    await run(sql`insert into paper_suggested_reviewers (paper_id, full_name, email, phone, work_place, position)
      values (${id}, 'Added Reviewer', 'added@example.org', '+201000000000', 'Tanta', 9)`);
    expect((await readAgain(client, id)).reviewers.at(-1).fullName).toBe('Added Reviewer');
    await run(sql`delete from paper_suggested_reviewers where paper_id = ${id}`);
    expect((await readAgain(client, id)).reviewers).toEqual([]);
  });

  it('is read again after its final decision, and after a change to the issue it is in', async () => {
    const { client, id } = await rememberedPage();
    await run(sql`insert into final_decisions (paper_id, decision, comments) values (${id}, 1, 'Accepted by hand')`);
    expect((await readAgain(client, id)).finalDecision).toMatchObject({ decision: 1, comments: 'Accepted by hand' });
    await run(sql`update final_decisions set comments = 'Amended by hand' where paper_id = ${id}`);
    expect((await readAgain(client, id)).finalDecision.comments).toBe('Amended by hand');
    const inserted = (await run(sql`insert into issues (journal_id, issue, volume, publish_month, status)
        select journal_id, '4', 31, '04 2026', 0 from papers where id = ${id} returning id`)) as unknown as {
      rows: { id: number }[];
    };
    const issue = inserted.rows[0];
    await run(sql`update papers set issue_id = ${issue!.id} where id = ${id}`);
    expect((await readAgain(client, id)).issue).toMatchObject({ volume: 31, issue: '4' });
    await run(sql`update issues set volume = 32 where id = ${issue!.id}`);
    expect((await readAgain(client, id)).issue).toMatchObject({ volume: 32 });
  });

  it("is read again after a change to the journal's fees", async () => {
    const { client, id } = await rememberedPage();
    await run(sql`update papers set upload_paid = false where id = ${id}`);
    await readAgain(client, id);
    await run(sql`update journal_payment_settings set at_upload = true, at_upload_price = 75
      where journal_id = (select journal_id from papers where id = ${id})`);
    try {
      expect((await readAgain(client, id)).payment).toEqual({ due: true, amount: '75.00' });
    } finally {
      await run(sql`update journal_payment_settings set at_upload = false
        where journal_id = (select journal_id from papers where id = ${id})`);
    }
    expect((await readAgain(client, id)).payment).toEqual({ due: false, amount: null });
  });

  it('is not served to another journal, nor to anyone the rules refuse', async () => {
    const { id } = await rememberedPage();
    const stranger = app.client();
    const user = await createActiveUser(app, { specializations: [spec] });
    await stranger.login(user.email, user.password);
    expect((await stranger.get(`${G}/${id}`)).status).toBe(404);
    const ethics = await specializationOf(app.client(), 'ethics');
    const elsewhere = await createActiveUser(app, { specializations: [ethics] }, 'ethics');
    const other = app.client();
    await other.login(elsewhere.email, elsewhere.password);
    expect((await other.get(`/api/journals/ethics/papers/${id}`)).status).toBe(404);
  });

  it("reads an editor's own co-authorship each time: a co-author is not its editor", async () => {
    const editor = app.client();
    await editor.login('editor@general.test');
    const { id } = await rememberedPage({
      authors: [
        {
          fullName: 'Main Author',
          email: 'main@example.org',
          phone: '+201012345678',
          workPlace: 'Cairo',
          isMain: true,
        },
      ],
    });
    expect((await editor.get(`${G}/${id}`)).body.managedByYou).toBe(true);
    await run(sql`update paper_authors set email = 'EDITOR@general.test' where paper_id = ${id}`);
    // The co-authoring editor neither runs its review nor reads it as its creator.
    expect((await editor.get(`${G}/${id}`)).status).toBe(404);
  });

  it('serves nothing it remembers while the process does not hear the database', async () => {
    const { client, id } = await rememberedPage();
    paperPagesOf(app.deps.db).listening(false);
    try {
      expect(await countStatements(app, () => client.get(`${G}/${id}`))).toBe(1);
      expect(await countStatements(app, () => client.get(`${G}/${id}`))).toBe(1);
    } finally {
      paperPagesOf(app.deps.db).listening(true);
    }
    await readAgain(client, id);
  });
});

describe('HeardCache.forgetSome', () => {
  it('forgets only the keys it is told, and keeps no read that a change overtook', async () => {
    const cache = new HeardCache<{ n: number }>();
    cache.listening(true);
    let n = 0;
    const load = async () => ({ n: ++n });
    await cache.read('1', load);
    await cache.read('2', load);
    cache.forgetSome(['1']);
    expect(await cache.read('2', load)).toEqual({ n: 2 });
    expect(await cache.read('1', load)).toEqual({ n: 3 });
    const underWay = cache.read('3', async () => {
      cache.forgetSome(['4']);
      return { n: 40 };
    });
    expect(await underWay).toEqual({ n: 40 });
    expect(await cache.read('3', load)).toEqual({ n: 4 });
  });
});
