import { normalizeSearchText, SEARCH_ARTICLE } from '@journals/core/search-text';
import { SEARCH_MATCH_CAP } from '@journals/core/schemas/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARABIC_SEARCH_PAIRS } from '../../../packages/core/test/search-pairs';
import type { PaperSearch } from '../src/search/driver';
import { postgresSearch } from '../src/search/postgres';
import { buildTestApp, countStatements, type TestApp } from './harness';
import { chargeAtDownload, type SearchFixture, seedSearchPapers } from './search-setup';

/** The search of a journal's published papers (issue 21 §4): rules, weights, facets, paging, Arabic, bad input. */

/** The statements of one search: the search, the specializations and the fee beside it, the page's rows. */
const SEARCH_STATEMENTS = 4;

let app: TestApp;
let fixture: SearchFixture;

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  fixture = await seedSearchPapers(app);
});
afterAll(() => app.close());

async function search(query: Record<string, string | string[]>, language: 'en' | 'ar' = 'en') {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of [value].flat()) params.append(name, one);
  }
  const client = app.client();
  client.language = language;
  return client.get(`/api/journals/general/search?${params}`);
}

const idsOf = (body: { items: { id: number }[] }) => body.items.map((item) => item.id);
const textOf = (pieces: { text: string }[]) => pieces.map((piece) => piece.text).join('');
const marked = (pieces: { text: string; match: boolean }[]) =>
  pieces.filter((piece) => piece.match).map((piece) => piece.text);

describe('search finds published papers', () => {
  it('finds a paper by a word of its title, with every field of a result', async () => {
    const { status, body } = await search({ search: 'kidney' });
    expect(status).toBe(200);
    const hit = body.items.find((item: { id: number }) => item.id === fixture.ids.kidney);
    expect(hit).toMatchObject({
      titleLanguage: 'en',
      correspondingAuthor: 'Mona Haddad',
      jointAuthors: ['Sami Nour', 'Lina Farah'],
      keywords: ['nephrology', 'zorbic care'],
      publishDate: '2025-03-01',
      downloadLink: null,
      membersOnly: false,
    });
    expect(textOf(hit.title)).toBe('Zorbic kidney studies in children');
    expect(marked(hit.title)).toEqual(['kidney']);
    expect(textOf(hit.subtitle)).toBe('A cohort of three clinics');
    expect(hit.specializations).toEqual([{ id: fixture.specA, name: expect.any(String) }]);
  });

  it('never finds a paper of an issue in press, whatever the words or filters', async () => {
    for (const query of [
      { search: 'secret' },
      { search: 'zorbic', KeyWords: 'nephrology' },
      { search: 'zorbic', Specializations: String(fixture.specA) },
    ] as Record<string, string>[]) {
      const { body } = await search(query);
      expect(idsOf(body)).not.toContain(fixture.ids.inPress);
    }
    expect((await search({ search: 'secret' })).body.total).toBe(0);
  });

  it('stems English: "study" finds "studies", "clinic" finds "clinics", and marks the words found', async () => {
    const { body } = await search({ search: 'zorbic study clinic' });
    expect(idsOf(body)).toEqual([fixture.ids.kidney]);
    expect(marked(body.items[0].title)).toEqual(['Zorbic', 'studies']);
    expect(marked(body.items[0].subtitle)).toEqual(['clinics']);
  });

  it('ranks by where the words are: title, then keywords and authors, then abstract', async () => {
    const { body } = await search({ search: 'quasilinear' });
    expect(idsOf(body)).toEqual([fixture.ids.inTitle, fixture.ids.inKeywords, fixture.ids.inAbstract]);
    // The abstract's words around the match, marked.
    expect(marked(body.items[2].excerpt)).toEqual(['quasilinear']);
  });

  it('reads phrases in quotes and leaves out words after a minus', async () => {
    expect(idsOf((await search({ search: '"kidney studies"' })).body)).toEqual([fixture.ids.kidney]);
    expect(idsOf((await search({ search: '"studies kidney"' })).body)).toEqual([]);
    const without = (await search({ search: 'zorbic -survey' })).body;
    expect(without.total).toBe(6);
  });

  it('filters by the corresponding author and by a joint author, in part and in any case', async () => {
    const ours = (query: Record<string, string>) => search({ search: 'zorbic', ...query });
    expect(idsOf((await ours({ CorrespondingAuthor: 'haddad' })).body)).toEqual([fixture.ids.kidney]);
    expect(idsOf((await ours({ JointAuthors: 'NOUR' })).body)).toEqual([fixture.ids.kidney]);
    expect(idsOf((await ours({ CorrespondingAuthor: 'أحمد' })).body)).toEqual([fixture.ids.arabic]);
    // Typed without its hamza, the name is the same name.
    expect(idsOf((await ours({ CorrespondingAuthor: 'احمد علي' })).body)).toEqual([fixture.ids.arabic]);
    // Without words, the author alone finds the paper too.
    expect(idsOf((await search({ CorrespondingAuthor: 'Mona Haddad' })).body)).toEqual([fixture.ids.kidney]);
    // A % or _ of the query is a character, not a pattern.
    expect((await search({ search: 'zorbic', CorrespondingAuthor: '%' })).body.total).toBe(0);
  });
});

