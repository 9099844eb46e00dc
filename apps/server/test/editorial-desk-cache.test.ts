import { PAPER_STATUS } from '@journals/core/enums';
import { addDays, isoDay } from '@journals/core/reviewing';
import type { EditorialCounts } from '@journals/core/schemas/editorial';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorialDesksOf } from '../src/features/editorial/editorial-desk-cache';
import { deskFront } from '../src/features/editorial/editorial.service';
import { buildTestApp, countStatements, createActiveUser, type TestApp, type TestClient } from './harness';
import { paperBody, submittedPaper } from './papers';

/**
 * The process remembers the editorial desk's front (the nine cards and the last updated papers) and each card's first
 * page (decision 0064), and must never answer from them after a change to what they show. Changes are made through
 * the API or by hand in the database, and checked on the very next request.
 */
let app: TestApp;
let editor: TestClient;
let spec: number;
const G = '/api/journals/general';
const run = (query: ReturnType<typeof sql>) => app.deps.db.execute(query);
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await run(query)) as unknown as { rows: T[] }).rows;

type Item = { id: number; title: string; status: number; specializationEn: string | null };
type Front = { counts: EditorialCounts; lastUpdated: Item[] };

async function submitted(title: string) {
  const user = await createActiveUser(app, { specializations: [spec] });
  const client = app.client();
  await client.login(user.email, user.password);
  return submittedPaper(client, 'general', paperBody(spec, { title_of_the_work: title }));
}

/** The statements of a desk read, the session already read (another test's sign-in makes it read again). */
async function statementsOf(path: string) {
  expect((await editor.get(`${G}/me`)).status).toBe(200);
  return countStatements(app, async () => expect((await editor.get(`${G}${path}`)).status).toBe(200));
}

/** Read from the database on this request (one statement), and remembered again after. */
async function readAgain<T = Front>(path = '/editorial'): Promise<T> {
  expect((await editor.get(`${G}/me`)).status).toBe(200);
  let body: T | undefined;
  expect(
    await countStatements(app, async () => {
      body = (await editor.get(`${G}${path}`)).body;
    }),
  ).toBe(1);
  expect(await statementsOf(path)).toBe(0);
  return body!;
}

/** The front and the submitted card's first page, both remembered. */
async function remembered() {
  for (const path of ['/editorial', '/editorial/cards/submitted']) {
    expect((await editor.get(`${G}${path}`)).status).toBe(200);
    expect(await statementsOf(path)).toBe(0);
  }
}

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  spec = (
    await rowsOf<{ id: number }>(sql`select s.id from specializations s join journals j on j.id = s.journal_id
    where j.slug = 'general' order by s.id limit 1`)
  )[0]!.id;
  editor = await app.signedIn('editor@general.test');
});
afterAll(() => app.close());

