import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, archiveVisits, journals } from '../src/db/schema';
import { dailyVisitor, isCrawler } from '../src/lib/daily-visitor';
import { archiveIssue, journalId, specializationIds } from './archive-setup';
import { buildTestApp, countStatements, expectError, type TestApp, type TestClient } from './harness';

/**
 * The public archive (issue 21 §3): the timeline, an issue, a paper's details, the home's current issue and most
 * read papers, and views counted once per visitor per day. An issue in press and its papers exist on none of them.
 */

let app: TestApp;
let guest: TestClient;
let general: number;
let specs: { id: number; nameEn: string; nameAr: string }[];
let published: { issueId: number; paperIds: number[] };
let older: { issueId: number; paperIds: number[] };
let inPress: { issueId: number; paperIds: number[] };
let otherJournal: { issueId: number; paperIds: number[] };
const G = '/api/journals/general/archive';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeAll(async () => {
  app = await buildTestApp();
  guest = app.client();
  general = await journalId(app, 'general');
  specs = await specializationIds(app, general);
  older = await archiveIssue(app, {
    journalId: general,
    volume: 41,
    issue: 2,
    month: '06 2025',
    publishDate: '2025-06-20',
    published: true,
    papers: [{ titleEn: 'An older paper', correspondingAuthor: 'Older Author', views: 90_003 }],
  });
  published = await archiveIssue(app, {
    journalId: general,
    volume: 42,
    issue: 1,
    month: '03 2026',
    publishDate: '2026-03-15',
    published: true,
    papers: [
      {
        titleEn: 'Low-cost sensors for urban air quality',
        titleAr: 'مستشعرات منخفضة التكلفة لجودة الهواء في المدن',
        subtitle: 'A field study',
        abstractEn: 'We measured the air of three districts for a year.',
        abstractAr: 'قسنا هواء ثلاثة أحياء مدة عام.',
        correspondingAuthor: 'Mona Adel',
        jointAuthors: ['Karim Nabil', 'Sara Fathy'],
        keywords: ['air quality', 'sensors'],
        specializationIds: [specs[0]!.id],
        fromPage: 1,
        toPage: 14,
        doi: '10.5555/air.2026.1',
        paperType: 4,
        views: 90_040,
      },
      {
        titleEn: 'Second paper without DOI',
        correspondingAuthor: 'Omar Said',
        fromPage: 15,
        toPage: 30,
        views: 90_007,
      },
    ],
  });
  inPress = await archiveIssue(app, {
    journalId: general,
    volume: 42,
    issue: 2,
    month: '11 2030',
    publishDate: '2030-11-15',
    published: false,
    papers: [{ titleEn: 'Secret paper in press', correspondingAuthor: 'Hidden Author', views: 1_000_000 }],
  });
  otherJournal = await archiveIssue(app, {
    journalId: await journalId(app, 'ethics'),
    volume: 43,
    issue: 1,
    month: '01 2026',
    publishDate: '2026-01-10',
    published: true,
    papers: [{ titleEn: "The other journal's paper" }],
  });
});

afterAll(async () => {
  await app?.close();
});

const paperUrl = (id: number) => `${G}/papers/${id}`;

