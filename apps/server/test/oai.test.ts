import { and, eq, sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, issues, journals, papers } from '../src/db/schema';
import { OAI_PAGE_SIZE } from '../src/features/harvesting/oai-pmh';
import { buildTestApp, countStatements, type TestApp } from './harness';

/**
 * OAI-PMH 2.0 as a harvester sees it: a harvester written here walks every record of the journal through the
 * resumption tokens, and every error code of the protocol is asked for.
 */

const BASE = '/api/journals/general/oai';
const EXTRA = OAI_PAGE_SIZE * 2 + 30;
const LISTS = [
  'record',
  'header',
  'set',
  'metadataFormat',
  'dc:title',
  'dc:creator',
  'dc:identifier',
  'dc:description',
];
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => LISTS.includes(name),
});

let app: TestApp;
let journalId: number;
let published: number[];
let inPress: number[];
/** The day the data was written (a run may cross midnight UTC before the datestamp test). */
let writtenOn: string;

type Doc = Record<string, any>;

async function oai(query: string): Promise<Doc> {
  const answer = await app.client().get(`${BASE}?${query}`);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/xml/);
  const xml = answer.raw.toString();
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml)['OAI-PMH'];
}

const errorOf = (doc: Doc) => doc.error?.['@code'];

/** Every identifier of a list, following the resumption tokens; checks each part's cursor and list size. */
async function harvest(verb: 'ListRecords' | 'ListIdentifiers', args: string, size = published.length) {
  const seen: string[] = [];
  let query = `verb=${verb}&${args}`;
  let parts = 0;
  for (;;) {
    const doc = await oai(query);
    expect(errorOf(doc)).toBeUndefined();
    const list = doc[verb];
    const items: Doc[] = verb === 'ListRecords' ? list.record : list.header;
    const headers = verb === 'ListRecords' ? items.map((record) => record.header[0]) : items;
    expect(items.length).toBeLessThanOrEqual(OAI_PAGE_SIZE);
    const token = list.resumptionToken;
    if (token !== undefined) {
      expect(Number(token['@cursor'])).toBe(seen.length);
      expect(Number(token['@completeListSize'])).toBe(size);
    }
    seen.push(...headers.map((header) => header.identifier));
    parts += 1;
    const next = typeof token === 'object' ? token['#text'] : token;
    if (!next) break;
    query = `verb=${verb}&resumptionToken=${encodeURIComponent(next)}`;
  }
  return { seen, parts, records: [] as Doc[] };
}

const idOf = (identifier: string) => Number(identifier.split('/').at(-1));

beforeAll(async () => {
  writtenOn = new Date().toISOString().slice(0, 10);
  app = await buildTestApp();
  const { db } = app.deps;
  const [journal] = await db.select().from(journals).where(eq(journals.slug, 'general'));
  journalId = journal!.id;
  // An issue large enough that a list comes in three parts.
  const [issue] = await db
    .insert(issues)
    .values({
      journalId,
      issue: '1',
      volume: 9,
      publishMonth: '01 2026',
      publishDate: '2026-01-15',
      status: 1,
      publishedAt: new Date('2026-01-15T08:00:00Z'),
    })
    .returning();
  const rows = await db
    .insert(papers)
    .values(
      Array.from({ length: EXTRA }, (_, n) => ({
        journalId,
        code: `OAI.${n}`,
        title: `Harvested paper ${n}`,
        status: 7,
        issueId: issue!.id,
      })),
    )
    .returning({ id: papers.id });
  await db.insert(archivedPapers).values(
    rows.map((row, n) => ({
      paperId: row.id,
      journalId,
      issueId: issue!.id,
      published: true,
      publishDate: '2026-01-15',
      orderInIssue: n + 1,
      fromPage: n * 10 + 1,
      toPage: n * 10 + 9,
      titleEn: `Harvested paper ${n}`,
      titleAr: n % 2 ? `بحث محصود ${n}` : '',
      abstractEn: `An abstract & <its> words ${n}.`,
      correspondingAuthor: `Author ${n}`,
      jointAuthors: [`Second Author ${n}`],
      keywords: ['harvest'],
    })),
  );
  const all = await db
    .select({ id: archivedPapers.paperId, published: archivedPapers.published })
    .from(archivedPapers)
    .where(eq(archivedPapers.journalId, journalId));
  published = all.filter((row) => row.published).map((row) => row.id);
  inPress = all.filter((row) => !row.published).map((row) => row.id);
});

afterAll(async () => {
  await app?.close();
});