describe('the remembered editorial desk', () => {
  it('is read again after a submission through the API, the front and the card both', async () => {
    await remembered();
    const before = (await editor.get(`${G}/editorial`)).body as Front;
    const paper = await submitted('Night-shift sleep and error rates');
    const after = await readAgain();
    expect(after.counts.submitted).toBe(before.counts.submitted + 1);
    expect(after.lastUpdated[0]).toMatchObject({ id: paper.id, title: 'Night-shift sleep and error rates' });
    const card = await readAgain<{ items: Item[]; total: number }>('/editorial/cards/submitted');
    expect(card.total).toBe(before.counts.submitted + 1);
    expect(card.items[0]).toMatchObject({ id: paper.id });
  });

  it("is read again after a paper's status changes by hand, and kept when another journal's paper changes", async () => {
    const paper = await submitted('Dialysis adherence in rural clinics');
    await remembered();
    const before = (await editor.get(`${G}/editorial`)).body as Front;
    await run(sql`update papers set modified_at = now()
      where id = (select p.id from papers p join journals j on j.id = p.journal_id where j.slug = 'ethics' limit 1)`);
    expect(await statementsOf('/editorial')).toBe(0);
    expect(await statementsOf('/editorial/cards/submitted')).toBe(0);
    await run(sql`update papers set status = ${PAPER_STATUS.underReview}, status_date = now() where id = ${paper.id}`);
    const after = await readAgain();
    expect(after.counts.submitted).toBe(before.counts.submitted - 1);
    expect(after.counts.inPeerReview).toBe(before.counts.inPeerReview + 1);
    expect(after.lastUpdated[0]).toMatchObject({ id: paper.id, status: PAPER_STATUS.underReview });
    const card = await readAgain<{ items: Item[] }>('/editorial/cards/submitted');
    expect(card.items.map((item) => item.id)).not.toContain(paper.id);
  });

  it("is read again after the paper's specialization is renamed", async () => {
    const paper = await submitted('Hand hygiene on surgical wards');
    await remembered();
    await run(sql`update specializations set name_en = name_en || ' (renamed)' where id = ${spec}`);
    try {
      const after = await readAgain();
      expect(after.lastUpdated.find((item) => item.id === paper.id)?.specializationEn).toMatch(/ \(renamed\)$/);
    } finally {
      await run(sql`update specializations set name_en = replace(name_en, ' (renamed)', '') where id = ${spec}`);
    }
  });

  it('is read again when the editor becomes a co-author (never theirs to run), and after any e-mail changes', async () => {
    const paper = await submitted('Antibiotic stewardship audits');
    await remembered();
    await run(sql`insert into paper_authors (paper_id, position, full_name, email, phone, work_place)
      values (${paper.id}, 9, 'The editor', 'EDITOR@general.test', '+20100000000', 'Faculty of Medicine')`);
    expect((await readAgain()).lastUpdated.map((item) => item.id)).not.toContain(paper.id);
    const card = await readAgain<{ items: Item[] }>('/editorial/cards/submitted');
    expect(card.items.map((item) => item.id)).not.toContain(paper.id);
    // Whose papers they co-author is matched on their e-mail: a change of any e-mail forgets every desk.
    await run(sql`update users set email = email where email = 'editor@general.test'`);
    expect(await statementsOf('/editorial')).toBe(0);
    const [someone] = await rowsOf<{ id: number; email: string }>(
      sql`select id, email from users where email like 'user.%' order by id desc limit 1`,
    );
    await run(sql`update users set email = ${`again-${someone!.email}`} where id = ${someone!.id}`);
    await readAgain();
    await readAgain('/editorial/cards/submitted');
  });

  it('hears a change to a paper whose creator was erased', async () => {
    const paper = await submitted('Oral health of school children');
    await run(sql`update papers set creator_id = null where id = ${paper.id}`);
    await remembered();
    await run(sql`update papers set title = 'Oral health of school children, retitled' where id = ${paper.id}`);
    expect((await readAgain()).lastUpdated.find((item) => item.id === paper.id)?.title).toBe(
      'Oral health of school children, retitled',
    );
  });

  it('reads later pages and searches each time, and another day afresh', async () => {
    await remembered();
    for (const path of ['/editorial/cards/submitted?page=2', '/editorial/cards/submitted?search=health']) {
      expect((await editor.get(`${G}${path}`)).status).toBe(200);
      expect(await statementsOf(path)).toBeGreaterThan(0);
    }
    // The delay card moves with the day: tomorrow's desk is its own.
    const [journal] = await rowsOf<{ id: number }>(sql`select id from journals where slug = 'general'`);
    const [user] = await rowsOf<{ id: number }>(sql`select id from users where email = 'editor@general.test'`);
    const scope = { journalId: journal!.id, specializations: null, userId: user!.id };
    const tomorrow = addDays(isoDay(new Date()), 1);
    expect(await countStatements(app, () => deskFront(app.deps.db, scope, tomorrow))).toBe(1);
    expect(await countStatements(app, () => deskFront(app.deps.db, scope, tomorrow))).toBe(0);
  });

  it('serves nothing it remembers while the process does not hear the database', async () => {
    await remembered();
    editorialDesksOf(app.deps.db).listening(false);
    try {
      expect(await statementsOf('/editorial')).toBe(1);
      expect(await statementsOf('/editorial')).toBe(1);
    } finally {
      editorialDesksOf(app.deps.db).listening(true);
    }
    await readAgain();
  });
});

