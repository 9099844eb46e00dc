import { REVIEW_STATUS } from '@journals/core/reviewing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewerDashboardsOf } from '../src/features/reviewing/reviewer-dashboard.service';
import { countStatements, type TestClient } from './harness';
import { app, G, invite, researcher, reviewer2Id, reviewerId, signedIn, useReviewingApp } from './reviewing-setup';

/**
 * The process remembers the first page of each filter of a reviewer's dashboard (decision 0063) and must never answer
 * from one after a change to the reviewer's invitations or to the papers they are invited to. Changes are made
 * through the API or by hand in the database, and checked on the very next request.
 */
useReviewingApp();

const run = (query: ReturnType<typeof sql>) => app.deps.db.execute(query);
type Dashboard = {
  statistics: { newInvitations: number; inPeerReview: number; reviewed: number };
  items: { id: number; paperId: number; title: string; status: number }[];
  total: number;
};

/** The statements of a dashboard read, the session already read (another test's sign-in makes it read again). */
async function statementsOf(client: TestClient, query = '') {
  expect((await client.get(`${G}/me`)).status).toBe(200);
  return countStatements(app, async () => expect((await client.get(`${G}/reviewing${query}`)).status).toBe(200));
}

/** Read from the database on this request (one statement), and remembered again after. */
async function readAgain(client: TestClient, query = ''): Promise<Dashboard> {
  expect((await client.get(`${G}/me`)).status).toBe(200);
  let body: Dashboard | undefined;
  expect(
    await countStatements(app, async () => {
      body = (await client.get(`${G}/reviewing${query}`)).body;
    }),
  ).toBe(1);
  expect(await statementsOf(client, query)).toBe(0);
  return body!;
}

/** The second reviewer invited to a new paper, their dashboard's new invitations remembered. */
async function invited(title: string) {
  const { paper } = await researcher({ title_of_the_work: title });
  expect((await invite(paper.id, { reviewerId: reviewer2Id })).status).toBe(201);
  const reviewer = await signedIn('reviewer2@general.test');
  for (const query of ['', '?status=inPeerReview']) {
    expect((await reviewer.get(`${G}/reviewing${query}`)).status).toBe(200);
    expect(await statementsOf(reviewer, query)).toBe(0);
  }
  return { reviewer, paper };
}

describe("a remembered reviewer's dashboard", () => {
  it('is read again after a new invitation, and after one is accepted, every filter of it', async () => {
    const { reviewer, paper } = await invited('Salt marsh carbon');
    const before = (await reviewer.get(`${G}/reviewing`)).body as Dashboard;
    const second = await researcher({ title_of_the_work: 'Mangrove roots' });
    expect((await invite(second.paper.id, { reviewerId: reviewer2Id })).status).toBe(201);
    const after = await readAgain(reviewer);
    expect(after.statistics.newInvitations).toBe(before.statistics.newInvitations + 1);
    expect(after.items[0]).toMatchObject({ paperId: second.paper.id, title: 'Mangrove roots' });
    await run(sql`update review_invitations set status = ${REVIEW_STATUS.accepted}
      where paper_id = ${paper.id} and reviewer_id = ${reviewer2Id}`);
    expect((await readAgain(reviewer, '?status=inPeerReview')).items).toContainEqual(
      expect.objectContaining({ paperId: paper.id, status: REVIEW_STATUS.accepted }),
    );
    expect((await readAgain(reviewer)).statistics.newInvitations).toBe(before.statistics.newInvitations);
  });

  it("is read again after the paper's title or status changes, and kept when nothing it shows does", async () => {
    const { reviewer, paper } = await invited('Tidal flats');
    await run(sql`update papers set modified_at = now() where id = ${paper.id}`);
    expect(await statementsOf(reviewer)).toBe(0);
    await run(sql`update papers set title = 'Tidal flats, retitled' where id = ${paper.id}`);
    expect((await readAgain(reviewer)).items).toContainEqual(
      expect.objectContaining({ paperId: paper.id, title: 'Tidal flats, retitled' }),
    );
  });

  it("is kept when another reviewer's invitation changes, and read again when its own is removed", async () => {
    const { reviewer, paper } = await invited('Seagrass meadows');
    const other = await researcher({ title_of_the_work: 'Kelp forests' });
    expect((await invite(other.paper.id, { reviewerId })).status).toBe(201);
    expect(await statementsOf(reviewer)).toBe(0);
    await run(sql`delete from review_invitations where paper_id = ${paper.id} and reviewer_id = ${reviewer2Id}`);
    expect((await readAgain(reviewer)).items.map((item) => item.paperId)).not.toContain(paper.id);
  });

  it('reads later pages and searches each time', async () => {
    const { reviewer } = await invited('Estuary sediments');
    for (const query of ['?page=2', '?search=estuary']) {
      expect((await reviewer.get(`${G}/reviewing${query}`)).status).toBe(200);
      expect(await statementsOf(reviewer, query)).toBe(1);
    }
  });

  it('serves nothing it remembers while the process does not hear the database', async () => {
    const { reviewer } = await invited('Coastal dunes');
    reviewerDashboardsOf(app.deps.db).listening(false);
    try {
      expect(await statementsOf(reviewer)).toBe(1);
      expect(await statementsOf(reviewer)).toBe(1);
    } finally {
      reviewerDashboardsOf(app.deps.db).listening(true);
    }
    await readAgain(reviewer);
  });
});
