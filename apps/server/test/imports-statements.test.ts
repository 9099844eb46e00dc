import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalImports } from '../src/db/schema';
import { runPass } from '../src/features/imports/imports.pass';
import { readWithInTests } from '../src/features/imports/imports.readers';
import { buildTestApp, countStatements, type TestApp, type TestClient } from './harness';
import { fileOf, paperRecord, settled, testReader, upload } from './imports-setup';

/**
 * What a record costs the database (issue 45 "Scale"): the statements of the dry run and of the real import for
 * each record, measured as the difference between a file of `MANY` records and one of a single record, so the
 * pass's own statements (its claim, its finish) fall out. Records fill issues of 20, a galley each.
 */
let app: TestApp;
let manager: TestClient;
let restore: () => void;
const MANY = 41;

beforeAll(async () => {
  app = await buildTestApp();
  restore = readWithInTests('spreadsheet', testReader());
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => {
  restore();
  await app.close();
});

/** The statements of a file's dry run and of its import, each pass run here rather than by the queue. */
async function passes(volume: number, count: number) {
  const records = Array.from({ length: count }, (_, n) =>
    paperRecord(1000 * volume + n, {
      doi: n % 2 === 0 ? `10.1234/statements.${volume}.${n}` : null,
      issue: { ...paperRecord(n).issue!, volume, number: String(1 + Math.floor(n / 20)) },
    }),
  );
  const created = await upload(manager, fileOf(records));
  const id = created.body.import.id as number;
  // The queue's dry run ends; the test runs it again (a dry run starts over) to count it alone.
  await settled(manager, id);
  const rerun = async (state: 'checking' | 'queued') => {
    await app.deps.db.update(journalImports).set({ state, onRefusal: 'skip' }).where(eq(journalImports.id, id));
    return countStatements(app, () => runPass(app.deps, id, 'statements', new AbortController().signal));
  };
  const check = await rerun('checking');
  const run = await rerun('queued');
  const view = (await manager.get(`/api/journals/general/imports/${id}`)).body;
  expect(view).toMatchObject({ state: 'done', summary: { create: count + Math.ceil(count / 20), refuse: 0 } });
  return { check, run };
}

describe('what an imported record costs (issue 45 "Scale")', () => {
  it('checks a record in one statement (and an issue in one) and imports it in about 8, not 12', async () => {
    const one = await passes(60, 1);
    const many = await passes(61, MANY);
    const perRecord = {
      check: (many.check - one.check) / (MANY - 1),
      run: (many.run - one.run) / (MANY - 1),
    };
    // The dry run: the paper looked up by DOI or source id; each of the 3 issues looked up once a pass (3/40).
    expect(perRecord.check).toBeLessThanOrEqual(1 + 2 / (MANY - 1));
    // The import: the lookup, the record's savepoint, its issue locked with its count, the paper, its authors, its
    // file, its archive row, its source id; its lines and the progress once a batch (12 a record before batches).
    expect(perRecord.run).toBeLessThanOrEqual(8.2);
  });
});