describe('facets', () => {
  it('counts specializations and keywords over the papers found', async () => {
    const { body } = await search({ search: 'zorbic' });
    expect(body.total).toBe(14);
    const count = (id: number) => body.facets.specializations.find((f: { id: number }) => f.id === id)?.count;
    expect(count(fixture.specA)).toBe(2);
    expect(count(fixture.specB)).toBe(10);
    expect(body.facets.keywords).toContainEqual({ value: 'nephrology', count: 2 });
    expect(body.facets.keywords).toContainEqual({ value: 'surgery', count: 1 });
  });

  it('is OR within a facet and AND across facets, each facet counted under the other facet only', async () => {
    const a = String(fixture.specA);
    const b = String(fixture.specB);
    const one = (await search({ search: 'zorbic', Specializations: a })).body;
    expect(idsOf(one).sort()).toEqual([fixture.ids.kidney, fixture.ids.both].sort());
    // The other specialization still shows what it would add; keywords are counted within the choice.
    expect(one.facets.specializations.find((f: { id: number }) => f.id === fixture.specB).count).toBe(10);
    expect(one.facets.keywords).toContainEqual({ value: 'nephrology', count: 1 });

    const either = (await search({ search: 'zorbic', Specializations: [a, b] })).body;
    expect(either.total).toBe(11);

    const across = (await search({ search: 'zorbic', Specializations: [a, b], KeyWords: 'nephrology' })).body;
    expect(idsOf(across).sort()).toEqual([fixture.ids.kidney, fixture.ids.arabic].sort());

    const keywords = (await search({ search: 'zorbic', KeyWords: ['surgery', 'nephrology'] })).body;
    expect(keywords.total).toBe(3);
  });
});

describe('the cap: counted up to it, exactly below it, whatever the filters (engine with a cap of 5)', () => {
  const engine = () => postgresSearch(app.deps.db);
  const request = (over: Partial<PaperSearch>): PaperSearch => ({
    journalId: fixture.journalId,
    words: 'zorbic',
    correspondingAuthor: '',
    jointAuthors: '',
    keywords: [],
    specializationIds: [],
    offset: 0,
    limit: 10,
    cap: 5,
    keywordFacets: 20,
    ...over,
  });

  it('says "more" past the cap, and that the facets were counted over the capped set', async () => {
    const found = await engine().searchPapers(request({}));
    expect(found).toMatchObject({ total: 5, more: true, facetsCapped: true });
    expect(found.paperIds).toHaveLength(5);
  });

  it('counts a filtered search exactly when it is below the cap, though the words alone pass it', async () => {
    const found = await engine().searchPapers(request({ specializationIds: [fixture.specA] }));
    expect(found.paperIds.sort()).toEqual([fixture.ids.kidney, fixture.ids.both].sort());
    expect(found).toMatchObject({ total: 2, more: false });
    // The specializations' counts are over the words alone (14 papers): past the cap, and said so.
    expect(found.facetsCapped).toBe(true);
  });

  it('finds every paper of a specialization without words, not only among the newest', async () => {
    // The journal's published papers of that specialization: the fixture's two and the demo archive's.
    const { rows } = (await app.deps.db.execute(
      sql`select paper_id from archived_papers
          where journal_id = ${fixture.journalId} and published and ${fixture.specA} = any(specialization_ids)`,
    )) as unknown as { rows: { paper_id: number }[] };
    const all = rows.map((row) => row.paper_id).sort();
    expect(all.length).toBeGreaterThan(2);
    expect(all.length).toBeLessThanOrEqual(5);
    const found = await engine().searchPapers(request({ words: '', specializationIds: [fixture.specA] }));
    expect(found.paperIds.sort()).toEqual(all);
    expect(found).toMatchObject({ total: all.length, more: false });
  });

  it('is exact and uncapped below the cap', async () => {
    const found = await engine().searchPapers(request({ cap: 50 }));
    expect(found).toMatchObject({ total: 14, more: false, facetsCapped: false });
  });
});

