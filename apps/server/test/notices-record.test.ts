import path from 'node:path';
import { translate } from '@journals/core/i18n/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, journals } from '../src/db/schema';
import { CROSSMARK_POLICY_DOI } from '../src/features/harvesting/notice-relations';
import { startCrossrefFake, type CrossrefFake } from './crossref-fake';
import { depositErrors } from './crossref-schema';
import { buildTestApp, countStatements, expectError, type TestApp, type TestClient } from './harness';
import { acceptedPaper, assign, createIssue, G, userIdOf } from './issues-setup';

/**
 * A notice in the scholarly record (issue 46 §2, decision 0088): its own public page, its DOI (typed, or given by the
 * journal) deposited with Crossref as a record of its own carrying the Crossmark update relation to its paper (the
 * paper deposited again with it, valid against the schema), and the paper's relations to it everywhere the record
 * goes: JATS `related-article`, OAI-PMH `dc:relation` with a datestamp that moves, the citation tags, the sitemap.
 */

let app: TestApp;
let crossref: CrossrefFake;
let editor: TestClient;
let researcherId: number;

const noticesOf = (paperId: number) => `${G}/papers/${paperId}/notices`;
const noticePage = (id: number | string, slug = 'general') => `/api/journals/${slug}/archive/notices/${id}`;
const oai = (paperId: number, prefix: string) =>
  `/api/journals/general/oai?verb=GetRecord&metadataPrefix=${prefix}&identifier=oai:journals.test:general/${paperId}`;

type NoticeView = { id: number; doi: string | null; deposit: { state: string; message: string } | null };

/** A paper published in an issue of its own (its DOI by the journal's pattern), its first deposit settled. */
async function publishedPaper() {
  const issueId = await createIssue(editor, { publishDate: '2026-04-02' });
  const made = await acceptedPaper(app, researcherId, { title: `Tides and memory ${Date.now() % 100000}` });
  expect((await assign(editor, issueId, { paperId: made.id, orderInIssue: 1 })).status).toBe(201);
  expect((await editor.post(`${G}/issues/${issueId}/publish`)).status).toBe(200);
  await depositSettled(made.id);
  const [row] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, made.id));
  return { id: made.id, doi: row!.doi!, modifiedAt: row!.modifiedAt };
}