describe('the archive timeline', () => {
  it('lists the published issues by volume, newest first, with their paper counts; none in press', async () => {
    const answer = await guest.get(G);
    expect(answer.status).toBe(200);
    const mine = answer.body.volumes.filter((volume: { volume: number }) => [41, 42, 43].includes(volume.volume));
    expect(mine).toEqual([
      {
        volume: 42,
        issues: [{ volume: 42, issue: '1', chronology: '03 2026', publishDate: '2026-03-15', papers: 2 }],
      },
      {
        volume: 41,
        issues: [{ volume: 41, issue: '2', chronology: '06 2025', publishDate: '2025-06-20', papers: 1 }],
      },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('11 2030');
  });
});

describe('an issue', () => {
  it('shows the issue and its papers in order, with authors, pages and DOI', async () => {
    const answer = await guest.get(`${G}/volumes/42/issues/1`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ volume: 42, issue: '1', chronology: '03 2026', publishDate: '2026-03-15' });
    expect(answer.body.papers).toEqual([
      {
        id: published.paperIds[0],
        order: 1,
        title: { en: 'Low-cost sensors for urban air quality', ar: 'مستشعرات منخفضة التكلفة لجودة الهواء في المدن' },
        subtitle: 'A field study',
        publishDate: '2026-03-15',
        authors: ['Mona Adel', 'Karim Nabil', 'Sara Fathy'],
        pages: { from: 1, to: 14 },
        doi: '10.5555/air.2026.1',
        mark: null,
      },
      {
        id: published.paperIds[1],
        order: 2,
        title: { en: 'Second paper without DOI', ar: '' },
        subtitle: '',
        publishDate: '2026-03-15',
        authors: ['Omar Said'],
        pages: { from: 15, to: 30 },
        doi: null,
        mark: null,
      },
    ]);
  });

  it('reads "01" as issue 1', async () => {
    expect((await guest.get(`${G}/volumes/42/issues/01`)).body.papers).toHaveLength(2);
  });

  it('answers 404 with a translated message for an issue in press or missing', async () => {
    for (const url of [`${G}/volumes/42/issues/2`, `${G}/volumes/9/issues/9`, `${G}/volumes/43/issues/1`]) {
      const answer = await guest.get(url);
      expectError(answer, 404, 'notFound', 'archive.issueNotFound');
      expect(answer.body.message).toBe('This issue was not found. It may not be published yet.');
    }
    const arabic = await guest.get(`${G}/volumes/42/issues/2`, { 'accept-language': 'ar' });
    expect(arabic.body.message).toBe('لم يُعثر على هذا العدد، وربما لم يُنشر بعد.');
  });

  it('refuses an issue that is no number', async () => {
    expect((await guest.get(`${G}/volumes/42/issues/abc`)).status).toBe(400);
  });
});

describe("a paper's details", () => {
  it('shows every field, the specializations in the request language and Crossmark when the journal has it', async () => {
    await app.deps.db.update(journals).set({ crossMark: true }).where(eq(journals.id, general));
    const [first, second] = published.paperIds;
    const answer = await guest.get(paperUrl(first!));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: first,
      title: { en: 'Low-cost sensors for urban air quality', ar: 'مستشعرات منخفضة التكلفة لجودة الهواء في المدن' },
      subtitle: 'A field study',
      abstract: { en: 'We measured the air of three districts for a year.', ar: 'قسنا هواء ثلاثة أحياء مدة عام.' },
      publishDate: '2026-03-15',
      issue: { volume: 42, issue: '1', chronology: '03 2026', publishDate: '2026-03-15' },
      order: 1,
      paperType: 4,
      pages: { from: 1, to: 14 },
      doi: '10.5555/air.2026.1',
      correspondingAuthor: 'Mona Adel',
      jointAuthors: ['Karim Nabil', 'Sara Fathy'],
      authors: [
        { name: 'Mona Adel', corresponding: true, orcid: null, orcidAuthenticated: false },
        { name: 'Karim Nabil', corresponding: false, orcid: null, orcidAuthenticated: false },
        { name: 'Sara Fathy', corresponding: false, orcid: null, orcidAuthenticated: false },
      ],
      keywords: ['air quality', 'sensors'],
      specializations: [specs[0]!.nameEn],
      views: 90_040,
      downloads: 0,
      hasFinalFile: false,
      crossMark: true,
      // No notice about it (decision 0087).
      notices: [],
      earlierVersions: [],
    });
    const arabic = await guest.get(paperUrl(first!), { 'accept-language': 'ar' });
    expect(arabic.body.specializations).toEqual([specs[0]!.nameAr]);
    // No DOI, no badge.
    expect((await guest.get(paperUrl(second!))).body.crossMark).toBe(false);
    await app.deps.db.update(journals).set({ crossMark: false }).where(eq(journals.id, general));
    expect((await guest.get(paperUrl(first!))).body.crossMark).toBe(false);
  });

  it("answers 404 for a paper in press, missing, or another journal's", async () => {
    for (const id of [inPress.paperIds[0]!, 999_999, otherJournal.paperIds[0]!]) {
      const answer = await guest.get(paperUrl(id));
      expectError(answer, 404, 'notFound', 'archive.paperNotFound');
      expect(answer.body.message).toBe('This paper was not found. It may not be published yet.');
    }
    const arabic = await guest.get(paperUrl(inPress.paperIds[0]!), { 'accept-language': 'ar' });
    expect(arabic.body.message).toBe('لم يُعثر على هذا البحث، وربما لم يُنشر بعد.');
  });

  it('shows an edit of the archive metadata', async () => {
    const [first] = published.paperIds;
    await app.deps.db
      .update(archivedPapers)
      .set({ subtitle: 'A field study, revised' })
      .where(eq(archivedPapers.paperId, first!));
    expect((await guest.get(paperUrl(first!))).body.subtitle).toBe('A field study, revised');
    await app.deps.db
      .update(archivedPapers)
      .set({ subtitle: 'A field study' })
      .where(eq(archivedPapers.paperId, first!));
  });
});

describe("the home's archive part", () => {
  it('shows the current issue with its papers and the most read papers, none in press', async () => {
    const answer = await guest.get(`${G}/home`);
    expect(answer.status).toBe(200);
    expect(answer.body.currentIssue).toMatchObject({ volume: 42, issue: '1', chronology: '03 2026' });
    expect(answer.body.currentIssue.papers.map((paper: { id: number }) => paper.id)).toEqual(published.paperIds);
    const ids = answer.body.mostRead.map((paper: { id: number }) => paper.id);
    expect(ids.slice(0, 3)).toEqual([published.paperIds[0], published.paperIds[1], older.paperIds[0]]);
    expect(ids).not.toContain(inPress.paperIds[0]);
    expect(ids).not.toContain(otherJournal.paperIds[0]);
    expect(answer.body.mostRead[0]).toEqual({
      id: published.paperIds[0],
      title: { en: 'Low-cost sensors for urban air quality', ar: 'مستشعرات منخفضة التكلفة لجودة الهواء في المدن' },
      views: expect.any(Number),
      mark: null,
    });
  });

  it('skips an issue the editors hide from the home', async () => {
    const hidden = await archiveIssue(app, {
      journalId: general,
      volume: 44,
      issue: 1,
      month: '09 2026',
      publishDate: '2026-09-01',
      published: true,
      isAllow: false,
      papers: [{ titleEn: 'A paper of a hidden issue' }],
    });
    const answer = await guest.get(`${G}/home`);
    expect(answer.body.currentIssue).toMatchObject({ volume: 42, issue: '1' });
    // The issue is still in the archive.
    expect((await guest.get(`${G}/volumes/44/issues/1`)).body.papers[0].id).toBe(hidden.paperIds[0]);
  });
});

