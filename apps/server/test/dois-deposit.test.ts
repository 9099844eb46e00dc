import { translate } from '@journals/core/i18n/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, doiDeposits, issues, journalDoiSettings, journals } from '../src/db/schema';
import { startCrossrefFake, type CrossrefFake } from './crossref-fake';
import { depositErrors } from './crossref-schema';
import { buildTestApp, countStatements, type TestApp, type TestClient } from './harness';
import { specializationIds } from './archive-setup';
import { acceptedPaper, assign, createIssue, G, userIdOf } from './issues-setup';
import { multipartForm } from './papers';

/**
 * DOIs registered, not just printed (issue 46 §1, decision 0086), against a Crossref of our own on a local port
 * (crossref-fake.ts): the journal manager's settings; publishing an issue gives its papers DOIs by the pattern and
 * deposits each with Crossref by a job; each paper's state goes from waiting to registered, or to refused with
 * Crossref's message and sent again once fixed; a Crossref that is down, or slow, is tried again; a refused
 * account is shown; a published paper's changed metadata is deposited again; publishing never waits for any of it.
 */

let app: TestApp;
let crossref: CrossrefFake;
let editor: TestClient;
let researcherId: number;
const METRICS_TOKEN = 'dois-deposit-test-metrics-token-0123';

type Deposit = { paperId: number; doi: string; state: string; message: string; attempts: number };

async function depositsOf(issueId: number): Promise<Deposit[]> {
  const answer = await editor.get(`${G}/issues/${issueId}/dois`);
  expect(answer.status).toBe(200);
  return answer.body.deposits;
}

