import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { archivedPapers } from '../src/db/schema';
import { archiveIssue, journalId } from './archive-setup';
import { buildTestApp, type TestApp } from './harness';

/**
 * The archive's public answers are cached (decision 0032): an edit of the archive metadata made elsewhere (another
 * process, straight in the database) shows once the TTL has passed, and not before — on every answer.
 */

const TTL_MS = 60_000;
let app: TestApp;
let paperId: number;
const G = '/api/journals/general/archive';

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: String(TTL_MS) });
  const { paperIds } = await archiveIssue(app, {
    journalId: await journalId(app, 'general'),
    volume: 61,
    issue: 1,
    month: '05 2026',
    publishDate: '2026-05-10',
    published: true,
    papers: [{ titleEn: 'Cached title', correspondingAuthor: 'Cache Author', views: 1_000_000 }],
  });
  paperId = paperIds[0]!;
});

afterAll(async () => {
  vi.useRealTimers();
  await app?.close();
});

describe('cached archive answers', () => {
  it('show an edit of the archive metadata within the TTL, on the issue, the paper and the home', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const guest = app.client();
    const reads = {
      issue: async () => (await guest.get(`${G}/volumes/61/issues/1`)).body.papers[0].title.en as string,
      paper: async () => (await guest.get(`${G}/papers/${paperId}`)).body.title.en as string,
      home: async () => (await guest.get(`${G}/home`)).body.mostRead[0].title.en as string,
    };
    for (const read of Object.values(reads)) expect(await read()).toBe('Cached title');

    await app.deps.db
      .update(archivedPapers)
      .set({ titleEn: 'Edited title' })
      .where(eq(archivedPapers.paperId, paperId));
    for (const read of Object.values(reads)) expect(await read()).toBe('Cached title');

    vi.setSystemTime(Date.now() + TTL_MS + 1);
    for (const [name, read] of Object.entries(reads)) expect(await read(), name).toBe('Edited title');
  });
});
