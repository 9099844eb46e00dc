import { PAPER_STATUS } from '@journals/core/enums';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, journals, paperAuthors, papers, users } from '../src/db/schema';
import { exported, imported } from './exports-setup';
import { expectError, type TestClient } from './harness';
import { assign, createIssue } from './issues-setup';
import { multipartForm, paperBody } from './papers';
import { app, G, generalSpec, researcher, useSubmissionsApp } from './submissions-setup';

/**
 * Authors' ORCID iDs in the record (issue 46 §3, decision 0085): the wizard and the archive form take an optional iD
 * (checksum checked, bare or as its URL), an author who is the paper's creator carries the iD of their ORCID sign-in
 * marked authenticated (never on a client's word), and the published paper carries the iDs to its public page, JATS,
 * OAI-PMH and the Crossref deposit.
 */

useSubmissionsApp();

const OWN = '0000-0002-1825-0097';
const TYPED = '0000-0002-1694-233X';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });

let owner: Awaited<ReturnType<typeof researcher>>;
let editor: TestClient;

const author = (name: string, email: string, extra: Record<string, unknown> = {}) => ({
  fullName: name,
  email,
  phone: `+2010${Math.floor(Math.random() * 1e8)}`,
  workPlace: 'Cairo University',
  isMain: false,
  ...extra,
});

const storedAuthors = async (paperId: number) =>
  app.deps.db
    .select({
      fullName: paperAuthors.fullName,
      orcid: paperAuthors.orcid,
      authenticated: paperAuthors.orcidAuthenticated,
    })
    .from(paperAuthors)
    .where(eq(paperAuthors.paperId, paperId))
    .orderBy(paperAuthors.position);

beforeAll(async () => {
  owner = await researcher();
  // The account signed in with ORCID (the linking flow itself: orcid-linking.test).
  await app.deps.db.update(users).set({ orcid: OWN }).where(eq(users.id, owner.userId));
  editor = await app.signedIn('editor@general.test');
});

describe('the wizard', () => {
  it('refuses a wrong iD with its translated reason, for the field it is in', async () => {
    owner.client.language = 'ar';
    const body = paperBody(generalSpec, {
      authors: [
        author('Huda Main', owner.email, { isMain: true }),
        author('Omar Second', 'omar@example.org', { orcid: '0000-0002-1825-0098' }),
        author('Lina Third', 'lina@example.org', { orcid: '1234' }),
      ],
    });
    const refused = await owner.client.post(G, body);
    expectError(refused, 400, 'validation', 'errors.validation');
    expect(refused.body.errors).toMatchObject({
      'Authors[1].orcid': ['validation.orcid_checksum'],
      'Authors[2].orcid': ['validation.valid_orcid'],
    });
    owner.client.language = 'en';
  });

  it('stores an iD given as its URL bare; only the creator’s own iD is authenticated, whatever the client says', async () => {
    const body = paperBody(generalSpec, {
      authors: [
        // The creator's row: the account's iD, whatever the form typed.
        author('Huda Main', owner.email, { isMain: true, orcid: '' }),
        author('Omar Second', 'omar@example.org', { orcid: `https://orcid.org/${TYPED.toLowerCase()}` }),
        author('Lina Third', 'lina@example.org', { orcid: OWN, orcidAuthenticated: true }),
      ],
    });
    const created = await owner.client.post(G, body);
    expect(created.status).toBe(201);
    expect(await storedAuthors(created.body.id)).toEqual([
      { fullName: 'Huda Main', orcid: OWN, authenticated: true },
      { fullName: 'Omar Second', orcid: TYPED, authenticated: false },
      { fullName: 'Lina Third', orcid: OWN, authenticated: false },
    ]);
    const page = await owner.client.get(`${G}/${created.body.id}`);
    expect(page.body.authors.map((a: Record<string, unknown>) => [a.fullName, a.orcid, a.orcidAuthenticated])).toEqual([
      ['Huda Main', OWN, true],
      ['Omar Second', TYPED, false],
      ['Lina Third', OWN, false],
    ]);
  });
});

