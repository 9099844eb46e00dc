import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, issues, journals } from '../src/db/schema';
import { sitemapXml } from '../src/features/harvesting/sitemap';
import { buildTestApp, countStatements, type TestApp } from './harness';

/**
 * What machines read besides OAI-PMH: the editors' exports of an issue (JATS 1.3, a Crossref 5.3.1 deposit), the
 * journal's sitemap and the site's robots.txt. No official XSD ships with the tests (none is on npm and the network
 * is closed): the files are parsed, checked well-formed, and their required elements asserted (decision 0035).
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) =>
    ['journal_article', 'person_name', 'url', 'sitemap', 'full_title', 'issn', 'contrib'].includes(name),
});
const parse = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
};

let app: TestApp;
let journal: typeof journals.$inferSelect;
let issue: typeof issues.$inferSelect;
let pressIssue: typeof issues.$inferSelect;
let papers: (typeof archivedPapers.$inferSelect)[];

beforeAll(async () => {
  app = await buildTestApp();
  const { db } = app.deps;
  [journal] = (await db.select().from(journals).where(eq(journals.slug, 'general'))) as [typeof journal];
  [issue] = (await db
    .select()
    .from(issues)
    .where(and(eq(issues.journalId, journal.id), eq(issues.status, 1)))
    .orderBy(asc(issues.id))
    .limit(1)) as [typeof issue];
  [pressIssue] = (await db
    .select()
    .from(issues)
    .where(and(eq(issues.journalId, journal.id), eq(issues.status, 0)))) as [typeof pressIssue];
  papers = await db
    .select()
    .from(archivedPapers)
    .where(eq(archivedPapers.issueId, issue.id))
    .orderBy(asc(archivedPapers.orderInIssue));
});

afterAll(async () => {
  await app?.close();
});

const exportUrl = (issueId: number, kind: 'jats' | 'crossref') =>
  `/api/journals/general/issues/${issueId}/export/${kind}`;

describe('the issue as JATS 1.3', () => {
  it('is a zip of one JATS article per paper, with its front matter', async () => {
    const editor = await app.signedIn('editor@general.test');
    const answer = await editor.get(exportUrl(issue.id, 'jats'));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(String(answer.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.zip"$/);
    const files = unzipSync(new Uint8Array(answer.raw));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(papers.length);
    for (const [index, paper] of papers.entries()) {
      const xml = strFromU8(files[names[index]!]!);
      expect(xml).toContain('<!DOCTYPE article PUBLIC "-//NLM//DTD JATS (Z39.96) Journal Publishing DTD v1.3');
      const article = parse(xml).article;
      expect(article['@dtd-version']).toBe('1.3');
      const journalMeta = article.front['journal-meta'];
      expect(journalMeta['journal-title-group']['journal-title']['#text']).toBeTruthy();
      const issns = journalMeta.issn.map((issn: Record<string, string>) => [
        issn['@publication-format'],
        issn['#text'],
      ]);
      expect(issns).toEqual(
        [
          ['print', journal.printIssn],
          ['electronic', journal.onlineIssn],
        ].filter(([, value]) => value),
      );
      const meta = article.front['article-meta'];
      const titles = meta['title-group'];
      const both = [titles['article-title'], titles['trans-title-group']].filter(Boolean);
      for (const title of both) expect(['en', 'ar']).toContain(title['@xml:lang']);
      expect(meta.volume).toBe(String(issue.volume));
      expect(meta.issue).toBe(issue.issue);
      expect(meta.fpage).toBe(String(paper.fromPage));
      expect(meta.lpage).toBe(String(paper.toPage));
      const ids = [meta['article-id']].flat().map((id: Record<string, string>) => [id['@pub-id-type'], id['#text']]);
      if (paper.doi) expect(ids).toContainEqual(['doi', paper.doi]);
      expect(meta['pub-date']['@iso-8601-date']).toBe(paper.publishDate);
      expect(meta['contrib-group'].contrib).toHaveLength(1 + paper.jointAuthors.length);
      if (paper.abstractEn || paper.abstractAr) expect(meta.abstract['@xml:lang']).toMatch(/^(en|ar)$/);
      if (paper.abstractEn && paper.abstractAr) expect(meta['trans-abstract']).toBeDefined();
    }
  });

  it('is for the editors with the editor panel: 401 signed out, 403 others, 404 another journal’s issue', async () => {
    expect((await app.client().get(exportUrl(issue.id, 'jats'))).status).toBe(401);
    expect((await (await app.signedIn('researcher@general.test')).get(exportUrl(issue.id, 'jats'))).status).toBe(403);
    expect((await (await app.signedIn('editor@ethics.test')).get(exportUrl(issue.id, 'jats'))).status).toBe(403);
    const missing = await (await app.signedIn('editor@general.test')).get(exportUrl(999999, 'jats'));
    expect(missing.status).toBe(404);
    expect(missing.body.messageKey).toBe('harvesting.issueNotFound');
  });
});

describe('the issue as a Crossref 5.3.1 deposit', () => {
  it('has the head, the journal, the issue and an article per paper with a DOI', async () => {
    const editor = await app.signedIn('editor@general.test');
    const answer = await editor.get(exportUrl(issue.id, 'crossref'));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    expect(String(answer.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.xml"$/);
    const batch = parse(answer.raw.toString()).doi_batch;
    expect(batch['@xmlns']).toBe('http://www.crossref.org/schema/5.3.1');
    expect(batch['@version']).toBe('5.3.1');
    expect(batch.head.doi_batch_id).toBeTruthy();
    expect(batch.head.timestamp).toMatch(/^\d{14,17}$/);
    expect(batch.head.depositor).toEqual({
      depositor_name: journal.depositorName,
      email_address: journal.depositorEmail,
    });
    expect(batch.head.registrant).toBeTruthy();
    const body = batch.body.journal;
    expect(body.journal_metadata.full_title.length).toBeGreaterThan(0);
    expect(body.journal_issue.journal_volume.volume).toBe(String(issue.volume));
    expect(body.journal_issue.issue).toBe(issue.issue);
    const withDoi = papers.filter((paper) => paper.doi);
    expect(body.journal_article).toHaveLength(withDoi.length);
    for (const [index, article] of body.journal_article.entries()) {
      const paper = withDoi[index]!;
      expect(article.titles.title).toBe(paper.titleEn || paper.titleAr);
      expect(article.contributors.person_name).toHaveLength(1 + paper.jointAuthors.length);
      expect(article.contributors.person_name[0]['@sequence']).toBe('first');
      for (const person of article.contributors.person_name) expect(person.surname).toBeTruthy();
      const [year, month, day] = paper.publishDate!.split('-');
      expect(article.publication_date).toMatchObject({ year, month, day });
      expect(article.pages).toEqual({ first_page: String(paper.fromPage), last_page: String(paper.toPage) });
      expect(article.doi_data).toEqual({
        doi: paper.doi,
        resource: `http://journals.test/general/archive/papers/${paper.paperId}`,
      });
    }
  });

  it('is refused with a message when the journal names no depositor, or no paper has a DOI', async () => {
    const editor = await app.signedIn('editor@general.test');
    const { db } = app.deps;
    await db.update(journals).set({ depositorEmail: '' }).where(eq(journals.id, journal.id));
    try {
      const answer = await editor.get(exportUrl(issue.id, 'crossref'));
      expect(answer.status).toBe(409);
      expect(answer.body.messageKey).toBe('harvesting.noDepositor');
    } finally {
      await db.update(journals).set({ depositorEmail: journal.depositorEmail }).where(eq(journals.id, journal.id));
    }
    const withDoi = await db
      .select({ id: archivedPapers.paperId, doi: archivedPapers.doi })
      .from(archivedPapers)
      .where(and(eq(archivedPapers.issueId, pressIssue.id), isNotNull(archivedPapers.doi)));
    await db.update(archivedPapers).set({ doi: null }).where(eq(archivedPapers.issueId, pressIssue.id));
    try {
      const answer = await editor.get(exportUrl(pressIssue.id, 'crossref'));
      expect(answer.status).toBe(409);
      expect(answer.body.messageKey).toBe('harvesting.noDoi');
      editor.language = 'ar';
      expect((await editor.get(exportUrl(pressIssue.id, 'crossref'))).body.message).toMatch(/[\u0600-\u06ff]/);
    } finally {
      for (const row of withDoi) {
        await db.update(archivedPapers).set({ doi: row.doi }).where(eq(archivedPapers.paperId, row.id));
      }
    }
  });
});

describe('the sitemap and robots.txt', () => {
  it('lists the home, the archive, every published issue and paper with their last change, none in press', async () => {
    const answer = await app.client().get('/general/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    const urls: { loc: string; lastmod?: string }[] = parse(answer.raw.toString()).urlset.url;
    const locs = urls.map((url) => url.loc);
    const { db } = app.deps;
    const publishedIssues = await db
      .select()
      .from(issues)
      .where(and(eq(issues.journalId, journal.id), eq(issues.status, 1)));
    const rows = await db.select().from(archivedPapers).where(eq(archivedPapers.journalId, journal.id));
    expect(locs.slice(0, 2)).toEqual(['http://journals.test/general/', 'http://journals.test/general/archive']);
    for (const row of publishedIssues) {
      expect(locs).toContain(`http://journals.test/general/archive/vol-${row.volume}-i-${row.issue}`);
    }
    expect(locs).not.toContain(`http://journals.test/general/archive/vol-${pressIssue.volume}-i-${pressIssue.issue}`);
    for (const row of rows) {
      const loc = `http://journals.test/general/archive/papers/${row.paperId}`;
      if (row.published) expect(locs).toContain(loc);
      else expect(locs).not.toContain(loc);
    }
    expect(locs).toHaveLength(2 + publishedIssues.length + rows.filter((row) => row.published).length);
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect((await app.client().get('/general/sitemap.xml?part=2')).status).toBe(404);
    expect((await app.client().get('/no-such-journal/sitemap.xml')).status).toBe(404);
  });

  it('is made in four statements whatever the journal’s size (the journal twice, its issues, its papers)', async () => {
    const n = await countStatements(app, () => app.client().get('/general/sitemap.xml'));
    expect(n).toBeLessThanOrEqual(4);
  });

  it('becomes an index of parts past the limit of one file', () => {
    const addresses = Array.from({ length: 5 }, (_, n) => ({ loc: `http://x.test/${n}`, lastmod: new Date(n * 1000) }));
    const index = parser.parse(sitemapXml(addresses, 'http://x.test/j/sitemap.xml', undefined, 2)!).sitemapindex;
    expect(index.sitemap.map((part: { loc: string }) => part.loc)).toEqual([
      'http://x.test/j/sitemap.xml?part=1',
      'http://x.test/j/sitemap.xml?part=2',
      'http://x.test/j/sitemap.xml?part=3',
    ]);
    const third = parser.parse(sitemapXml(addresses, 'http://x.test/j/sitemap.xml', 3, 2)!).urlset.url;
    expect(third.map((url: { loc: string }) => url.loc)).toEqual(['http://x.test/4']);
    expect(sitemapXml(addresses, 'http://x.test/j/sitemap.xml', 4, 2)).toBeNull();
  });

  it('robots.txt lets indexers fetch the final PDFs, keeps them out of the rest of the API, names every sitemap', async () => {
    const answer = await app.client().get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const text = answer.raw.toString();
    const rules = [...text.matchAll(/^(Allow|Disallow): (.+)$/gm)].map(([, kind, path]) => ({ kind, path: path! }));
    // RFC 9309 §2.2.2: the longest matching rule decides; `*` matches any characters.
    const allowed = (path: string) => {
      const matching = rules.filter(({ path: rule }) =>
        new RegExp(`^${rule.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}`).test(path),
      );
      matching.sort((a, b) => b.path.length - a.path.length);
      return matching[0]?.kind !== 'Disallow';
    };
    expect(allowed(`/api/journals/general/archive/papers/${papers[0]!.paperId}/pdf`)).toBe(true);
    expect(allowed('/general/archive')).toBe(true);
    expect(allowed('/api/journals/general/me')).toBe(false);
    expect(allowed('/general/dashboard/')).toBe(false);
    const slugs = (await app.deps.db.select({ slug: journals.slug }).from(journals)).map((row) => row.slug);
    for (const slug of slugs) expect(text).toContain(`Sitemap: http://journals.test/${slug}/sitemap.xml`);
  });
});