/** Waits until every deposit of the issue is settled (registered or refused), and answers them. */
async function settled(issueId: number, count: number, timeoutMs = 20_000): Promise<Deposit[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const deposits = await depositsOf(issueId);
    if (deposits.length === count && deposits.every((d) => d.state === 'deposited' || d.state === 'failed'))
      return deposits;
    if (Date.now() > until) throw new Error(`deposits not settled: ${JSON.stringify(deposits)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function publishedIssue(papers: { title: string; doi?: string }[]) {
  const issueId = await createIssue(editor, { issue: '2', publishDate: '2026-05-10' });
  const ids: number[] = [];
  for (const [index, paper] of papers.entries()) {
    const made = await acceptedPaper(app, researcherId, { title: paper.title });
    const fields: Record<string, string | number> = { paperId: made.id, orderInIssue: index + 1 };
    if (paper.doi) fields.doi = paper.doi;
    expect((await assign(editor, issueId, fields)).status).toBe(201);
    ids.push(made.id);
  }
  const published = await editor.post(`${G}/issues/${issueId}/publish`);
  expect(published.status).toBe(200);
  return { issueId, ids };
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  suffixPattern: '{journal}.{year}.{volume}.{issue}.{order}',
  system: 'test',
  login: crossref.login,
  password: crossref.password,
  ...overrides,
});

beforeAll(async () => {
  crossref = await startCrossrefFake();
  app = await buildTestApp({
    CROSSREF_TEST_URL: crossref.base,
    CROSSREF_PRODUCTION_URL: 'http://127.0.0.1:9/never',
    CROSSREF_POLL_SECONDS: '0',
    CROSSREF_SWEEP_SECONDS: '0.2',
    CROSSREF_TIMEOUT_SECONDS: '1',
    METRICS_TOKEN: METRICS_TOKEN,
  });
  editor = await app.signedIn('editor@general.test');
  researcherId = await userIdOf(app, 'researcher@general.test');
  await app.deps.db
    .update(journals)
    .set({ doiPrefix: '10.5555', depositorName: 'General Journal', depositorEmail: 'doi@general.test' })
    .where(eq(journals.slug, 'general'));
  app.deps.cache.invalidate('journal:general:');
});
afterAll(async () => {
  await app?.close();
  await crossref?.close();
});

describe('the DOI settings', () => {
  it('are the journal manager’s: the pattern, the system and the account, the password never sent back', async () => {
    const first = await editor.get(`${G}/doi-settings`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ system: 'off', passwordSet: false, prefix: '10.5555' });
    expect(first.body.example).toMatch(/^10\.5555\/general\.\d{4}\.1\.1\.3$/);

    const saved = await editor.put(`${G}/doi-settings`, settings());
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('The DOI settings are saved.');
    const read = await editor.get(`${G}/doi-settings`);
    expect(read.body).toMatchObject({ system: 'test', login: crossref.login, passwordSet: true });
    expect(JSON.stringify(read.body)).not.toContain(crossref.password);
    // Sealed at rest.
    const [row] = await app.deps.db.select().from(journalDoiSettings);
    expect(row!.password).toMatch(/^sealed:v1:/);
    // An empty password keeps the stored one.
    expect((await editor.put(`${G}/doi-settings`, settings({ password: '' }))).status).toBe(200);
    expect((await editor.get(`${G}/doi-settings`)).body.passwordSet).toBe(true);
  });

  it('refuse a pattern that cannot tell papers apart, or names unknown fields, in the reader’s language', async () => {
    const same = await editor.put(`${G}/doi-settings`, settings({ suffixPattern: '{journal}.{year}' }));
    expect(same.status).toBe(400);
    expect(same.body.errors.SuffixPattern).toEqual(['doi.pattern_not_unique']);
    expect(translate('en', 'doi.pattern_not_unique')).toBe(
      'The pattern must contain {order} or {paper}, so that two papers never get the same DOI.',
    );
    editor.language = 'ar';
    try {
      const unknown = await editor.put(`${G}/doi-settings`, settings({ suffixPattern: '{journal}.{month}.{order}' }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(translate('ar', 'errors.validation'));
      expect(unknown.body.errors.SuffixPattern).toEqual(['doi.pattern_unknown_field']);
      expect(translate('ar', 'doi.pattern_unknown_field')).toContain('يذكر النمط حقلًا غير موجود');
      const noLogin = await editor.put(`${G}/doi-settings`, settings({ login: '' }));
      expect(noLogin.status).toBe(400);
      expect(noLogin.body.errors.Login).toEqual(['doi.login_required']);
      expect(translate('ar', 'doi.login_required')).toBe('اكتب اسم المستخدم في Crossref.');
    } finally {
      editor.language = 'en';
    }
    const spaces = await editor.put(`${G}/doi-settings`, settings({ suffixPattern: 'a b {order}' }));
    expect(spaces.status).toBe(400);
  });

  it('are refused to an editor who does not manage the journal', async () => {
    const secretary = await app.signedIn('secretary@general.test');
    expect((await secretary.get(`${G}/doi-settings`)).status).toBe(403);
    expect((await secretary.put(`${G}/doi-settings`, settings())).status).toBe(403);
  });
});

describe('publishing an issue registers its DOIs', () => {
  it('gives papers without a DOI one by the pattern, deposits each, and records registered and refused', async () => {
    expect((await editor.put(`${G}/doi-settings`, settings())).status).toBe(200);
    const typed = `10.5555/typed.${Date.now()}`;
    const before = crossref.deposits.length;
    const started = Date.now();
    const { issueId, ids } = await publishedIssue([
      { title: 'Sleep and memory in nurses', doi: typed },
      { title: 'Night shifts' },
      { title: 'Naps at work' },
    ]);
    // Publishing answered before any deposit was read back: nothing here waits for Crossref.
    expect(Date.now() - started).toBeLessThan(10_000);
    const rows = await app.deps.db
      .select({ paperId: archivedPapers.paperId, doi: archivedPapers.doi, order: archivedPapers.orderInIssue })
      .from(archivedPapers)
      .where(eq(archivedPapers.issueId, issueId));
    const doiOf = new Map(rows.map((row) => [row.paperId, row.doi]));
    const [{ volume }] = (await app.deps.db
      .select({ volume: issues.volume })
      .from(issues)
      .where(eq(issues.id, issueId))) as [{ volume: number }];
    expect(doiOf.get(ids[0]!)).toBe(typed);
    expect(doiOf.get(ids[1]!)).toBe(`10.5555/general.2026.${volume}.2.2`);
    expect(doiOf.get(ids[2]!)).toBe(`10.5555/general.2026.${volume}.2.3`);

    const deposits = await settled(issueId, 3);
    expect(deposits.map((d) => [d.paperId, d.state])).toEqual(ids.map((id) => [id, 'deposited']));
    // The issue's deposits answer in a few statements whatever the number of papers (sign-in, journal, screen, list).
    expect(await countStatements(app, () => editor.get(`${G}/issues/${issueId}/dois`))).toBeLessThanOrEqual(4);
    const sent = crossref.deposits.slice(before);
    expect(sent).toHaveLength(3);
    expect(sent.every((deposit) => deposit.login === crossref.login)).toBe(true);
    expect(sent.map((deposit) => /<doi>([^<]*)<\/doi>/.exec(deposit.xml)?.[1]).sort()).toEqual(
      [...doiOf.values()].sort(),
    );
    expect(sent.find((d) => d.xml.includes(typed))!.xml).toContain('<title>Sleep and memory in nurses</title>');
  });

  it('shows Crossref’s refusal, and registers the paper once it is fixed and sent again', async () => {
    const refusedDoi = `10.5555/refused.${Date.now()}`;
    crossref.refuse.set(refusedDoi, 'Record not processed because submitted version is less than deposited version');
    const { issueId, ids } = await publishedIssue([{ title: 'Refused once', doi: refusedDoi }, { title: 'Fine' }]);
    const deposits = await settled(issueId, 2);
    expect(deposits[0]).toMatchObject({
      paperId: ids[0],
      state: 'failed',
      message: 'Record not processed because submitted version is less than deposited version',
    });
    expect(deposits[1]).toMatchObject({ paperId: ids[1], state: 'deposited' });
    // The platform's health screen and /metrics count the refusal.
    const admin = await app.signedIn('admin@platform.test');
    const health = await admin.get(`${G}/platform/health`);
    expect(health.status).toBe(200);
    expect(health.body.doiDeposits.failed).toBeGreaterThanOrEqual(1);
    const metrics = await app.client().get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    const failed = /^journals_doi_deposits\{state="failed"\} (\d+)$/m.exec(String(metrics.body))?.[1];
    expect(Number(failed)).toBe(health.body.doiDeposits.failed);

    crossref.refuse.delete(refusedDoi);
    const again = await editor.post(`${G}/papers/${ids[0]}/doi-deposit`);
    expect(again.status).toBe(202);
    expect(again.body.deposit).toMatchObject({ state: 'waiting', message: '' });
    const after = await settled(issueId, 2);
    expect(after[0]).toMatchObject({ state: 'deposited', message: '' });
    // The paper's own deposit, as its page shows it to editors.
    const own = await editor.get(`${G}/papers/${ids[0]}/doi-deposit`);
    expect(own.status).toBe(200);
    expect(own.body.deposit).toMatchObject({ paperId: ids[0], doi: refusedDoi, state: 'deposited' });
    // Sending again while it is on its way is refused, with a clear message.
    await app.deps.db.update(doiDeposits).set({ state: 'submitted' }).where(eq(doiDeposits.paperId, ids[0]!));
    const twice = await editor.post(`${G}/papers/${ids[0]}/doi-deposit`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This DOI is already on its way to Crossref.');
    await settled(issueId, 2);
  });

  it('tries again, with waits, while Crossref is down or slow, and registers when it answers', async () => {
    crossref.down = 2;
    crossref.slow = 1;
    const { issueId } = await publishedIssue([{ title: 'Through the outage' }]);
    const [deposit] = await settled(issueId, 1, 30_000);
    expect(deposit).toMatchObject({ state: 'deposited' });
    expect(deposit!.attempts).toBeGreaterThanOrEqual(3);
  });

  it('shows a refused account as such, and registers nothing with it', async () => {
    expect((await editor.put(`${G}/doi-settings`, settings({ password: 'wrong' }))).status).toBe(200);
    const { issueId } = await publishedIssue([{ title: 'Wrong password' }]);
    const [deposit] = await settled(issueId, 1);
    expect(deposit).toMatchObject({ state: 'failed', message: 'doi.refused_login' });
    expect((await editor.put(`${G}/doi-settings`, settings())).status).toBe(200);
  });

  it('deposits a published paper again when its metadata changes in the archive form', async () => {
    const { issueId, ids } = await publishedIssue([{ title: 'A title with a typo' }]);
    await settled(issueId, 1);
    const before = crossref.deposits.length;
    const [row] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, ids[0]!));
    const [specialization] = await specializationIds(app, 1);
    const body = {
      paperType: 1,
      titleEn: 'A title without a typo',
      titleAr: row!.titleAr,
      subtitle: row!.subtitle,
      abstractEn: row!.abstractEn,
      abstractAr: row!.abstractAr,
      correspondingAuthor: row!.correspondingAuthor,
      jointAuthors: row!.jointAuthors,
      specializationIds: [specialization!.id],
      keywords: row!.keywords.length > 0 ? row!.keywords : ['sleep'],
      fromPage: '1',
      toPage: '9',
      orderInIssue: '1',
      doi: row!.doi,
      correspondingAuthorOrcid: '0000-0002-1825-0097',
    };
    const { payload, headers } = multipartForm({ paper: JSON.stringify(body) }, []);
    const saved = await editor.request('PUT', `${G}/archive-management/papers/${ids[0]}`, payload, headers);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await settled(issueId, 1);
    expect(crossref.deposits.length).toBeGreaterThan(before);
    expect(crossref.deposits.at(-1)!.xml).toContain('A title without a typo');
    expect(crossref.deposits.at(-1)!.xml).toContain(
      '<ORCID authenticated="false">https://orcid.org/0000-0002-1825-0097</ORCID>',
    );
  });

  it('sent Crossref only deposits valid against its schema (5.3.1), every one of them', async () => {
    expect(crossref.deposits.length).toBeGreaterThanOrEqual(8);
    for (const deposit of crossref.deposits) expect(await depositErrors(deposit.xml), deposit.batchId).toEqual([]);
  });
});

describe('journals that do not register', () => {
  it('print DOIs and deposit nothing, and say so when asked to send one', async () => {
    expect((await editor.put(`${G}/doi-settings`, settings({ system: 'off', login: '' }))).status).toBe(200);
    const before = crossref.deposits.length;
    const { issueId, ids } = await publishedIssue([{ title: 'Printed only' }]);
    expect(await depositsOf(issueId)).toEqual([]);
    const again = await editor.post(`${G}/papers/${ids[0]}/doi-deposit`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('DOI registration is off for this journal.');
    expect(crossref.deposits.length).toBe(before);
  });
});
