import { SEARCH_MAX_WORDS } from '@journals/core/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnLimit, TurnRefused } from '../src/lib/turn-limit';
import { buildTestApp, type TestApp } from './harness';
import { HEAVY_SEARCH, seedCommonWordPapers } from './search-load-setup';

/**
 * Readers searching cannot starve editors and authors (issue 44, decision 0074): heavy but valid searches take
 * turns, a search past the line is told at once that search is busy, and another client's sign-in and public page
 * stay answered in time meanwhile.
 */

const HEAVY_URL = `/api/journals/general/search?search=${encodeURIComponent(HEAVY_SEARCH)}`;
const AT_ONCE = 20;

const timed = async <T>(act: () => Promise<T>) => {
  const from = performance.now();
  const result = await act();
  return { result, ms: performance.now() - from };
};

/** Searches one at a time, four in line: the most search work the line lets stand ahead of anyone else's. */
const RUNNING = 1;
const IN_LINE = 4;

describe('twenty heavy searches at once', () => {
  let app: TestApp;
  let paperPage: string;

  beforeAll(async () => {
    // One search at a time on both databases (PGlite's default; PostgreSQL's is two side by side, which on a machine
    // of two cores shared with the test itself take the cores the sign-in's password check needs), four in line.
    app = await buildTestApp({ SEARCH_CONCURRENCY: String(RUNNING), SEARCH_QUEUE: String(IN_LINE) });
    const { paperIds } = await seedCommonWordPapers(app, 2_000);
    paperPage = `/api/journals/general/archive/papers/${paperIds[0]}`;
  }, 120_000);
  afterAll(() => app.close());

  /** Other clients, side by side: one signs in, a guest reads a public page three times; the time of each (worst). */
  const otherClients = async () => {
    const client = app.client();
    const guest = app.client();
    const [signIn, page] = await Promise.all([
      timed(() => client.login('editor@general.test')),
      (async () => {
        let worst = 0;
        for (let n = 0; n < 3; n++) {
          const read = await timed(() => guest.get(paperPage));
          expect(read.result.status).toBe(200);
          worst = Math.max(worst, read.ms);
        }
        return worst;
      })(),
    ]);
    return { signIn: signIn.ms, page };
  };

  it("keeps another client's sign-in and public page in time, and answers every search with results or the translated busy answer", async () => {
    // Alone: the other clients' times, and one heavy search's (the unit the bound is counted in), the worst of
    // three each: the machine's other work moves every figure, so the bound is in the same run's own units.
    const alone = [await otherClients(), await otherClients(), await otherClients()];
    const searches = [];
    for (let n = 0; n < 3; n++) searches.push(await timed(() => app.client().get(HEAVY_URL)));
    const search = { result: searches[0]!.result, ms: Math.max(...searches.map((one) => one.ms)) };
    expect(search.result.status).toBe(200);
    expect(search.result.body.total).toBeGreaterThan(100);

    const readers = Array.from({ length: AT_ONCE }, (_, n) => {
      const reader = app.client();
      reader.language = n % 2 === 0 ? 'en' : 'ar';
      return reader.get(HEAVY_URL).then((answer) => ({ answer, language: reader.language }));
    });
    // Meanwhile, once the searches are in hand.
    await new Promise((resolve) => setImmediate(resolve));
    const during = await otherClients();
    const answers = await Promise.all(readers);

    const worstAlone = {
      signIn: Math.max(...alone.map((times) => times.signIn)),
      page: Math.max(...alone.map((times) => times.page)),
    };
    console.log(
      `one heavy search alone ${search.ms.toFixed(0)} ms; alone: sign-in ${worstAlone.signIn.toFixed(0)} ms, page ${worstAlone.page.toFixed(0)} ms; ` +
        `during ${AT_ONCE} searches: sign-in ${during.signIn.toFixed(0)} ms, page ${during.page.toFixed(0)} ms`,
    );
    // Behind no more search work than the line admits (the one running and the four in line; on PGlite it even
    // gives way to a waiting statement), never behind all twenty (before: sign-in waited for every one of them). On a
    // busy 2-core CI machine a bound of three searches failed once on PostgreSQL (291 ms against 238).
    const ahead = (RUNNING + IN_LINE) * search.ms;
    expect(during.signIn).toBeLessThan(worstAlone.signIn + ahead);
    expect(during.page).toBeLessThan(worstAlone.page + ahead);

    const found = answers.filter(({ answer }) => answer.status === 200);
    const busy = answers.filter(({ answer }) => answer.status === 503);
    expect(found.length + busy.length).toBe(AT_ONCE);
    // One running and four in line; those that find the line full are told at once (how many depends on how fast
    // the first ones finish while the rest arrive).
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const { answer } of found) expect(answer.body.total).toBe(search.result.body.total);
    for (const { answer, language } of busy) {
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.body).toMatchObject({
        code: 'unavailable',
        messageKey: 'search.busy',
        message:
          language === 'en'
            ? 'The search is busy. Please try again in a moment.'
            : 'البحث مشغول الآن. يُرجى إعادة المحاولة بعد لحظات.',
      });
    }
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('a search past its statement timeout (PostgreSQL)', () => {
  // PGlite cannot interrupt a statement (its timers never fire), so the timeout is PostgreSQL's alone (decision 0074).
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ SEARCH_STATEMENT_TIMEOUT_MS: '1' });
    await seedCommonWordPapers(app, 2_000);
  }, 120_000);
  afterAll(() => app.close());

  it('is told in its language that the search is too broad (400, never a 500), and the next search is answered', async () => {
    for (const [language, message] of [
      ['en', 'This search is too broad to finish in time'],
      ['ar', 'هذا البحث أوسع من أن يكتمل في الوقت المتاح'],
    ] as const) {
      const reader = app.client();
      reader.language = language;
      const answer = await reader.get(HEAVY_URL);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation', messageKey: 'search.too_broad' });
      expect(answer.body.message).toContain(message);
    }
    // The main pool has no timeout: the rest of the site is untouched.
    expect((await app.client().get('/api/journals/general/archive')).status).toBe(200);
  }, 60_000);
});

describe('a search of too many words', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it(`is refused beside its field, in its language, past ${SEARCH_MAX_WORDS} words ("or" not counted)`, async () => {
    const words = (count: number) => Array.from({ length: count }, (_, n) => `word${n}`).join(' or ');
    const client = app.client();
    expect((await client.get(`/api/journals/general/search?search=${encodeURIComponent(words(16))}`)).status).toBe(200);
    expect((await client.get(`/api/journals/general/search?search=${encodeURIComponent(HEAVY_SEARCH)}`)).status).toBe(
      200,
    );
    for (const language of ['en', 'ar'] as const) {
      client.language = language;
      const answer = await client.get(`/api/journals/general/search?search=${encodeURIComponent(words(17))}`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ Search: ['search.too_many_words'] });
    }
  });
});

describe('turns', () => {
  it('refuses at once past the line, and after the wait bound when no turn came', async () => {
    const turns = new TurnLimit({ running: 1, waiting: 1, waitMs: 50 });
    let release = () => {};
    const running = turns.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = turns.run(async () => 'ran');
    await expect(turns.run(async () => 'ran')).rejects.toEqual(new TurnRefused('full'));
    await expect(waiting).rejects.toEqual(new TurnRefused('late'));
    release();
    await running;
    expect(turns.counts).toEqual({ running: 0, waiting: 0 });
    await expect(turns.run(async () => 'ran')).resolves.toBe('ran');
  });
});