describe('a harvester walking the journal', () => {
  it('has in-press papers in the data to keep out', () => {
    expect(inPress.length).toBeGreaterThan(0);
    expect(published.length).toBeGreaterThan(EXTRA);
  });

  it.each(['ListRecords', 'ListIdentifiers'] as const)(
    'gets every published record once through the resumption tokens (%s)',
    async (verb) => {
      for (const prefix of ['oai_dc', 'jats']) {
        const { seen, parts } = await harvest(verb, `metadataPrefix=${prefix}`);
        expect(parts).toBe(Math.ceil(published.length / OAI_PAGE_SIZE));
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.map(idOf).sort((a, b) => a - b)).toEqual([...published].sort((a, b) => a - b));
        for (const id of inPress) expect(seen.map(idOf)).not.toContain(id);
      }
    },
  );

  it('narrows a list to a set (an issue) and to from/until datestamps', async () => {
    const { seen } = await harvest('ListIdentifiers', 'metadataPrefix=oai_dc&set=vol-9-i-1', EXTRA);
    expect(seen).toHaveLength(EXTRA);
    const future = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&from=2999-01-01');
    expect(errorOf(future)).toBe('noRecordsMatch');
    const past = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&until=2000-01-01T00:00:00Z');
    expect(errorOf(past)).toBe('noRecordsMatch');
    const today = new Date().toISOString().slice(0, 10);
    // The rows written by this test and the seeded ones changed between the start of the run and today.
    const sinceToday = await harvest('ListIdentifiers', `metadataPrefix=oai_dc&from=${writtenOn}&until=${today}`);
    expect(sinceToday.seen).toHaveLength(published.length);
  });

  it('answers a record in Dublin Core and in JATS, with both titles in their languages', async () => {
    const id = published.at(-1)!;
    const identifier = `oai:journals.test:general/${id}`;
    const dc = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier}`);
    const record = dc.GetRecord.record[0];
    expect(record.header[0].identifier).toBe(identifier);
    expect(record.header[0].setSpec).toBe('vol-9-i-1');
    expect(record.header[0].datestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const meta = record.metadata['oai_dc:dc'];
    const titles = meta['dc:title'].map((title: Doc) => [title['@xml:lang'], title['#text']]);
    expect(titles).toEqual([
      ['en', `Harvested paper ${EXTRA - 1}`],
      ['ar', `بحث محصود ${EXTRA - 1}`],
    ]);
    expect(meta['dc:creator']).toEqual([`Author ${EXTRA - 1}`, `Second Author ${EXTRA - 1}`]);
    expect(meta['dc:identifier']).toContain(`http://journals.test/general/archive/papers/${id}`);
    expect(meta['dc:description'][0]['#text']).toBe(`An abstract & <its> words ${EXTRA - 1}.`);

    const jats = await oai(`verb=GetRecord&metadataPrefix=jats&identifier=${identifier}`);
    const article = jats.GetRecord.record[0].metadata.article;
    expect(article['@xmlns']).toBe('');
    const articleMeta = article.front['article-meta'];
    expect(articleMeta['title-group']['article-title']['#text']).toBe(`Harvested paper ${EXTRA - 1}`);
    expect(articleMeta['title-group']['trans-title-group']['@xml:lang']).toBe('ar');
    expect(articleMeta.fpage).toBe(String((EXTRA - 1) * 10 + 1));
    expect(articleMeta.lpage).toBe(String((EXTRA - 1) * 10 + 9));
    expect(articleMeta.volume).toBe('9');
    expect(articleMeta.issue).toBe('1');
  });

  it('says who it is, its formats and its sets (published issues only)', async () => {
    const identify = (await oai('verb=Identify')).Identify;
    expect(identify.baseURL).toBe(`http://journals.test${BASE}`);
    expect(identify.protocolVersion).toBe('2.0');
    expect(identify.deletedRecord).toBe('no');
    expect(identify.granularity).toBe('YYYY-MM-DDThh:mm:ssZ');
    const formats = (await oai('verb=ListMetadataFormats')).ListMetadataFormats.metadataFormat;
    expect(formats.map((format: Doc) => format.metadataPrefix)).toEqual(['oai_dc', 'jats']);
    const sets = (await oai('verb=ListSets')).ListSets.set.map((set: Doc) => set.setSpec);
    const publishedIssues = await app.deps.db
      .select({ volume: issues.volume, issue: issues.issue })
      .from(issues)
      .where(and(eq(issues.journalId, journalId), eq(issues.status, 1)));
    expect(sets.sort()).toEqual(publishedIssues.map((row) => `vol-${row.volume}-i-${row.issue}`).sort());
    const [pressIssue] = await app.deps.db
      .select({ volume: issues.volume, issue: issues.issue })
      .from(issues)
      .where(and(eq(issues.journalId, journalId), eq(issues.status, 0)));
    expect(sets).not.toContain(`vol-${pressIssue!.volume}-i-${pressIssue!.issue}`);
  });

  it('answers a page of a list in three statements whatever the journal’s size', async () => {
    const n = await countStatements(app, () => app.client().get(`${BASE}?verb=ListRecords&metadataPrefix=jats`));
    expect(n).toBeLessThanOrEqual(3);
  });
});

