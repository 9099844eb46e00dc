import { PAPER_STATUS } from '@journals/core/enums';
import { paperFileItem, paperPageResponse } from '@journals/core/schemas/submissions-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, countStatements, createActiveUser, type TestApp } from './harness';
import { completeDraft, paperBody, specializationOf, submittedPaper } from './papers';

/**
 * How many SQL statements a request sends (issue 8): a regression in the request path fails here before it is
 * felt. The journal row is cached (a TTL as in production) and so is the session read (until a change to it is
 * announced, decision 0019), so each request is counted once both are warm: the statements of the request itself.
 * A session's first request in a journal costs one statement more (the first test).
 */

/**
 * The paper with its payment settings, final decision, issue, people and files (1). Was 8 before issue 8 (with
 * the session read, which is now remembered). Its author's second read: none, the page is remembered until the
 * database announces a change to it (decision 0062).
 */
const PAPER_PAGE = 1;
const PAPER_PAGE_REMEMBERED = 0;
/**
 * The paper, then one transaction: lock the journal (with its payment settings) and the paper, its people, its
 * files, the code of the month, the update, the log, the editors, the journal's two mail templates (one read, since
 * issue 22 §3: the mails are the journal's to write), and one insert for every mail (the author's and each
 * editor's); after commit, the outbox rows go to delivery (without SMTP, one read to log them). Nothing it wrote is
 * read back. Was 17 before issue 8 (a session read, a separate roles read, two people reads, a payment settings
 * read, one insert per mail).
 */
const SUBMIT = 12;
/**
 * The cards (from the trigger-kept counts) joined to the page, with its total when searching (1), whatever the
 * filter, search or page. Was 5 before issue 8 (session, roles, page, total and cards were each a statement).
 */
const AUTHOR_DASHBOARD = 1;
/** A card's first page read again: none, it is remembered until a change to the author's papers (decision 0063). */
const AUTHOR_DASHBOARD_REMEMBERED = 0;
/**
 * The paper logs (issue 10 §3): the page and its count (2), whatever the search, status or page, as an editor or a
 * handling editor; one paper's log: the paper (its access) and every version's entries (2).
 */
const PAPER_LOGS = 2;
const PAPER_LOG = 2;
/** The journal's users (issue 22 §1): the page with its people's roles, and its count (2), whatever the filter. */
const USERS = 2;
/**
 * The platform administrator's health screen and /readyz (issue 23 §3): the outbox's waiting and failed mail, each
 * scheduled job's last runs and the migrations applied, in one statement; the job queue's jobs by state are a second
 * one once the queue is started (not here: no SMTP_URL). /readyz's storage check touches no table.
 */
const HEALTH = 1;

let app: TestApp;
let spec: number;
const G = '/api/journals/general/papers';

async function researcher() {
  const user = await createActiveUser(app, { specializations: [spec] });
  const client = app.client();
  await client.login(user.email, user.password);
  return client;
}

/** The statements of a GET once the journal cache is warm, with the answer checked. */
async function statementsOfGet(client: ReturnType<TestApp['client']>, url: string) {
  expect((await client.get(url)).status).toBe(200);
  return countStatements(app, async () => expect((await client.get(url)).status).toBe(200));
}

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  spec = await specializationOf(app.client(), 'general');
});
afterAll(() => app.close());

