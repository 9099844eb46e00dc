import { PAPER_STATUS } from '@journals/core/enums';
import { PROPOSAL_CODE_SHAPE } from '@journals/core/papers';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issues,
  journalRoles,
  paperAuthors,
  paperFiles,
  paperLogs,
  papers,
  reviewInvitations,
  roleSpecializations,
  specializations,
  users,
} from '../src/db/schema';
import { DEFAULT_SCALE, type ScaleOptions, type ScaleResult, seedScale } from '../src/seed/scale';
import { buildTestApp, type TestApp } from './harness';

const options: ScaleOptions = {
  ...DEFAULT_SCALE,
  journals: 2,
  researchers: 12,
  reviewers: 3,
  specialists: 4,
  papers: 300,
  issues: 4,
  heavy: 60,
  seed: 7,
};

describe('the scale seed', () => {
  let app: TestApp;
  let result: ScaleResult;
  let rows: (typeof papers.$inferSelect)[];

  beforeAll(async () => {
    app = await buildTestApp();
    result = await seedScale(app.deps.db, options);
    rows = await app.deps.db.select().from(papers).where(inArray(papers.journalId, result.journalIds));
  }, 60_000);
  afterAll(() => app?.close());

  it('loads as many journals, accounts, issues and papers as asked', async () => {
    const db = app.deps.db;
    expect(result.journalIds).toHaveLength(2);
    expect(rows).toHaveLength(300);
    expect(result.rows.papers).toBe(300);
    const [roles] = await db
      .select({ n: count() })
      .from(journalRoles)
      .where(inArray(journalRoles.journalId, result.journalIds));
    // The first journal has the 4 specialists on top of its 3 reviewers.
    expect(roles!.n).toBe(2 * (1 + 12 + 3) + 4);
    const published = await db.select().from(issues).where(inArray(issues.journalId, result.journalIds));
    expect(published).toHaveLength(2 * 4);
    expect(published.every((issue) => issue.status === 1)).toBe(true);
    const ids = rows.map((paper) => paper.id);
    const [authors] = await db.select({ n: count() }).from(paperAuthors).where(inArray(paperAuthors.paperId, ids));
    const [files] = await db.select({ n: count() }).from(paperFiles).where(inArray(paperFiles.paperId, ids));
    const [logs] = await db.select({ n: count() }).from(paperLogs).where(inArray(paperLogs.paperId, ids));
    expect({ authors: authors!.n, files: files!.n, logs: logs!.n }).toEqual({
      authors: result.rows.authors,
      files: result.rows.files,
      logs: result.rows.logs,
    });
  });

  it('gives every paper that went to review its invitations, and the first specialization its specialists', async () => {
    const db = app.deps.db;
    const invitations = await db
      .select()
      .from(reviewInvitations)
      .where(inArray(reviewInvitations.journalId, result.journalIds));
    expect(invitations).toHaveLength(result.rows.invitations);
    const reviewed = rows.filter((paper) => paper.submittedAt !== null && paper.status >= PAPER_STATUS.underReview);
    expect(invitations.length).toBe(2 * reviewed.length);
    for (const invitation of invitations) {
      const paper = rows.find((row) => row.id === invitation.paperId)!;
      // Under review: one accepted, one waiting; further on: reviewed or refused, never still open.
      if (paper.status === PAPER_STATUS.underReview) expect([1, 2]).toContain(invitation.status);
      else expect([3, 4]).toContain(invitation.status);
      if (invitation.status === 3)
        expect(invitation.reviewedAt!.getTime()).toBeGreaterThanOrEqual(invitation.invitedAt.getTime());
    }
    const firstSpecialization = await db
      .select({ n: count() })
      .from(roleSpecializations)
      .innerJoin(specializations, eq(specializations.id, roleSpecializations.specializationId))
      .where(eq(specializations.journalId, result.journalIds[0]!))
      .groupBy(specializations.id)
      .orderBy(specializations.id);
    expect(firstSpecialization[0]!.n).toBe(4 + 1);
  });

  it('spreads the papers over every status, with resubmissions', () => {
    expect(new Set(rows.map((paper) => paper.status))).toEqual(new Set(Object.values(PAPER_STATUS)));
    const resubmitted = rows.filter((paper) => paper.parentPaperId !== null);
    expect(resubmitted.length).toBeGreaterThan(0);
    const byId = new Map(rows.map((paper) => [paper.id, paper]));
    for (const paper of resubmitted) {
      const parent = byId.get(paper.parentPaperId!)!;
      expect({ code: parent.code, superseded: parent.superseded, version: paper.version }).toEqual({
        code: paper.code,
        superseded: true,
        version: 2,
      });
    }
  });

  it('gives every submitted paper authors and a code unique in its journal', async () => {
    const submitted = rows.filter((paper) => paper.status !== PAPER_STATUS.draft);
    const authored = await app.deps.db
      .selectDistinct({ paperId: paperAuthors.paperId })
      .from(paperAuthors)
      .where(
        inArray(
          paperAuthors.paperId,
          submitted.map((paper) => paper.id),
        ),
      );
    expect(authored).toHaveLength(submitted.length);
    const current = submitted.filter((paper) => !paper.superseded);
    for (const paper of current) expect(paper.code).toMatch(PROPOSAL_CODE_SHAPE);
    const codes = new Set(current.map((paper) => `${paper.journalId} ${paper.code}`));
    expect(codes.size).toBe(current.length);
  });

  it('places published papers in published issues of their journal', async () => {
    const published = rows.filter((paper) => paper.status === PAPER_STATUS.published);
    const journalIssues = await app.deps.db.select().from(issues).where(inArray(issues.journalId, result.journalIds));
    const issueById = new Map(journalIssues.map((issue) => [issue.id, issue]));
    for (const paper of published) {
      const issue = issueById.get(paper.issueId!);
      expect(issue?.journalId).toBe(paper.journalId);
      expect(issue?.status).toBe(1);
      expect(paper.titleAr).not.toMatch(/[A-Za-z]/);
    }
  });

  it('gives the heavy author the stated share, and the author dashboard counts it after a login', async () => {
    const [author] = await app.deps.db.select().from(users).where(eq(users.email, result.heavyAuthor.email));
    const own = rows.filter((paper) => paper.creatorId === author!.id);
    expect(own).toHaveLength(options.heavy);
    expect(result.heavyAuthor.papers).toBe(options.heavy);
    const [listed] = await app.deps.db
      .select({ n: count() })
      .from(papers)
      .where(
        and(eq(papers.creatorId, author!.id), ne(papers.status, PAPER_STATUS.draft), eq(papers.superseded, false)),
      );

    const client = app.client();
    await client.login(result.heavyAuthor.email, result.password, 'scale-1');
    const dashboard = await client.get('/api/journals/scale-1/papers/mine');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.total).toBe(listed!.n);
    expect(dashboard.body.total).toBeGreaterThan(options.heavy / 2);
  });
});