describe('the remembered paper report (decision 0068)', () => {
  type Row = { id: number; reviewerNames: string; decisionDate: string | null };
  const day = isoDay(new Date());
  const report = `/editorial/cards/submitted/report?from=${day}`;

  /** Read from the database on this request (its two statements), remembered after, the CSV of it too. */
  async function reportAgain(paperId: number): Promise<Row> {
    expect((await editor.get(`${G}/me`)).status).toBe(200);
    let rows: Row[] = [];
    expect(
      await countStatements(app, async () => {
        rows = (await editor.get(`${G}${report}`)).body.rows;
      }),
    ).toBe(2);
    expect(await statementsOf(report)).toBe(0);
    expect(await statementsOf(report.replace('/report', '/report.csv'))).toBe(0);
    return rows.find((row) => row.id === paperId)!;
  }

  it('is read again after a reviewer is invited, named, renamed or removed and a decision dated; kept when nothing shown changes', async () => {
    const paper = await submitted('Heat stress among outdoor workers');
    const { userId } = await createActiveUser(app, { fullName: 'Reem Saad' });
    const reviewer = { id: userId };
    expect(await reportAgain(paper.id)).toMatchObject({ reviewerNames: '', decisionDate: null });

    await run(sql`insert into review_invitations (journal_id, paper_id, reviewer_id, deadline)
      select journal_id, id, ${reviewer.id}, current_date + 14 from papers where id = ${paper.id}`);
    expect((await reportAgain(paper.id)).reviewerNames).toBe('Reem Saad');

    // Another journal's invitation: this journal's report is kept.
    const elsewhere = await rowsOf<{ id: number }>(sql`insert into review_invitations (journal_id, paper_id,
      reviewer_id, deadline) select p.journal_id, p.id, ${reviewer.id}, current_date + 14 from papers p
      join journals j on j.id = p.journal_id where j.slug = 'ethics' and p.status <> 0 limit 1 returning id`);
    expect(elsewhere).toHaveLength(1);
    expect(await statementsOf(report)).toBe(0);

    // The name the editor typed, shown until the person accepts: the paper's review state is the same, so only the
    // invitation's own announcement says the report changed. A comment or a reminder changes nothing shown: kept.
    await run(sql`update review_invitations set invited_name = 'Dr Reem Saad' where paper_id = ${paper.id}`);
    expect((await reportAgain(paper.id)).reviewerNames).toBe('Dr Reem Saad');
    await run(sql`update review_invitations set comment_for_author = 'A draft', draft_saved_at = now(),
      reminded_at = now() where paper_id = ${paper.id}`);
    expect(await statementsOf(report)).toBe(0);
    await run(sql`update review_invitations set invited_name = null where paper_id = ${paper.id}`);
    expect((await reportAgain(paper.id)).reviewerNames).toBe('Reem Saad');

    await run(sql`update users set full_name = 'Reem Saad (renamed)' where id = ${reviewer.id}`);
    expect((await reportAgain(paper.id)).reviewerNames).toBe('Reem Saad (renamed)');

    await run(sql`update review_invitations set removed_at = now() where paper_id = ${paper.id}`);
    expect((await reportAgain(paper.id)).reviewerNames).toBe('');

    await run(sql`insert into final_decisions (paper_id, decision, comments, decided_at)
      values (${paper.id}, 1, 'Accepted by hand', '2026-03-04T05:06:07.089Z')`);
    expect((await reportAgain(paper.id)).decisionDate).toBe('2026-03-04T05:06:07.089Z');
    await run(sql`update final_decisions set comments = 'Amended by hand' where paper_id = ${paper.id}`);
    expect(await statementsOf(report)).toBe(0);
    await run(sql`update final_decisions set decided_at = '2026-04-05T06:07:08.009Z' where paper_id = ${paper.id}`);
    expect((await reportAgain(paper.id)).decisionDate).toBe('2026-04-05T06:07:08.009Z');
    await run(sql`delete from final_decisions where paper_id = ${paper.id}`);
    expect((await reportAgain(paper.id)).decisionDate).toBeNull();
  });
});