describe('a published paper', () => {
  let paperId: number;
  let issueId: number;

  beforeAll(async () => {
    const created = await owner.client.post(
      G,
      paperBody(generalSpec, {
        title_of_the_work: 'Sleep and memory of nurses',
        authors: [
          author('Huda Main', owner.email, { isMain: true }),
          author('Omar Second', 'omar@example.org', { orcid: TYPED }),
          author('Lina Third', 'lina@example.org'),
        ],
      }),
    );
    paperId = created.body.id;
    // The review itself is another feature's: the paper is accepted as the editor's final decision leaves it.
    await app.deps.db
      .update(papers)
      .set({ status: PAPER_STATUS.accepted, code: `ORC.${paperId}`, submittedAt: new Date(), uploadPaid: true })
      .where(eq(papers.id, paperId));
    await app.deps.db
      .update(journals)
      .set({ depositorName: 'General', depositorEmail: 'doi@general.test', doiPrefix: '10.5555' })
      .where(eq(journals.slug, 'general'));
    issueId = await createIssue(editor, { issue: '3' });
    const placed = await assign(editor, issueId, {
      paperId,
      orderInIssue: 1,
      fromPage: 1,
      toPage: 9,
      doi: '10.5555/orcid.1',
    });
    expect(placed.status).toBe(201);
    expect((await editor.post(`/api/journals/general/issues/${issueId}/publish`)).status).toBe(200);
  });

  it('keeps the authors’ iDs in the archive, the creator’s authenticated', async () => {
    const [row] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, paperId));
    expect(row).toMatchObject({
      correspondingAuthor: 'Huda Main',
      correspondingAuthorOrcid: OWN,
      correspondingAuthorOrcidAuthenticated: true,
      jointAuthors: ['Omar Second', 'Lina Third'],
      jointAuthorOrcids: [TYPED, ''],
      jointAuthorOrcidsAuthenticated: [false, false],
    });
  });

  it('shows each author with their iD on the public paper', async () => {
    const answer = await app.client().get(`/api/journals/general/archive/papers/${paperId}`);
    expect(answer.body.authors).toEqual([
      { name: 'Huda Main', corresponding: true, orcid: OWN, orcidAuthenticated: true },
      { name: 'Omar Second', corresponding: false, orcid: TYPED, orcidAuthenticated: false },
      { name: 'Lina Third', corresponding: false, orcid: null, orcidAuthenticated: false },
    ]);
  });

  it('carries the iDs in JATS (contrib-id) and in OAI-PMH', async () => {
    const zip = await editor.get(`/api/journals/general/issues/${issueId}/export/jats`);
    const [xml] = Object.values(unzipSync(new Uint8Array(zip.raw))).map((bytes) => strFromU8(bytes));
    const contribs = parser.parse(xml!).article.front['article-meta']['contrib-group'].contrib;
    expect(contribs.map((c: Record<string, any>) => [c['string-name'], c['contrib-id']])).toEqual([
      ['Huda Main', { '#text': `https://orcid.org/${OWN}`, '@contrib-id-type': 'orcid', '@authenticated': 'true' }],
      [
        'Omar Second',
        { '#text': `https://orcid.org/${TYPED}`, '@contrib-id-type': 'orcid', '@authenticated': 'false' },
      ],
      ['Lina Third', undefined],
    ]);

    const oai = await app
      .client()
      .get(
        `/api/journals/general/oai?verb=GetRecord&metadataPrefix=jats&identifier=oai:journals.test:general/${paperId}`,
      );
    const record = parser.parse(oai.body)['OAI-PMH'].GetRecord.record.metadata.article;
    const harvested = record.front['article-meta']['contrib-group'].contrib;
    expect(harvested[0]['contrib-id']['#text']).toBe(`https://orcid.org/${OWN}`);
    expect(harvested[1]['contrib-id']['@authenticated']).toBe('false');
  });

  it('carries the iDs in the Crossref deposit, after the name, with authenticated', async () => {
    const deposit = await editor.get(`/api/journals/general/issues/${issueId}/export/crossref`);
    expect(deposit.status).toBe(200);
    const text = deposit.raw.toString();
    // Crossref 5.3.1 puts ORCID after the name (and affiliations), last in person_name.
    expect(text).toMatch(
      new RegExp(
        `<surname>Main</surname>\\s*<ORCID authenticated="true">https://orcid.org/${OWN}</ORCID>\\s*</person_name>`,
      ),
    );
    const article = parser.parse(text).doi_batch.body.journal.journal_article;
    const people = article.contributors.person_name;
    expect(
      people.map((p: Record<string, any>) => [p.surname, p.ORCID?.['@authenticated'], p.ORCID?.['#text']]),
    ).toEqual([
      ['Main', 'true', `https://orcid.org/${OWN}`],
      ['Second', 'false', `https://orcid.org/${TYPED}`],
      ['Third', undefined, undefined],
    ]);
  });
  it('an import keeps the iDs its source gives (the issue’s JATS read into another journal), not authenticated', async () => {
    const admin = await app.signedIn('admin@platform.test');
    const made = await admin.post('/api/journals/general/platform/journals', {
      slug: 'orcid-copy',
      titleEn: 'Journal orcid-copy',
      titleAr: 'مجلة نسخة',
      defaultLanguage: 'en',
      managerEmail: 'manager.orcid-copy@example.org',
      managerName: 'Rania Fawzi',
    });
    expect(made.status).toBe(201);
    const zip = await editor.get(`/api/journals/general/issues/${issueId}/export/jats`);
    const { done } = await imported(admin, 'orcid-copy', 'jats', 'issue-jats.zip', zip.raw, 'skip');
    expect(done.state).toBe('done');
    const [copy] = await app.deps.db
      .select({ paper: archivedPapers })
      .from(archivedPapers)
      .innerJoin(journals, eq(journals.id, archivedPapers.journalId))
      .where(eq(journals.slug, 'orcid-copy'));
    expect(copy!.paper).toMatchObject({
      correspondingAuthor: 'Huda Main',
      correspondingAuthorOrcid: OWN,
      correspondingAuthorOrcidAuthenticated: false,
      jointAuthors: ['Omar Second', 'Lina Third'],
      jointAuthorOrcids: [TYPED, ''],
    });
    expect(await storedAuthors(copy!.paper.paperId)).toEqual([
      { fullName: 'Huda Main', orcid: OWN, authenticated: false },
      { fullName: 'Omar Second', orcid: TYPED, authenticated: false },
      { fullName: 'Lina Third', orcid: null, authenticated: false },
    ]);
  });
  it('the journal’s OJS Native XML export gives each author their iD after the e-mail', async () => {
    const admin = await app.signedIn('admin@platform.test');
    const { view, download } = await exported(admin, 'general', 'ojs');
    expect(view.state).toBe('done');
    const xml = download.raw.toString();
    const article = xml.slice(xml.indexOf('Sleep and memory of nurses'));
    const authors = article.slice(article.indexOf('<authors>'), article.indexOf('</authors>'));
    expect(authors).toContain(`<email>${owner.email}</email><orcid>https://orcid.org/${OWN}</orcid></author>`);
    expect(authors).toContain(`<email>omar@example.org</email><orcid>https://orcid.org/${TYPED}</orcid></author>`);
    expect(authors).toContain('<email>lina@example.org</email></author>');
  });

  /** The archive form as the screen sends it, for this paper. */
  const archiveForm = (overrides: Record<string, unknown>) => ({
    paperType: 1,
    titleEn: 'Sleep and memory of nurses',
    titleAr: '',
    subtitle: '',
    abstractEn: Array.from({ length: 30 }, () => 'sleep').join(' '),
    abstractAr: '',
    correspondingAuthor: 'Huda Main',
    jointAuthors: ['Omar Second', 'Lina Third'],
    correspondingAuthorOrcid: OWN,
    jointAuthorOrcids: [TYPED, ''],
    specializationIds: [generalSpec],
    keywords: ['sleep'],
    fromPage: '1',
    toPage: '9',
    orderInIssue: '1',
    // The copy made by the import above holds the DOI now.
    doi: '',
    ...overrides,
  });
  const saveArchived = (body: Record<string, unknown>) => {
    const { payload, headers } = multipartForm({ paper: JSON.stringify(body) });
    return editor.request('PUT', `/api/journals/general/archive-management/papers/${paperId}`, payload, headers);
  };

  it('the archive form refuses a wrong iD with its reason and stores a good one bare, never authenticated', async () => {
    editor.language = 'ar';
    const refused = await saveArchived(archiveForm({ jointAuthorOrcids: [TYPED, '0000-0002-1825-0098'] }));
    expectError(refused, 400, 'validation', 'errors.validation', {
      'JointAuthorOrcids[1]': ['validation.orcid_checksum'],
    });
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    editor.language = 'en';

    const third = '0000-0001-5109-3700';
    const saved = await saveArchived(
      archiveForm({
        // The editor moves Lina first and gives her an iD; the form cannot claim it authenticated.
        jointAuthors: ['Lina Third', '', 'Omar Second'],
        jointAuthorOrcids: [`https://orcid.org/${third}`, TYPED, TYPED],
        jointAuthorOrcidsAuthenticated: [true, true, true],
        correspondingAuthorOrcidAuthenticated: false,
      }),
    );
    expect(saved.status).toBe(200);
    const form = (await editor.get(`/api/journals/general/archive-management/papers/${paperId}`)).body;
    expect(form).toMatchObject({
      correspondingAuthorOrcid: OWN,
      // Kept authenticated: the paper held this iD from the author's own ORCID sign-in.
      correspondingAuthorOrcidAuthenticated: true,
      jointAuthors: ['Lina Third', 'Omar Second'],
      jointAuthorOrcids: [third, TYPED],
      jointAuthorOrcidsAuthenticated: [false, false],
    });
  });

  it('an iD an editor types in place of the authenticated one is not authenticated', async () => {
    const typed = await saveArchived(archiveForm({ correspondingAuthorOrcid: TYPED, jointAuthorOrcids: ['', ''] }));
    expect(typed.status).toBe(200);
    const [row] = await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, paperId));
    expect(row).toMatchObject({ correspondingAuthorOrcid: TYPED, correspondingAuthorOrcidAuthenticated: false });
  });
});