describe('statements per request', () => {
  it('knows the signed-in user and their roles in the journal from one statement, then from none', async () => {
    const client = await researcher();
    const me = '/api/journals/general/me';
    expect(await countStatements(app, async () => expect((await client.get(me)).status).toBe(200))).toBe(1);
    expect(await countStatements(app, async () => expect((await client.get(me)).status).toBe(200))).toBe(0);
    const editor = app.client();
    await editor.login('editor@general.test');
    expect(await countStatements(app, () => editor.get(me))).toBe(1);
    expect(await statementsOfGet(editor, me)).toBe(0);
    expect((await editor.get(me)).body.user.roles).toContain('editor');
    // Another journal is another read of the roles there (its journal row already cached).
    await app.client().get('/api/journals/ethics/me');
    expect(await countStatements(app, () => editor.get('/api/journals/ethics/me'))).toBe(1);
  });

  it(`reads a paper page in at most ${PAPER_PAGE} statements, for its creator, an editor and a handling editor`, async () => {
    const client = await researcher();
    const people = {
      authors: [
        {
          fullName: 'Karim Nabil',
          email: 'karim@example.org',
          phone: '+201012345678',
          workPlace: 'Cairo',
          isMain: false,
        },
        { fullName: 'Mona Adel', email: 'mona@example.org', phone: '+201012345679', workPlace: 'Giza', isMain: true },
      ],
      reviewers: [{ fullName: 'Hany Samir', email: 'hany@example.org', phone: '+201012345670', workPlace: 'Tanta' }],
    };
    const { id } = await submittedPaper(client, 'general', paperBody(spec, people));
    expect(await statementsOfGet(client, `${G}/${id}`)).toBeLessThanOrEqual(PAPER_PAGE);
    expect(await statementsOfGet(client, `${G}/${id}`)).toBe(PAPER_PAGE_REMEMBERED);
    // What the one statement brings, shaped as before: people in order, files with their dates.
    const page = (await client.get(`${G}/${id}`)).body;
    // Each author also with their ORCID iD (issue 46 §3): none typed here, so empty and not authenticated.
    const withOrcids = people.authors.map((author) => ({ ...author, orcid: '', orcidAuthenticated: false }));
    expect({ authors: page.authors, reviewers: page.reviewers }).toEqual({ ...people, authors: withOrcids });
    expect(page.files.length).toBeGreaterThan(0);
    expect(page.files[0]).toEqual({
      id: expect.any(Number),
      paperId: id,
      kind: expect.any(String),
      originalName: expect.any(String),
      size: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The database writes the page (decision 0062): exactly the documented shape, no field more or less.
    expect(paperPageResponse.parse(page)).toEqual(page);
    expect(Object.keys(page).sort()).toEqual(Object.keys(paperPageResponse.shape).sort());
    expect(Object.keys(page.files[0]).sort()).toEqual(Object.keys(paperFileItem.shape).sort());
    expect(page).toMatchObject({ status: PAPER_STATUS.submitted, managedByYou: false, finalDecision: null });
    const editor = app.client();
    await editor.login('editor@general.test');
    expect(await statementsOfGet(editor, `${G}/${id}`)).toBeLessThanOrEqual(PAPER_PAGE);
    // A handling editor's specializations come with the session (was one statement more).
    const handling = app.client();
    await handling.login('handling@general.test');
    expect(await statementsOfGet(handling, `${G}/${id}`)).toBeLessThanOrEqual(PAPER_PAGE);
  });

  it(`submits a complete draft in at most ${SUBMIT} statements`, async () => {
    const client = await researcher();
    const id = await completeDraft(client, 'general', paperBody(spec));
    const submitted = await countStatements(app, async () => {
      expect((await client.post(`${G}/${id}/submit`, { acceptTerms: true })).status).toBe(200);
    });
    expect(submitted).toBeLessThanOrEqual(SUBMIT);
  });

  it(`lists the author dashboard in ${AUTHOR_DASHBOARD} statement searched or paged, a card's first page again in ${AUTHOR_DASHBOARD_REMEMBERED}`, async () => {
    const client = await researcher();
    const first = await submittedPaper(
      client,
      'general',
      paperBody(spec, { title_of_the_work: 'Dates in Siwa oasis' }),
    );
    await submittedPaper(client, 'general', paperBody(spec, { title_of_the_work: 'Wheat yield after irrigation' }));
    await completeDraft(client, 'general', paperBody(spec));
    for (const query of [
      '',
      '?status=waiting',
      '?search=siwa',
      `?search=${first.code}`,
      '?page=3',
      '?status=accepted',
    ]) {
      const statements = await statementsOfGet(client, `${G}/mine${query}`);
      if (query.includes('search') || query.includes('page')) expect(statements, query).toBe(AUTHOR_DASHBOARD);
      else expect(statements, query).toBe(AUTHOR_DASHBOARD_REMEMBERED);
    }
    const read = async (query: string) => (await client.get(`${G}/mine${query}`)).body;
    expect(await read('')).toMatchObject({ total: 2, statistics: { all: 2, waiting: 2, accepted: 0 } });
    expect((await read('')).items.map((item: { title: string }) => item.title)).toEqual([
      'Wheat yield after irrigation',
      'Dates in Siwa oasis',
    ]);
    expect((await read('')).items[0]).toEqual({
      id: expect.any(Number),
      code: expect.stringMatching(/\.\d+$/),
      title: 'Wheat yield after irrigation',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      status: PAPER_STATUS.submitted,
      statusDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await read('?search=SIWA')).toMatchObject({ total: 1, items: [{ id: first.id }], statistics: { all: 2 } });
    expect(await read(`?search=${first.code}`)).toMatchObject({ total: 1, items: [{ id: first.id }] });
    expect(await read('?status=accepted')).toMatchObject({ total: 0, items: [], statistics: { all: 2 } });
    expect(await read('?page=3')).toMatchObject({ total: 2, items: [] });
    // A search asked for a page past its end still knows its total (one more statement, only then).
    expect(await read('?search=siwa&page=2')).toMatchObject({ total: 1, items: [] });
  });

  it(`lists the paper logs in ${PAPER_LOGS} statements and one paper's log in ${PAPER_LOG}, whatever the size`, async () => {
    const client = await researcher();
    const paper = await submittedPaper(client, 'general', paperBody(spec, { title_of_the_work: 'Logged lentils' }));
    for (const email of ['editor@general.test', 'handling@general.test']) {
      const manager = app.client();
      await manager.login(email, 'Demo-pass-1');
      for (const query of ['', '?status=1', '?search=lentils', `?search=${paper.code}&status=1`, '?page=4']) {
        expect(await statementsOfGet(manager, `/api/journals/general/paper-logs${query}`), `${email} ${query}`).toBe(
          PAPER_LOGS,
        );
      }
      expect(await statementsOfGet(manager, `${G}/${paper.id}/logs`), email).toBe(PAPER_LOG);
    }
  });

  it(`lists the journal's users in ${USERS} statements, filtered, searched or paged`, async () => {
    const manager = app.client();
    await manager.login('editor@general.test', 'Demo-pass-1');
    for (const query of ['', '?role=reviewer', '?search=general', '?role=editor&search=amal', '?page=3']) {
      expect(await statementsOfGet(manager, `/api/journals/general/users${query}`), query).toBe(USERS);
    }
  });

  it(`shows the platform's health, and answers /readyz, in ${HEALTH} statement; /healthz in none`, async () => {
    const admin = await app.signedIn('admin@platform.test');
    expect(await statementsOfGet(admin, '/api/journals/general/platform/health')).toBe(HEALTH);
    const probe = app.client();
    expect(await statementsOfGet(probe, '/readyz')).toBe(HEALTH);
    // Liveness is the process's alone: a database that does not answer must not get a live process restarted.
    expect(await statementsOfGet(probe, '/healthz')).toBe(0);
  });
});
