import { PAPER_STATUS } from '@journals/core/enums';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorDashboardsOf } from '../src/features/submissions/author-dashboard.service';
import { buildTestApp, countStatements, createActiveUser, type TestApp, type TestClient } from './harness';
import { paperBody, specializationOf, submittedPaper } from './papers';

/**
 * The process remembers the first page of each card of an author's dashboard (decision 0063) and must never answer
 * from one after a change to the author's papers. Each change is made by hand in the database (as any code path or
 * an operator in psql would) and checked on the very next request.
 */

let app: TestApp;
let spec: number;
const MINE = '/api/journals/general/papers/mine';

beforeAll(async () => {
  // The journal's row is kept as in production, so that a request's statements are the dashboard's.
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  spec = await specializationOf(app.client(), 'general');
});
afterAll(() => app.close());

const run = (query: ReturnType<typeof sql>) => app.deps.db.execute(query);
type Dashboard = { items: { id: number; title: string; status: number }[]; total: number; statistics: any };

/** A researcher with two submitted papers, whose dashboard (and its waiting card) is remembered. */
async function author(titles = ['Dates in Siwa oasis', 'Wheat yield after irrigation']) {
  const user = await createActiveUser(app, { specializations: [spec] });
  const client = app.client();
  await client.login(user.email, user.password);
  const ids: number[] = [];
  for (const title of titles)
    ids.push((await submittedPaper(client, 'general', paperBody(spec, { title_of_the_work: title }))).id);
  for (const query of ['', '?status=waiting']) {
    expect((await client.get(`${MINE}${query}`)).status).toBe(200);
    expect(await statementsOf(client, query)).toBe(0);
  }
  return { client, ids, userId: user.userId };
}

async function statementsOf(client: TestClient, query = '') {
  return countStatements(app, async () => expect((await client.get(`${MINE}${query}`)).status).toBe(200));
}

/** The dashboard is read from the database on this request (one statement), and is remembered again after. */
async function readAgain(client: TestClient, query = ''): Promise<Dashboard> {
  let body: Dashboard | undefined;
  expect(
    await countStatements(app, async () => {
      body = (await client.get(`${MINE}${query}`)).body;
    }),
  ).toBe(1);
  expect(await statementsOf(client, query)).toBe(0);
  return body!;
}

describe("a remembered author's dashboard", () => {
  it('is read again after a change to one of its papers, every card of it', async () => {
    const { client, ids } = await author();
    await run(sql`update papers set title = 'Retitled by hand' where id = ${ids[0]}`);
    expect((await readAgain(client)).items.map((item) => item.title)).toEqual([
      'Wheat yield after irrigation',
      'Retitled by hand',
    ]);
    // The paper leaves the waiting card for the accepted one: the counts and the card's page follow.
    await run(sql`update papers set status = ${PAPER_STATUS.accepted} where id = ${ids[1]}`);
    const all = await readAgain(client);
    expect(all.statistics).toMatchObject({ all: 2, waiting: 1, accepted: 1 });
    expect(all.items.find((item) => item.id === ids[1])!.status).toBe(PAPER_STATUS.accepted);
    expect(await readAgain(client, '?status=waiting')).toMatchObject({ total: 1, items: [{ id: ids[0] }] });
  });

  it('is read again after a paper of its author is submitted or removed', async () => {
    const { client, ids } = await author();
    const third = await submittedPaper(client, 'general', paperBody(spec, { title_of_the_work: 'A third paper' }));
    expect(await readAgain(client)).toMatchObject({ total: 3, items: [{ id: third.id }, {}, {}] });
    await run(sql`delete from papers where id = ${ids[0]}`);
    const after = await readAgain(client);
    expect(after.total).toBe(2);
    expect(after.items.map((item) => item.id)).not.toContain(ids[0]);
  });

  it("is kept when another author's paper changes, and read again on both sides when a paper changes hands", async () => {
    const first = await author();
    const second = await author(['Olive oil in Jerash']);
    await run(sql`update papers set title = 'Olives of Jerash' where id = ${second.ids[0]}`);
    // The new account's sign-in made every process read its sessions again: the first author's is read here.
    expect((await first.client.get('/api/journals/general/me')).status).toBe(200);
    expect(await statementsOf(first.client)).toBe(0);
    expect((await readAgain(second.client)).items[0]!.title).toBe('Olives of Jerash');
    // Moved to the first author by hand: it leaves one dashboard and joins the other.
    await run(sql`update papers set creator_id = ${first.userId} where id = ${second.ids[0]}`);
    expect((await readAgain(first.client)).total).toBe(3);
    expect((await readAgain(second.client)).total).toBe(0);
  });

  it('reads later pages and searches each time', async () => {
    const { client } = await author();
    for (const query of ['?page=2', '?search=siwa']) {
      expect((await client.get(`${MINE}${query}`)).status).toBe(200);
      expect(await statementsOf(client, query)).toBe(1);
    }
  });

  it('serves nothing it remembers while the process does not hear the database', async () => {
    const { client } = await author();
    authorDashboardsOf(app.deps.db).listening(false);
    try {
      expect(await statementsOf(client)).toBe(1);
      expect(await statementsOf(client)).toBe(1);
    } finally {
      authorDashboardsOf(app.deps.db).listening(true);
    }
    await readAgain(client);
  });
});