describe('the protocol’s errors', () => {
  const token = Buffer.from('{"verb":"ListRecords"}').toString('base64url');
  it.each([
    ['', 'badVerb'],
    ['verb=Harvest', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=Identify&extra=1', 'badArgument'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=jats', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-13-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01&until=2026-01-01T00:00:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-02-01&until=2026-01-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=x', 'badArgument'],
    ['verb=GetRecord&identifier=oai:journals.test:general/1', 'badArgument'],
    ['verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken'],
    [`verb=ListRecords&resumptionToken=${token}`, 'badResumptionToken'],
    ['verb=ListSets&resumptionToken=abc', 'badResumptionToken'],
    ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    ['verb=GetRecord&metadataPrefix=mods&identifier=oai:journals.test:general/1', 'cannotDisseminateFormat'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:journals.test:general/999999', 'idDoesNotExist'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere.test:general/1', 'idDoesNotExist'],
    ['verb=ListMetadataFormats&identifier=nothing', 'idDoesNotExist'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=vol-99-i-1', 'noRecordsMatch'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=no-such-set', 'noRecordsMatch'],
  ])('%s → %s', async (query, code) => {
    const doc = await oai(query);
    expect(errorOf(doc)).toBe(code);
    if (code === 'badVerb' || code === 'badArgument') expect(doc.request).toBe(`http://journals.test${BASE}`);
  });

  /** A token as this repository writes one (its fields in order), with values it never writes. */
  const handMade = (fields: Record<string, unknown>) =>
    Buffer.from(
      JSON.stringify({ verb: 'ListRecords', prefix: 'oai_dc', ...fields, after: 0, cursor: 0, size: 1, ...fields }),
    ).toString('base64url');
  it.each([
    ['a set that is not one of its sets', { set: 'no-such-set' }],
    ['a set that only starts like one', { set: 'vol-9-i-1x' }],
    ['a paper past the largest id', { after: 2 ** 40 }],
    ['a moment no date has', { from: 8.64e15 + 1 }],
    ['a moment before the first year', { before: Date.UTC(-1, 0, 1) }],
  ])('a hand-made resumption token with %s is a badResumptionToken, never a 500', async (_case, fields) => {
    const answer = await app.client().get(`${BASE}?verb=ListRecords&resumptionToken=${handMade(fields)}`);
    expect(answer.status).toBe(200);
    const doc = parser.parse(answer.raw.toString())['OAI-PMH'];
    expect(errorOf(doc)).toBe('badResumptionToken');
    expect(doc.error['#text']).toBe('The resumption token is not one this repository gave, or not for this verb.');
  });

  it('a from or until in year 0000 is a badArgument, as its token would be', async () => {
    for (const query of ['from=0000-01-01', 'until=0000-12-31T00:00:00Z']) {
      const doc = await oai(`verb=ListRecords&metadataPrefix=oai_dc&${query}`);
      expect(errorOf(doc)).toBe('badArgument');
    }
  });

  it('a resumption token of one verb is refused by the other', async () => {
    const first = await oai('verb=ListRecords&metadataPrefix=oai_dc');
    const next = first.ListRecords.resumptionToken['#text'];
    const doc = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(next)}`);
    expect(errorOf(doc)).toBe('badResumptionToken');
  });

  it('an in-press paper does not exist for a harvester', async () => {
    for (const id of inPress) {
      const doc = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:journals.test:general/${id}`);
      expect(errorOf(doc)).toBe('idDoesNotExist');
    }
  });

  it('a journal without published issues has no sets', async () => {
    await app.deps.db.execute(
      sql`insert into journals (slug, title_ar, title_en) values ('empty-oai', 'فارغة', 'Empty')`,
    );
    const answer = await app.client().get('/api/journals/empty-oai/oai?verb=ListSets');
    expect(parser.parse(answer.raw.toString())['OAI-PMH'].error['@code']).toBe('noSetHierarchy');
    const records = await app.client().get('/api/journals/empty-oai/oai?verb=ListRecords&metadataPrefix=oai_dc');
    expect(parser.parse(records.raw.toString())['OAI-PMH'].error['@code']).toBe('noRecordsMatch');
  });

  it('answers the POST form as it answers GET, without a session or CSRF token', async () => {
    const form = 'verb=ListIdentifiers&metadataPrefix=oai_dc&set=vol-9-i-1';
    // No CSRF header, as a harvester sends none.
    const posted = await app.client().request('POST', BASE, form, {
      'content-type': 'application/x-www-form-urlencoded',
      'x-csrf-token': undefined,
    });
    expect(posted.status).toBe(200);
    const doc = parser.parse(posted.raw.toString())['OAI-PMH'];
    const got = (await oai(form)).ListIdentifiers.header.map((header: Doc) => header.identifier);
    expect(doc.ListIdentifiers.header.map((header: Doc) => header.identifier)).toEqual(got);
    const bad = await app.client().post(BASE, 'verb=Nothing', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(parser.parse(bad.raw.toString())['OAI-PMH'].error['@code']).toBe('badVerb');
  });

  it('an unknown journal is a 404', async () => {
    expect((await app.client().get('/api/journals/no-such/oai?verb=Identify')).status).toBe(404);
  });
});