describe('paging', () => {
  it('gives ten a page with the total, and an empty page past the end', async () => {
    const first = (await search({ search: 'zorbic' })).body;
    expect(first).toMatchObject({ total: 14, more: false, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const second = (await search({ search: 'zorbic', page: '2' })).body;
    expect(second.items).toHaveLength(4);
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(14);
    expect((await search({ search: 'zorbic', page: '3' })).body).toMatchObject({ total: 14, items: [] });
  });
});

describe('Arabic is found however it was typed', () => {
  it.each(ARABIC_SEARCH_PAIRS)('the SQL rule and core’s agree on %s and %s (%s)', async (typed, stored) => {
    const { rows } = (await app.deps.db.execute(
      sql`select search_normalize(${typed}) as typed, search_normalize(${stored}) as stored`,
    )) as unknown as { rows: { typed: string; stored: string }[] };
    expect(rows[0]).toEqual({ typed: normalizeSearchText(typed), stored: normalizeSearchText(stored) });
    expect(rows[0]!.typed).toBe(rows[0]!.stored);
  });

  it('the SQL function holds core’s article pattern character for character', async () => {
    const { rows } = (await app.deps.db.execute(
      sql`select prosrc from pg_proc where proname = 'search_normalize'`,
    )) as unknown as { rows: { prosrc: string }[] };
    expect(rows).toHaveLength(1);
    expect(rows[0]!.prosrc).toContain(`'${SEARCH_ARTICLE}', '\\1', 'g'`);
  });

  it('finds the paper stored with diacritics by words typed without them, and with others', async () => {
    for (const word of ['دراسة', 'دراسه', 'دِرَاسَةٌ', 'الكلى', 'الكُلَى', 'مستشفي', 'مُسْتَشْفَى', 'زوربيـــة']) {
      const words = `زوربية ${word}`;
      const { body } = await search({ search: words }, 'ar');
      expect(idsOf(body), words).toEqual([fixture.ids.arabic]);
    }
  });

  it('finds a word with or without its article, and with a particle joined to it, and marks it', async () => {
    // The abstract holds "الكلى" and "المستشفى"; the title "دِرَاسَةٌ".
    for (const word of ['كلى', 'بالكلى', 'والكُلَى', 'مستشفى', 'للمستشفى', 'فالمستشفي', 'الدراسة', 'بالدراسة']) {
      const words = `زوربية ${word}`;
      const { body } = await search({ search: words }, 'ar');
      expect(idsOf(body), words).toEqual([fixture.ids.arabic]);
    }
    const { body } = await search({ search: 'زوربية بالدراسة' }, 'ar');
    expect(marked(body.items[0].title)).toEqual(['دِرَاسَةٌ', 'زوربية']);
    expect(marked(body.items[0].excerpt)).toContain('الدراسة');
  });

  it('shows the Arabic title and marks the word whichever way it was typed', async () => {
    const { body } = await search({ search: 'دراسة زوربيه' }, 'ar');
    expect(body.items[0].titleLanguage).toBe('ar');
    expect(marked(body.items[0].title)).toEqual(['دِرَاسَةٌ', 'زوربية']);
  });
});

describe('the journal’s download fee', () => {
  it('says "members only" with the price when the journal charges at download', async () => {
    await chargeAtDownload(app, fixture.journalId, '25.00');
    try {
      const { body } = await search({ search: 'kidney' });
      expect(body.downloadPrice).toBe('25.00');
      expect(body.items[0].membersOnly).toBe(true);
    } finally {
      await chargeAtDownload(app, fixture.journalId, null);
    }
    expect((await search({ search: 'kidney' })).body).toMatchObject({ downloadPrice: null });
  });
});

describe('bad input', () => {
  it.each([
    ['a page below one', { page: '0' }],
    ['a page that is no number', { page: 'two' }],
    [`a page past the ${SEARCH_MATCH_CAP} papers counted`, { page: String(SEARCH_MATCH_CAP / 10 + 1) }],
    ['a specialization that is no id', { Specializations: 'abc' }],
    ['too long a search', { search: 'x'.repeat(201) }],
    ['too many keywords', { KeyWords: Array.from({ length: 21 }, (_, n) => `k${n}`) }],
  ])('answers 400, translated, for %s', async (_what, query) => {
    const english = await search(query);
    expect(english.status).toBe(400);
    expect(english.body.code).toBe('validation');
    const arabic = await search(query, 'ar');
    expect(arabic.status).toBe(400);
    expect(arabic.body.message).not.toBe(english.body.message);
  });

  it('answers 404 for an unknown journal', async () => {
    const { status, body } = await app.client().get('/api/journals/no-such-journal/search?search=kidney');
    expect(status).toBe(404);
    expect(body.code).toBe('notFound');
  });

  it('finds nothing, without an error, for words that are all stop words or signs', async () => {
    for (const words of ['the', '!!!', '"', '-', 'or']) {
      const { status, body } = await search({ search: words });
      expect(status, words).toBe(200);
      expect(body.items, words).toEqual([]);
    }
  });
});

describe('statements', () => {
  it(`answers a search in ${SEARCH_STATEMENTS} statements, with facets and marks, whatever the filters`, async () => {
    const client = app.client();
    const queries = [
      'search=zorbic',
      `search=zorbic&Specializations=${fixture.specA}&KeyWords=nephrology&page=1`,
      'CorrespondingAuthor=haddad&JointAuthors=nour',
      'search=nothing-matches-this',
      '',
    ];
    for (const query of queries) {
      const url = `/api/journals/general/search?${query}`;
      expect((await client.get(url)).status).toBe(200);
      const count = await countStatements(app, async () => expect((await client.get(url)).status).toBe(200));
      expect(count, query).toBeLessThanOrEqual(SEARCH_STATEMENTS);
    }
  });
});