describe('views', () => {
  /** A guest's POST from an address and a browser (the CSRF pair of a guest session, as the page sends it). */
  const view = async (id: number, userAgent: string, ip = '203.0.113.7') => {
    if (!guest.cookie('csrf')) await guest.get('/api/journals/general/me');
    const csrf = guest.cookie('csrf')!;
    return app.app.inject({
      method: 'POST',
      url: `${paperUrl(id)}/view`,
      headers: { 'user-agent': userAgent, cookie: `csrf=${csrf}`, 'x-csrf-token': csrf },
      remoteAddress: ip,
    });
  };

  it('counts a visitor once a day, another address or browser again, and never a known crawler', async () => {
    const [, second] = published.paperIds;
    const views = async (answer: Awaited<ReturnType<typeof view>>) => {
      expect(answer.statusCode).toBe(200);
      return (answer.json() as { views: number }).views;
    };
    expect(await views(await view(second!, FIREFOX))).toBe(90_008);
    expect(await views(await view(second!, FIREFOX))).toBe(90_008);
    expect(await views(await view(second!, SAFARI))).toBe(90_009);
    expect(await views(await view(second!, FIREFOX, '198.51.100.4'))).toBe(90_010);
    expect(await views(await view(second!, GOOGLEBOT))).toBe(90_010);
    expect(await views(await view(second!, ''))).toBe(90_010);
    expect((await guest.get(paperUrl(second!))).body.views).toBe(90_010);
    // What is kept is a hash, never the address.
    const visits = await app.deps.db.select().from(archiveVisits).where(eq(archiveVisits.paperId, second!));
    expect(visits).toHaveLength(3);
    for (const visit of visits) {
      expect(visit.kind).toBe('view');
      expect(visit.visitor).not.toContain('203.0.113.7');
    }
  });

  it('answers 404 for a paper in press, missing or of another journal, and counts nothing', async () => {
    for (const id of [inPress.paperIds[0]!, 999_999, otherJournal.paperIds[0]!]) {
      const answer = await view(id, FIREFOX);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().messageKey).toBe('archive.paperNotFound');
    }
    const [row] = await app.deps.db
      .select({ views: archivedPapers.views })
      .from(archivedPapers)
      .where(eq(archivedPapers.paperId, inPress.paperIds[0]!));
    expect(row!.views).toBe(1_000_000);
  });

  it("hashes a visitor under the day's salt: the same all day, another the next day", () => {
    const reader = { ip: '203.0.113.7', userAgent: FIREFOX };
    const today = dailyVisitor('secret-secret-secret', reader, '2026-11-26');
    expect(dailyVisitor('secret-secret-secret', reader, '2026-11-26')).toBe(today);
    expect(dailyVisitor('secret-secret-secret', reader, '2026-11-27')).not.toBe(today);
    expect(dailyVisitor('another-secret-secret', reader, '2026-11-26')).not.toBe(today);
    expect(dailyVisitor('secret-secret-secret', { ...reader, userAgent: SAFARI }, '2026-11-26')).not.toBe(today);
  });

  it('knows the common crawlers and no common browser', () => {
    for (const agent of [
      GOOGLEBOT,
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'python-requests/2.32.3',
      undefined,
    ])
      expect(isCrawler(agent), agent).toBe(true);
    for (const agent of [
      FIREFOX,
      SAFARI,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    ])
      expect(isCrawler(agent), agent).toBe(false);
  });
});

/**
 * SQL statements per request (issue 21 §6: each ≤ 5), on a cold cache: the journal row twice (its cached lookup and
 * the fresh read a cached answer is built from; CACHE_TTL_MS is 0 in tests), then the archive's own statements.
 */
describe('SQL statements', () => {
  it('timeline: 1 + the journal; issue: 1 + the journal; paper: 2 + the journal; home: 2 + the journal', async () => {
    const journal = 2;
    expect(await countStatements(app, () => guest.get(G))).toBe(journal + 1);
    expect(await countStatements(app, () => guest.get(`${G}/volumes/42/issues/1`))).toBe(journal + 1);
    expect(await countStatements(app, () => guest.get(paperUrl(published.paperIds[0]!)))).toBe(journal + 2);
    expect(await countStatements(app, () => guest.get(`${G}/home`))).toBe(journal + 2);
    expect(
      await countStatements(app, () => guest.post(`${paperUrl(published.paperIds[0]!)}/view`)),
    ).toBeLessThanOrEqual(2);
  });
});
