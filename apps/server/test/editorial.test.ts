import { EDITORIAL_PAGE_SIZE } from '@journals/core/editorial';
import { editorialReportResponse, editorialReportRow } from '@journals/core/schemas/editorial';
import { addDays, isoDay } from '@journals/core/reviewing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  finalDecisions,
  papers,
  reviewInvitations,
  roleSpecializations,
  specializations,
  users,
} from '../src/db/schema';
import { buildTestApp, countStatements, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { reportCsv } from '../src/features/editorial/editorial.routes';
import { editorialDesksOf } from '../src/features/editorial/editorial-desk-cache';
import { paperBody, specializationOf, submittedPaper } from './papers';

/** The editorial desk through the API (issue 10 §1): cards, lists, the report and its CSV, and who sees what. */

let app: TestApp;
let spec: number;
let otherSpec: number;
let editor: TestClient;
let handling: TestClient;
const G = '/api/journals/general';
const today = () => isoDay(new Date());

async function submitted(specializationId: number, title: string, authors?: Record<string, unknown>[]) {
  const user = await createActiveUser(app, { specializations: [specializationId] });
  const client = app.client();
  await client.login(user.email, user.password);
  const overrides = { title_of_the_work: title, ...(authors && { authors }) };
  return submittedPaper(client, 'general', paperBody(specializationId, overrides));
}

/** CSV as a spreadsheet reads it (RFC 4180): quoted cells may hold commas, doubled quotes and line breaks. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  const record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ',' && char !== '\n')) {
      cell += char;
    } else {
      record.push(cell);
      cell = '';
      if (char === '\n') records.push(record.splice(0));
    }
  }
  return records;
}

beforeAll(async () => {
  // The journal row cached as in production, so statement counts are the request's own.
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  spec = await specializationOf(app.client(), 'general');
  const handlingId = (
    await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'handling@general.test'))
  )[0]!.id;
  const handled = await app.deps.db
    .select({ id: roleSpecializations.specializationId })
    .from(roleSpecializations)
    .where(eq(roleSpecializations.userId, handlingId));
  const journalSpecs = await app.deps.db
    .select({ id: specializations.id })
    .from(specializations)
    .innerJoin(papers, eq(papers.specializationId, specializations.id))
    .limit(1);
  expect(journalSpecs.length).toBe(1);
  const all = await app.client().get(`${G}/auth/register`);
  const ids = all.body.specializations.map((s: { id: number }) => s.id) as number[];
  spec = handled.map((row) => row.id).find((id) => ids.includes(id))!;
  otherSpec = ids.find((id) => !handled.some((row) => row.id === id))!;
  expect(spec).toBeDefined();
  expect(otherSpec).toBeDefined();
  editor = await app.signedIn('editor@general.test');
  handling = await app.signedIn('handling@general.test');
});
afterAll(() => app.close());

describe('the dashboard', () => {
  it('counts a new submission and shows it first among the last updated papers', async () => {
    const before = await editor.get(`${G}/editorial`);
    expect(before.status).toBe(200);
    const paper = await submitted(spec, 'Sleep quality of night-shift nurses in Mansoura');
    const after = await editor.get(`${G}/editorial`);
    expect(after.body.scope).toBe('journal');
    expect(after.body.counts.submitted).toBe(before.body.counts.submitted + 1);
    expect(after.body.lastUpdated[0]).toMatchObject({
      id: paper.id,
      code: paper.code,
      title: 'Sleep quality of night-shift nurses in Mansoura',
      status: 1,
      version: 1,
    });
  });
});

describe('a handling editor', () => {
  it('sees the papers of their specializations only', async () => {
    const mine = await submitted(spec, 'Hand hygiene compliance in surgical wards');
    const other = await submitted(otherSpec, 'Soil salinity maps of the northern delta');
    const desk = await handling.get(`${G}/editorial`);
    expect(desk.status).toBe(200);
    expect(desk.body.scope).toBe('specializations');
    const ids = desk.body.lastUpdated.map((item: { id: number }) => item.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    const list = await handling.get(`${G}/editorial/cards/submitted?search=${encodeURIComponent(other.code)}`);
    expect(list.body).toMatchObject({ items: [], total: 0 });
    const editorList = await editor.get(`${G}/editorial/cards/submitted?search=${encodeURIComponent(other.code)}`);
    expect(editorList.body.items.map((item: { id: number }) => item.id)).toEqual([other.id]);
    const all = (await editor.get(`${G}/editorial`)).body.counts.submitted;
    expect(desk.body.counts.submitted).toBeLessThan(all);
  });

  it('is refused to reviewers and authors (403) and to visitors (401)', async () => {
    const reviewer = await app.signedIn('reviewer@general.test');
    expectError(await reviewer.get(`${G}/editorial`), 403, 'forbidden', 'errors.forbidden');
    expectError(
      await app.client().get(`${G}/editorial/cards/submitted`),
      401,
      'unauthenticated',
      'errors.unauthenticated',
    );
  });
});

describe("a card's list", () => {
  it('pages from 1 with a fixed size, newest status first, and finds a paper by title or code', async () => {
    for (let n = 0; n < EDITORIAL_PAGE_SIZE + 1; n += 1) await submitted(spec, `Paging study number ${n}`);
    const first = await editor.get(`${G}/editorial/cards/submitted?search=Paging%20study`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: EDITORIAL_PAGE_SIZE + 1, page: 1, pageSize: EDITORIAL_PAGE_SIZE });
    expect(first.body.items).toHaveLength(EDITORIAL_PAGE_SIZE);
    expect(first.body.items[0].title).toBe(`Paging study number ${EDITORIAL_PAGE_SIZE}`);
    const second = await editor.get(`${G}/editorial/cards/submitted?search=Paging%20study&page=2`);
    expect(second.body.items.map((item: { title: string }) => item.title)).toEqual(['Paging study number 0']);
    const past = await editor.get(`${G}/editorial/cards/submitted?search=Paging%20study&page=9`);
    expect(past.body).toMatchObject({ items: [], total: EDITORIAL_PAGE_SIZE + 1 });
    const byCode = await editor.get(
      `${G}/editorial/cards/submitted?search=${encodeURIComponent(first.body.items[3].code)}`,
    );
    expect(byCode.body.items.map((item: { id: number }) => item.id)).toEqual([first.body.items[3].id]);
    // A search is text, never a pattern: % and _ match themselves.
    expect((await editor.get(`${G}/editorial/cards/submitted?search=%25`)).body.total).toBe(0);
  });

  it('refuses an unknown card or page with a translated 400', async () => {
    const unknown = await editor.get(`${G}/editorial/cards/everything`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('validation');
    const arabic = app.client();
    arabic.language = 'ar';
    await arabic.login('editor@general.test', 'Demo-pass-1', 'general');
    const page = await arabic.get(`${G}/editorial/cards/submitted?page=0`);
    expect(page.status).toBe(400);
    expect(page.body.message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('the paper report', () => {
  it('lists the papers of a card submitted in the range, with their people, as JSON and CSV', async () => {
    const paper = await submitted(spec, 'Vitamin D levels of office workers in Tanta');
    const range = `from=${addDays(today(), -1)}&to=${today()}`;
    const report = await editor.get(`${G}/editorial/cards/submitted/report?${range}`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ card: 'submitted', from: addDays(today(), -1), to: today(), truncated: false });
    const row = report.body.rows.find((r: { id: number }) => r.id === paper.id);
    expect(row).toMatchObject({ code: paper.code, status: 1, reviewerNames: '', decisionDate: null });
    expect(row.authorName).not.toBe('');
    // The database writes the rows (issue 24): the answer is exactly the documented shape, no field more or less.
    expect(report.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(editorialReportResponse.parse(report.body)).toEqual(report.body);
    expect(Object.keys(row).sort()).toEqual(Object.keys(editorialReportRow.shape).sort());
    // Nothing submitted before yesterday is in the range.
    const earlier = await editor.get(`${G}/editorial/cards/submitted/report?to=${addDays(today(), -2)}`);
    expect(earlier.body.rows.map((r: { id: number }) => r.id)).not.toContain(paper.id);
    // A range with no papers is the whole answer still, its rows empty.
    const none = await editor.get(`${G}/editorial/cards/submitted/report?from=${addDays(today(), 2)}`);
    expect(none.body).toEqual({ card: 'submitted', from: addDays(today(), 2), to: null, rows: [], truncated: false });

    const csv = await editor.get(`${G}/editorial/cards/submitted/report.csv?${range}`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toContain('attachment');
    const text = csv.raw.toString('utf8');
    expect(text.startsWith('\uFEFFCode,Version,Title,Specialization,Main author')).toBe(true);
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(report.body.rows.length + 1);
    expect(
      lines.find((line) => line.startsWith(`${paper.code},1,Vitamin D levels of office workers in Tanta,`)),
    ).toContain(',Submitted,');

    const arabic = app.client();
    arabic.language = 'ar';
    await arabic.login('editor@general.test', 'Demo-pass-1', 'general');
    const arabicCsv = (await arabic.get(`${G}/editorial/cards/submitted/report.csv?${range}`)).raw.toString('utf8');
    expect(arabicCsv.split('\n')[0]).toBe(
      '\uFEFFالرمز,النسخة,العنوان,التخصص,المؤلف الرئيسي,بريد المؤلف,المحكِّمون,تاريخ التقديم,الحالة,تاريخ الحالة,تاريخ القرار',
    );
  });

  it('names the reviewers in the order they were invited, leaves out a removed one, and gives the decision day', async () => {
    const paper = await submitted(spec, 'Sleep duration and blood pressure in nurses on night shifts');
    const [journal] = await app.deps.db.select({ id: papers.journalId }).from(papers).where(eq(papers.id, paper.id));
    const people = await Promise.all(
      ['Hala Mansour', 'Omar Nabil', 'Removed Reviewer'].map((fullName) => createActiveUser(app, { fullName })),
    );
    const ids = people.map((person) => person.userId);
    const invited = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await app.deps.db.insert(reviewInvitations).values([
      // Omar was invited after Hala, but his row is written first: the order is the invitations', not the rows'.
      { journalId: journal!.id, paperId: paper.id, reviewerId: ids[1]!, invitedAt: invited(10), deadline: today() },
      { journalId: journal!.id, paperId: paper.id, reviewerId: ids[0]!, invitedAt: invited(20), deadline: today() },
      {
        journalId: journal!.id,
        paperId: paper.id,
        reviewerId: ids[2]!,
        invitedAt: invited(30),
        deadline: today(),
        removedAt: new Date(),
      },
    ]);
    const decidedAt = new Date('2026-03-04T09:30:00.000Z');
    await app.deps.db.insert(finalDecisions).values({ paperId: paper.id, decision: 2, comments: 'No.', decidedAt });

    const report = await editor.get(`${G}/editorial/cards/submitted/report?from=${today()}`);
    const row = report.body.rows.find((r: { id: number }) => r.id === paper.id);
    expect(row).toMatchObject({ reviewerNames: 'Hala Mansour, Omar Nabil', decisionDate: decidedAt.toISOString() });
    const csv = (await editor.get(`${G}/editorial/cards/submitted/report.csv?from=${today()}`)).raw.toString('utf8');
    expect(csv.split('\n').find((line) => line.startsWith(`${paper.code},`))).toContain('"Hala Mansour, Omar Nabil"');
  });

  it('gives a title or a name that a spreadsheet would run as a formula as plain text (OWASP CSV injection)', async () => {
    const title = '=HYPERLINK("http://evil","x")';
    const author = { fullName: '@SUM(1+1)', email: 'at@example.org', phone: '+201012345678', workPlace: 'Cairo' };
    const paper = await submitted(spec, title, [{ ...author, isMain: true }]);
    const [journal] = await app.deps.db.select({ id: papers.journalId }).from(papers).where(eq(papers.id, paper.id));
    const people = await Promise.all(
      ['-2+3 Reviewer', '+1 Reviewer'].map((fullName) => createActiveUser(app, { fullName })),
    );
    await app.deps.db.insert(reviewInvitations).values(
      people.map((person, index) => ({
        journalId: journal!.id,
        paperId: paper.id,
        reviewerId: person.userId,
        invitedAt: new Date(Date.now() - (10 - index) * 60_000),
        deadline: today(),
      })),
    );

    const text = (await editor.get(`${G}/editorial/cards/submitted/report.csv?from=${today()}`)).raw.toString('utf8');
    const [header, ...rows] = readCsv(text.slice(1));
    const row = rows.find((cells) => cells[0] === paper.code)!;
    const cell = (name: string) => row[header!.indexOf(name)];
    expect(cell('Title')).toBe(`'${title}`);
    expect(cell('Main author')).toBe("'@SUM(1+1)");
    expect(cell('Reviewers')).toBe("'-2+3 Reviewer, +1 Reviewer");
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it('neutralises and quotes a cell that starts with a tab or a carriage return, and leaves other cells alone', () => {
    const row = {
      id: 1,
      code: 'G.26.01.1',
      title: '\t=1+1',
      version: 1,
      specializationEn: '-',
      specializationAr: null,
      submittedAt: '2026-01-05T08:00:00.000Z',
      status: 1,
      statusDate: '2026-01-05T08:00:00.000Z',
      authorName: '\r=cmd',
      authorEmail: 'a@example.org',
      reviewerNames: 'Hala Mansour, =Omar',
      decisionDate: null,
    };
    const text = reportCsv([row], 'en');
    const [, cells] = readCsv(text.slice(1));
    expect(cells).toEqual([
      'G.26.01.1',
      '1',
      "'\t=1+1",
      "'-",
      "'\r=cmd",
      'a@example.org',
      'Hala Mansour, =Omar',
      '2026-01-05T08:00:00.000Z',
      'Submitted',
      '2026-01-05T08:00:00.000Z',
      '',
    ]);
    expect(text).toContain(`"'\t=1+1"`);
    expect(text).toContain(`"'\r=cmd"`);
  });

  it('refuses an end before the start, and a day that does not exist', async () => {
    const reversed = await editor.get(`${G}/editorial/cards/submitted/report?from=2026-05-02&to=2026-05-01`);
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body.errors)).toContain('validation.date_range');
    const impossible = await editor.get(`${G}/editorial/cards/submitted/report.csv?from=2026-02-30`);
    expect(impossible.status).toBe(400);
    expect(JSON.stringify(impossible.body.errors)).toContain('validation.valid_date');
  });
});

describe('statements', () => {
  it('answers the dashboard, a list, a search and a report in a fixed number of statements', async () => {
    // Warm: the journal and each session are read once, then remembered (decision 0019).
    await Promise.all([editor.get(`${G}/editorial`), handling.get(`${G}/editorial`)]);
    // The cards beside the last updated papers, and a card's count beside its page: one statement each (issue 24),
    // none while the process remembers them (decision 0064): the front and a card's first page.
    expect(await countStatements(app, () => editor.get(`${G}/editorial`))).toBe(0);
    expect(await countStatements(app, () => handling.get(`${G}/editorial`))).toBe(0);
    expect(await countStatements(app, () => editor.get(`${G}/editorial/cards/published`))).toBe(1);
    expect(await countStatements(app, () => editor.get(`${G}/editorial/cards/published`))).toBe(0);
    expect(await countStatements(app, () => editor.get(`${G}/editorial/cards/published?page=2`))).toBe(1);
    expect(await countStatements(app, () => editor.get(`${G}/editorial/cards/submitted?search=study`))).toBe(2);
    // A report: its rows and its reviewers side by side; then remembered (decision 0068), the CSV of it too.
    expect(await countStatements(app, () => editor.get(`${G}/editorial/cards/published/report`))).toBe(2);
    expect(await countStatements(app, () => editor.get(`${G}/editorial/cards/published/report`))).toBe(0);
    expect(await countStatements(app, () => editor.get(`${G}/editorial/cards/published/report.csv`))).toBe(0);
    expect(await countStatements(app, () => editor.get(`${G}/editorial/cards/published/report?from=2026-01-01`))).toBe(
      2,
    );
    // Forgotten, both are one statement again.
    editorialDesksOf(app.deps.db).forget();
    expect(await countStatements(app, () => editor.get(`${G}/editorial`))).toBe(1);
    expect(await countStatements(app, () => editor.get(`${G}/editorial/cards/published`))).toBe(1);
  });
});

describe('the kept counts (decision 0060)', () => {
  it('answer the same cards after the housekeeping folds them into one row a class, and a new submission counts at once', async () => {
    const { database } = app;
    const countOf = async (query: string) => ((await database.executeSql(query)).rows as { n: number }[])[0]!.n;
    const rowsOfCounts = () => countOf('SELECT count(*)::int AS n FROM desk_paper_counts');
    const before = (await editor.get(`${G}/editorial`)).body.counts;
    const classes = await countOf(`SELECT count(*)::int AS n FROM (SELECT DISTINCT journal_id, specialization_id,
      status, CASE WHEN review_open_deadline < current_date - 2 THEN NULL ELSE review_open_deadline END,
      review_open_deadline < current_date - 2, review_refused_only
      FROM papers WHERE status <> 0 AND NOT superseded) c`);
    expect(await rowsOfCounts()).toBeGreaterThan(classes);
    const { housekeeping } = await import('../src/jobs/housekeeping');
    const folded = (await housekeeping(database.executeSql, 60_000).run()) as { deskCountRows: number };
    expect(folded.deskCountRows).toBeGreaterThan(0);
    // One row a class; the deadlines more than two days past are one class.
    expect(await rowsOfCounts()).toBe(classes);
    expect((await editor.get(`${G}/editorial`)).body.counts).toEqual(before);
    // A submission after the folding moves the submitted card at once, in the submission's own transaction.
    await submitted(spec, 'Counted at once');
    const after = (await editor.get(`${G}/editorial`)).body.counts;
    expect(after).toEqual({ ...before, submitted: before.submitted + 1 });
    expect((await editor.get(`${G}/editorial/cards/submitted`)).body.total).toBe(before.submitted + 1);
  });
});
