import { PAPER_STATUS } from '@journals/core/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issues, journals, paperLogs, papers, reviewInvitations } from '../src/db/schema';
import { buildTestApp, countStatements, type TestApp } from './harness';

/**
 * The public editorial statistics (issue 10 §4) agree with a plain count of the journal's rows, change when a
 * paper does (with the cache off), and come in a fixed number of statements.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
};
const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const DAY = 86_400_000;

/** The figures of the journal from its rows, the plain way. */
async function expected(slug: string) {
  const { db } = app.deps;
  const [journal] = await db.select().from(journals).where(eq(journals.slug, slug));
  const rows = (await db.select().from(papers).where(eq(papers.journalId, journal!.id))).filter((p) => p.status !== 0);
  const issueRows = await db.select().from(issues).where(eq(issues.journalId, journal!.id));
  const logs = await db.select().from(paperLogs).where(eq(paperLogs.journalId, journal!.id));
  const invitations = await db.select().from(reviewInvitations).where(eq(reviewInvitations.journalId, journal!.id));
  const firsts = rows.filter((p) => p.version === 1 && p.submittedAt);
  const newest = rows.filter((p) => !p.superseded);
  const published = newest.filter((p) => p.status === PAPER_STATUS.published);
  const publishedYear = (p: (typeof rows)[number]) => {
    const issue = issueRows.find((i) => i.id === p.issueId);
    return issue?.publishDate ? Number(issue.publishDate.slice(0, 4)) : p.statusDate.getUTCFullYear();
  };
  const years = [...new Set([...firsts.map((p) => p.submittedAt!.getUTCFullYear()), ...published.map(publishedYear)])];
  const accepted = newest.filter((p) => p.status === 4 || p.status === 7).length;
  const decided = accepted + newest.filter((p) => p.status === 6).length;
  const decisionDays = firsts.flatMap((p) => {
    const times = logs
      .filter((l) => l.paperId === p.id && (l.action === 'finalDecision' || l.action === 'directlyRejected'))
      .map((l) => l.createdAt.getTime());
    return times.length && Math.min(...times) >= p.submittedAt!.getTime()
      ? [(Math.min(...times) - p.submittedAt!.getTime()) / DAY]
      : [];
  });
  const reviewed = invitations.filter((i) => i.status === 3 && !i.removedAt && i.reviewedAt! >= i.invitedAt);
  return {
    perYear: years
      .sort((a, b) => a - b)
      .map((year) => ({
        year,
        received: firsts.filter((p) => p.submittedAt!.getUTCFullYear() === year).length,
        published: published.filter((p) => publishedYear(p) === year).length,
      })),
    received: firsts.length,
    decided,
    acceptanceRate: decided ? accepted / decided : null,
    medianDaysToFirstDecision: round(median(decisionDays)),
    medianDaysToReview: round(median(reviewed.map((i) => (i.reviewedAt!.getTime() - i.invitedAt.getTime()) / DAY))),
    reviews: invitations.filter((i) => i.status === 3 && !i.removedAt).length,
    published: published.length,
  };
}

describe('the editorial statistics', () => {
  it('agree with a plain count of each demo journal', async () => {
    for (const slug of ['general', 'ethics']) {
      const answer = await app.client().get(`/api/journals/${slug}/statistics`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(await expected(slug));
    }
    const general = (await app.client().get('/api/journals/general/statistics')).body;
    // The demo reads naturally: papers received and published, reviews done, a decided share.
    expect(general.received).toBeGreaterThan(0);
    expect(general.published).toBeGreaterThan(0);
    expect(general.reviews).toBeGreaterThan(0);
  });

  it('follow a change of a paper, in one aggregate statement', async () => {
    const { db } = app.deps;
    const [paper] = await db.select().from(papers).where(eq(papers.status, PAPER_STATUS.published)).limit(1);
    const [journal] = await db.select().from(journals).where(eq(journals.id, paper!.journalId));
    const before = (await app.client().get(`/api/journals/${journal!.slug}/statistics`)).body;
    await db.update(papers).set({ status: PAPER_STATUS.rejected }).where(eq(papers.id, paper!.id));
    const after = (await app.client().get(`/api/journals/${journal!.slug}/statistics`)).body;
    expect(after.published).toBe(before.published - 1);
    expect(after).toEqual(await expected(journal!.slug));
    await db.update(papers).set({ status: PAPER_STATUS.published }).where(eq(papers.id, paper!.id));
    // With the cache off (this app): the journal, read to know it exists and then as it is now, and the one
    // aggregate. With the cache on, a repeat within STATISTICS_TTL_MS sends none.
    expect(await countStatements(app, () => app.client().get(`/api/journals/${journal!.slug}/statistics`))).toBe(3);
  });

  it('answer 404 for a journal that does not exist', async () => {
    expect((await app.client().get('/api/journals/no-such-journal/statistics')).status).toBe(404);
  });
});