/** Waits for the paper's deposit to be registered or refused, and answers it. */
async function depositSettled(paperId: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await editor.get(`${G}/papers/${paperId}/doi-deposit`);
    const deposit = answer.body.deposit;
    if (deposit && (deposit.state === 'deposited' || deposit.state === 'failed')) return deposit;
    if (Date.now() > until) throw new Error(`deposit not settled: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const notice = (overrides: Record<string, unknown> = {}) => ({
  kind: 'retraction',
  textEn: 'This paper is retracted: its tide tables could not be reproduced.',
  textAr: 'سُحب هذا البحث: تعذّر تكرار جداول المدّ فيه.',
  noticeDate: '2026-06-01',
  ...overrides,
});

async function publish(paperId: number, overrides: Record<string, unknown> = {}): Promise<NoticeView> {
  const answer = await editor.post(noticesOf(paperId), notice(overrides));
  expect(answer.status).toBe(201);
  return answer.body.notice;
}

/** The last deposit the fake Crossref received that holds `doi`. */
const depositHolding = (doi: string) => [...crossref.deposits].reverse().find((d) => d.xml.includes(`<doi>${doi}<`));

beforeAll(async () => {
  crossref = await startCrossrefFake();
  crossref.queuedPolls = 0;
  app = await buildTestApp({
    CROSSREF_TEST_URL: crossref.base,
    CROSSREF_PRODUCTION_URL: 'http://127.0.0.1:9/never',
    CROSSREF_POLL_SECONDS: '0',
    CROSSREF_SWEEP_SECONDS: '0.2',
    CROSSREF_TIMEOUT_SECONDS: '1',
    // The stand-in web app (static-assets.test.ts): the first HTML of a paper's page carries its tags.
    WEB_DIST: path.join(import.meta.dirname, 'fixtures/web'),
  });
  editor = await app.signedIn('editor@general.test');
  researcherId = await userIdOf(app, 'researcher@general.test');
  await app.deps.db
    .update(journals)
    .set({ doiPrefix: '10.5555', depositorName: 'General Journal', depositorEmail: 'doi@general.test' })
    .where(eq(journals.slug, 'general'));
  app.deps.cache.invalidate('journal:general:');
  const saved = await editor.put(`${G}/doi-settings`, {
    suffixPattern: '{journal}.{year}.{volume}.{issue}.{order}',
    system: 'test',
    login: crossref.login,
    password: crossref.password,
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await crossref?.close();
});

describe('a notice’s own page', () => {
  it('answers the notice and its paper to anyone, in a few statements, and the paper links to it', async () => {
    const paper = await publishedPaper();
    const published = await publish(paper.id, { kind: 'expressionOfConcern', textAr: '' });
    const guest = app.client();
    const answer = await guest.get(noticePage(published.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: published.id,
      kind: 'expressionOfConcern',
      text: { en: notice().textEn, ar: '' },
      noticeDate: '2026-06-01',
      doi: `10.5555/general.notice.${published.id}`,
      paper: {
        id: paper.id,
        title: { en: expect.stringContaining('Tides and memory'), ar: expect.any(String) },
        doi: paper.doi,
        volume: expect.any(Number),
        issue: '1',
      },
    });
    // The paper's answer names it, so that its banner links to the page.
    const page = await guest.get(`${G}/archive/papers/${paper.id}`);
    expect(page.body.notices.map((n: { id: number }) => n.id)).toEqual([published.id]);

    // Counted once the paper's new deposit is settled (the deposit job's statements are counted too), the least
    // of three reads, each from the database (the cache dropped), so that a sweep of the job in between is not.
    await depositSettled(paper.id);
    const counts: number[] = [];
    for (let n = 0; n < 3; n++) {
      app.deps.cache.invalidate('journal:general:');
      counts.push(await countStatements(app, () => guest.get(noticePage(published.id))));
    }
    expect(Math.min(...counts)).toBeLessThanOrEqual(3);
  });

  it('is missing for another journal, an unknown notice, and refuses an id that is not one', async () => {
    const paper = await publishedPaper();
    const published = await publish(paper.id);
    const guest = app.client();
    expectError(await guest.get(noticePage(published.id, 'ethics')), 404, 'notFound', 'archive.noticeNotFound');
    expectError(await guest.get(noticePage(999_999)), 404, 'notFound', 'archive.noticeNotFound');
    guest.language = 'ar';
    const missing = await guest.get(noticePage(999_999));
    expect(missing.body.message).toBe(translate('ar', 'archive.noticeNotFound'));
    expect((await guest.get(noticePage('abc'))).status).toBe(400);
    expect((await guest.get(noticePage(published.id, 'no-such-journal'))).status).toBe(404);
  });
});

describe('a notice’s DOI with Crossref', () => {
  it('is given by the journal and deposited with its paper, the update relation valid against the schema', async () => {
    const paper = await publishedPaper();
    const published = await publish(paper.id);
    const doi = `10.5555/general.notice.${published.id}`;
    expect(published.doi).toBe(doi);
    expect(published.deposit).toEqual({ state: 'waiting', message: '' });

    expect(await depositSettled(paper.id)).toMatchObject({ state: 'deposited' });
    const listed = await editor.get(noticesOf(paper.id));
    expect(listed.body.notices[0].deposit).toEqual({ state: 'deposited', message: '' });

    const deposit = depositHolding(doi)!;
    expect(deposit.xml).toContain(`<doi>${paper.doi}</doi>`);
    expect(deposit.xml.replace(/>\s+</g, '><')).toContain(
      `<crossmark><crossmark_policy>${CROSSMARK_POLICY_DOI}</crossmark_policy><updates>` +
        `<update type="retraction" date="2026-06-01">${paper.doi}</update></updates></crossmark>`,
    );
    expect(deposit.xml).toContain(`<resource>http://journals.test/general/archive/notices/${published.id}</resource>`);
    expect(deposit.xml).toMatch(/<title>Retraction: Tides and memory \d+<\/title>/);
    expect(await depositErrors(deposit.xml)).toEqual([]);
  });

  it('keeps a typed DOI, maps each kind to Crossref’s update type, and shows a refusal of the notice’s DOI', async () => {
    const paper = await publishedPaper();
    await publish(paper.id, { kind: 'correction', doi: '10.5555/typed-correction.1', noticeDate: '2026-05-01' });
    await depositSettled(paper.id);
    const refused = '10.5555/typed-concern.2';
    crossref.refuse.set(refused, 'Record not processed because submitted version is not valid');
    try {
      const concern = await publish(paper.id, { kind: 'expressionOfConcern', doi: refused });
      expect(concern.doi).toBe(refused);
      const deposit = await depositSettled(paper.id);
      expect(deposit.state).toBe('failed');
      expect(deposit.message).toContain(refused);
      const xml = depositHolding(refused)!.xml;
      expect(xml).toContain(`<update type="correction" date="2026-05-01">${paper.doi}</update>`);
      expect(xml).toContain(`<update type="expression_of_concern" date="2026-06-01">${paper.doi}</update>`);
      expect(await depositErrors(xml)).toEqual([]);
      const listed = await editor.get(noticesOf(paper.id));
      expect(listed.body.notices.map((n: NoticeView) => n.deposit?.state)).toEqual(['failed', 'failed']);
    } finally {
      crossref.refuse.delete(refused);
    }
  });

  it('is not given when the journal does not register DOIs', async () => {
    await app.deps.db.update(journals).set({ doiPrefix: '' }).where(eq(journals.slug, 'general'));
    app.deps.cache.invalidate('journal:general');
    try {
      const issueId = await createIssue(editor, { publishDate: '2026-04-02' });
      const made = await acceptedPaper(app, researcherId, { title: 'Without DOI' });
      expect((await assign(editor, issueId, { paperId: made.id, orderInIssue: 1 })).status).toBe(201);
      expect((await editor.post(`${G}/issues/${issueId}/publish`)).status).toBe(200);
      const published = await publish(made.id);
      expect(published).toMatchObject({ doi: null, deposit: null });
    } finally {
      await app.deps.db.update(journals).set({ doiPrefix: '10.5555' }).where(eq(journals.slug, 'general'));
      app.deps.cache.invalidate('journal:general');
    }
  });
});

