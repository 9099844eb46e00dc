import { PAPER_STATUS } from '@journals/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../src/seed/scale';
import { buildTestApp, countStatements, type TestApp } from './harness';

/**
 * The trigger-kept counts behind the dashboards' cards (migration 0006) always equal counting the papers
 * themselves, whatever changes them: batch inserts, status changes, superseding, a changed creator, deletes.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  await seedScale(app.deps.db, {
    journals: 2,
    researchers: 12,
    reviewers: 2,
    specialists: 0,
    members: 0,
    desk: 0,
    papers: 400,
    archive: 0,
    issues: 2,
    heavy: 60,
    seed: 3,
  });
});
afterAll(() => app.close());

const rows = async (text: string) => (await app.database.executeSql(text)).rows as Record<string, unknown>[];
const key = (row: Record<string, unknown>) =>
  `${row.journal_id}/${row.creator_id}/${row.status}/${row.superseded}=${Number(row.n)}`;

async function expectCountsTrue() {
  const kept = await rows('SELECT * FROM author_paper_counts WHERE n <> 0');
  const truth = await rows(
    `SELECT journal_id, creator_id, status, superseded, count(*) AS n FROM papers
     WHERE creator_id IS NOT NULL GROUP BY 1, 2, 3, 4`,
  );
  expect(kept.map(key).sort()).toEqual(truth.map(key).sort());
  expect(truth.length).toBeGreaterThan(0);
}

describe('author paper counts', () => {
  it('match the papers after the demo seed, API submissions and a scale seed of batched inserts', async () => {
    await expectCountsTrue();
  });

  it('follow status changes, superseding, a changed creator and deletes, one or many rows at a time', async () => {
    await app.database.executeSql(
      `UPDATE papers SET status = ${PAPER_STATUS.accepted} WHERE id IN (SELECT id FROM papers WHERE status = ${PAPER_STATUS.submitted} LIMIT 25)`,
    );
    await expectCountsTrue();
    await app.database.executeSql(`UPDATE papers SET superseded = NOT superseded WHERE id % 7 = 0`);
    await expectCountsTrue();
    await app.database.executeSql(
      `UPDATE papers SET creator_id = (SELECT min(creator_id) FROM papers) WHERE id IN (SELECT id FROM papers ORDER BY id DESC LIMIT 5)`,
    );
    await expectCountsTrue();
    await app.database.executeSql(`UPDATE papers SET creator_id = NULL WHERE id IN (SELECT max(id) FROM papers)`);
    await expectCountsTrue();
    await app.database.executeSql(
      `DELETE FROM paper_logs WHERE paper_id IN (SELECT id FROM papers WHERE status = ${PAPER_STATUS.draft})`,
    );
    await app.database.executeSql(
      `DELETE FROM paper_authors WHERE paper_id IN (SELECT id FROM papers WHERE status = ${PAPER_STATUS.draft})`,
    );
    await app.database.executeSql(
      `DELETE FROM paper_files WHERE paper_id IN (SELECT id FROM papers WHERE status = ${PAPER_STATUS.draft})`,
    );
    await app.database.executeSql(`DELETE FROM papers WHERE status = ${PAPER_STATUS.draft} AND parent_paper_id IS NULL
      AND id NOT IN (SELECT parent_paper_id FROM papers WHERE parent_paper_id IS NOT NULL)`);
    await expectCountsTrue();
  });

  it('are not written when a paper changes in no counted way (a view)', async () => {
    const before = await rows('SELECT xmin::text AS version, * FROM author_paper_counts ORDER BY 2, 3, 4, 5');
    await app.database.executeSql('UPDATE papers SET views = views + 1');
    const after = await rows('SELECT xmin::text AS version, * FROM author_paper_counts ORDER BY 2, 3, 4, 5');
    expect(after).toEqual(before);
  });

  it('give the heavy author’s cards in the dashboard’s statements', async () => {
    const client = app.client();
    await client.login('r1@scale-1.test', 'Scale-pass-1', 'scale-1');
    const url = '/api/journals/scale-1/papers/mine';
    const answer = await client.get(url);
    const [truth] = await rows(
      `SELECT count(*) AS n FROM papers p JOIN users u ON u.id = p.creator_id JOIN journals j ON j.id = p.journal_id
       WHERE u.email = 'r1@scale-1.test' AND j.slug = 'scale-1' AND p.status <> 0 AND NOT p.superseded`,
    );
    expect(answer.body.statistics.all).toBe(Number(truth!.n));
    expect(answer.body.total).toBe(Number(truth!.n));
    // The session read is remembered from the first request: the page is one statement.
    expect(await countStatements(app, () => client.get(`${url}?page=3`))).toBe(1);
  });
});
