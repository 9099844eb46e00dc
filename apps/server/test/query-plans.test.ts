import { PAPER_STATUS } from '@journals/core/enums';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardQuery } from '../src/features/submissions/author-dashboard.service';
import { buildTestApp, type TestApp } from './harness';

/**
 * The plans behind the prepared statements of hot lists. A prepared statement is planned for any parameters (the
 * generic plan PostgreSQL settles on after a few runs): its conditions must let that plan use the list's index,
 * or every request sorts all of an author's papers. Sequential scans are switched off so a small test database
 * answers as a large one would.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** A literal for EXECUTE's arguments. */
const literal = (value: unknown): string =>
  Array.isArray(value)
    ? `'{${value.join(',')}}'`
    : typeof value === 'number'
      ? String(value)
      : `'${String(value).replace(/'/g, "''")}'`;

/** The generic plan of a query with its placeholders filled from `values`, as EXPLAIN prints it. */
async function genericPlan(query: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, unknown>) {
  const { sql: text, params } = query.toSQL();
  const args = params.map((param) =>
    literal(param && typeof param === 'object' && 'name' in param ? values[param.name as string] : param),
  );
  return app.deps.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`PREPARE plan_check AS ${text}`));
    await tx.execute(sql.raw('SET LOCAL plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw('SET LOCAL enable_seqscan = off'));
    const result = (await tx.execute(sql.raw(`EXPLAIN EXECUTE plan_check(${args.join(', ')})`))) as unknown as {
      rows: Record<string, string>[];
    };
    await tx.execute(sql.raw('DEALLOCATE plan_check'));
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

const values = {
  journalId: 1,
  userId: 1,
  statuses: Object.values(PAPER_STATUS).filter((status) => status !== PAPER_STATUS.draft),
  pattern: '%heart%',
  offset: 990,
};

describe('the author dashboard’s prepared statements', () => {
  it('read the first page’s rows straight from papers_author_dashboard_idx, in order, without a sort', async () => {
    const plan = await genericPlan(dashboardQuery(app.deps.db, 'first').statement, values);
    expect(plan).toMatch(/Index Scan using papers_author_dashboard_idx/);
    expect(plan).not.toMatch(/Sort Key: papers\./);
    expect(plan).not.toMatch(/papers_creator_idx/);
    expect(plan).toMatch(/author_paper_counts_journal_id_creator_id_status_superseded_pk/);
  });

  it('find a later page in papers_author_dashboard_idx index-only, without sorting the author’s papers', async () => {
    const plan = await genericPlan(dashboardQuery(app.deps.db, 'later').statement, values);
    expect(plan).toMatch(/Index Only Scan using papers_author_dashboard_idx/);
    expect(plan).not.toMatch(/papers_creator_idx/);
    expect(plan).toMatch(/author_paper_counts_journal_id_creator_id_status_superseded_pk/);
  });

  it('narrow a search to the author’s papers through the same index', async () => {
    const plan = await genericPlan(dashboardQuery(app.deps.db, 'search').statement, values);
    expect(plan).toMatch(/papers_author_dashboard_idx/);
  });
});

describe('the title and code search indexes', () => {
  it('take changed titles and codes at once, leaving no pending list for every search to read', async () => {
    const changed = (await app.deps.db.execute(
      sql.raw(`update papers set title = title || ' (revised)', code = code || 'R'
        where id in (select id from papers order by id limit 20) returning id`),
    )) as unknown as { rows: unknown[] };
    expect(changed.rows.length).toBeGreaterThan(0);
    for (const index of ['papers_title_trgm_idx', 'papers_code_trgm_idx']) {
      const cleaned = (await app.deps.db.execute(
        sql.raw(`select gin_clean_pending_list('${index}'::regclass) as pages`),
      )) as unknown as { rows: { pages: number | string }[] };
      expect(Number(cleaned.rows[0]!.pages), index).toBe(0);
    }
  });
});

describe('the connections', () => {
  it('never compile a statement with JIT, however large its estimate (decision 0026)', async () => {
    // Ten million rows: a cost far past PostgreSQL's jit_above_cost, where its default compiles the plan.
    const result = (await app.deps.db.execute(
      sql.raw('EXPLAIN select sum(x) from generate_series(1, 10000000) as x'),
    )) as unknown as { rows: Record<string, string>[] };
    const plan = result.rows.map((row) => Object.values(row)[0]).join('\n');
    expect(plan).toMatch(/Aggregate/);
    expect(plan).not.toMatch(/JIT/);
  });
});