describe('the paper’s relations to its notices', () => {
  it('are in JATS and OAI-PMH, whose datestamp moves; the citation tags and the sitemap', async () => {
    const paper = await publishedPaper();
    const before = new Date();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // OAI-PMH datestamps are to the second
    const retraction = await publish(paper.id, { noticeDate: '2026-06-01' });
    const correction = await publish(paper.id, { kind: 'correction', noticeDate: '2099-01-02', doi: '' });
    const guest = app.client();

    const jats = (await guest.get(oai(paper.id, 'jats'))).raw.toString();
    expect(jats).toContain(
      `<related-article id="notice-${retraction.id}" related-article-type="retraction-forward" ext-link-type="doi" xlink:href="${retraction.doi}"/>`,
    );
    expect(jats).toContain(`related-article-type="correction-forward" ext-link-type="doi"`);
    // After the self-uri, before the abstract (JATS's order of article-meta).
    expect(jats.indexOf('<related-article')).toBeGreaterThan(jats.lastIndexOf('<self-uri'));
    expect(jats.indexOf('<related-article')).toBeLessThan(jats.indexOf('<abstract'));

    const dc = (await guest.get(oai(paper.id, 'oai_dc'))).raw.toString();
    expect(dc).toContain(`<dc:relation>https://doi.org/${retraction.doi}</dc:relation>`);
    expect(dc).toContain(`<dc:relation>https://doi.org/${correction.doi}</dc:relation>`);
    const datestamp = new Date(/<datestamp>([^<]+)<\/datestamp>/.exec(dc)![1]!);
    expect(datestamp.getTime()).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
    // A harvester asking from before the notice gets the record again.
    const from = before.toISOString().replace(/\.\d+Z$/, 'Z');
    const listed = await guest.get(`/api/journals/general/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&from=${from}`);
    expect(listed.raw.toString()).toContain(`oai:journals.test:general/${paper.id}<`);

    const html = (await guest.get(`/general/archive/papers/${paper.id}`)).raw.toString();
    const meta = (name: string) =>
      [...html.matchAll(new RegExp(`<meta name="${name.replace('.', '\\.')}" content="([^"]*)"`, 'g'))].map(
        (match) => match[1],
      );
    expect(meta('dc.identifier')).toEqual([`doi:${paper.doi}`]);
    expect(meta('dc.relation')).toEqual([`https://doi.org/${retraction.doi}`, `https://doi.org/${correction.doi}`]);
    expect(meta('citation_doi')).toEqual([paper.doi]);

    const sitemap = (await guest.get('/general/sitemap.xml')).raw.toString();
    const entry = new RegExp(`<loc>http://journals.test/general/archive/papers/${paper.id}</loc>\\s*<lastmod>([^<]+)<`);
    expect(entry.exec(sitemap)![1]).toBe('2099-01-02T00:00:00Z');
    // Each notice's own page is listed after its paper's, as it was published.
    for (const { id } of [retraction, correction]) {
      const page = new RegExp(`<loc>http://journals.test/general/archive/notices/${id}</loc>\\s*<lastmod>([^<]+)<`);
      expect(new Date(page.exec(sitemap)![1]!).getTime()).toBeGreaterThanOrEqual(
        Math.floor(before.getTime() / 1000) * 1000,
      );
    }
  });

  it('are in the issue’s Crossref file too', async () => {
    const paper = await publishedPaper();
    const published = await publish(paper.id);
    const [row] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, paper.id));
    const answer = await editor.get(`${G}/issues/${row!.issueId}/export/crossref`);
    expect(answer.status).toBe(200);
    const xml = answer.raw.toString();
    expect(xml).toContain(`<doi>${published.doi}</doi>`);
    expect(await depositErrors(xml)).toEqual([]);
  });
});
