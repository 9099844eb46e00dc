import { PAPER_LOG_ACTIONS, PAPER_STATUS } from '@journals/core/enums';
import { PROPOSAL_CODE_SHAPE } from '@journals/core/papers';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  finalDecisions,
  journals,
  mailOutbox,
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
import { type ScaleResult, seedScale } from '../src/seed/scale';
import { DEFAULT_SCALE, type ScaleOptions } from '../src/seed/scale-options';
import { buildTestApp, type TestApp } from './harness';

const options: ScaleOptions = {
  ...DEFAULT_SCALE,
  journals: 2,
  researchers: 12,
  reviewers: 3,
  specialists: 4,
  members: 5,
  papers: 300,
  issues: 4,
  heavy: 60,
  desk: 90,
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
    // The two journals, and scale-desk with its 90 papers on top.
    expect(result.journalIds).toHaveLength(3);
    expect(rows).toHaveLength(300 + 90);
    expect(result.rows.papers).toBe(300 + 90);
    const [desk] = await db.select().from(journals).where(eq(journals.id, result.journalIds[2]!));
    expect(desk!.slug).toBe('scale-desk');
    expect(rows.filter((paper) => paper.journalId === desk!.id)).toHaveLength(90);
    const [roles] = await db
      .select({ n: count() })
      .from(journalRoles)
      .where(inArray(journalRoles.journalId, result.journalIds));
    // Each journal: its editor, researchers, reviewers and handling editor; the first has the 4 specialists and the
    // 5 members without papers too.
    expect(roles!.n).toBe(3 * (1 + 12 + 3 + 1) + 4 + 5);
    const published = await db.select().from(issues).where(inArray(issues.journalId, result.journalIds));
    expect(published).toHaveLength(3 * 4);
    expect(published.every((issue) => issue.status === 1)).toBe(true);
    const ids = rows.map((paper) => paper.id);
    const [authors] = await db.select({ n: count() }).from(paperAuthors).where(inArray(paperAuthors.paperId, ids));
    const [files] = await db.select({ n: count() }).from(paperFiles).where(inArray(paperFiles.paperId, ids));
    const [logs] = await db.select({ n: count() }).from(paperLogs).where(inArray(paperLogs.paperId, ids));
    const decided = await db.select().from(finalDecisions).where(inArray(finalDecisions.paperId, ids));
    expect({ authors: authors!.n, files: files!.n, logs: logs!.n, decisions: decided.length }).toEqual({
      authors: result.rows.authors,
      files: result.rows.files,
      logs: result.rows.logs,
      decisions: result.rows.decisions,
    });
    // Every paper with a final decision has its decision row, and no other paper has one.
    const decidedStatuses: number[] = [
      PAPER_STATUS.accepted,
      PAPER_STATUS.acceptedWithRevisions,
      PAPER_STATUS.rejected,
      PAPER_STATUS.published,
    ];
    const expected = rows.filter((paper) => paper.submittedAt !== null && decidedStatuses.includes(paper.status));
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(decided.map((row) => row.paperId))).toEqual(new Set(expected.map((paper) => paper.id)));
  });

  it('gives every paper that went to review its invitations, and the first specialization its specialists', async () => {
    const db = app.deps.db;
    const invitations = await db
      .select()
      .from(reviewInvitations)
      .where(inArray(reviewInvitations.journalId, result.journalIds));
    expect(invitations).toHaveLength(result.rows.invitations);
    // Each planned submitted paper left three messages in its journal's outbox (the outbox screen's bench).
    const [mails] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.journalId, result.journalIds));
    expect(mails!.n).toBe(result.rows.mails);
    expect(result.rows.mails).toBeGreaterThan(result.rows.invitations / 2);
    const reviewed = rows.filter((paper) => paper.submittedAt !== null && paper.status >= PAPER_STATUS.underReview);
    const declined = invitations.filter(
      (invitation) => rows.find((row) => row.id === invitation.paperId)!.status === PAPER_STATUS.submitted,
    );
    // Some submitted papers have had a reviewer decline (the desk's card); every paper further on has two.
    expect(declined.length).toBeGreaterThan(0);
    expect(declined.every((invitation) => invitation.status === 4)).toBe(true);
    expect(invitations.length).toBe(2 * reviewed.length + declined.length);
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
      .where(and(eq(specializations.journalId, result.journalIds[0]!), eq(roleSpecializations.role, 'reviewer')))
      .groupBy(specializations.id)
      .orderBy(specializations.id);
    expect(firstSpecialization[0]!.n).toBe(4 + 1);
  });

  it('gives the desk what it shows: a field per paper, a handling editor of two, late and declined reviews', async () => {
    const db = app.deps.db;
    expect(rows.every((paper) => paper.specializationId !== null)).toBe(true);
    expect(new Set(rows.filter((p) => p.journalId === result.journalIds[0]).map((p) => p.specializationId)).size).toBe(
      5,
    );
    const handled = await db
      .select({ n: count() })
      .from(roleSpecializations)
      .innerJoin(users, eq(users.id, roleSpecializations.userId))
      .where(and(eq(roleSpecializations.role, 'handlingEditor'), eq(users.email, 'handling@scale-1.test')));
    expect(handled[0]!.n).toBe(2);
    // The triggers kept the desk's review state: some papers under review are late, some are not.
    const underReview = rows.filter((paper) => paper.status === PAPER_STATUS.underReview && !paper.superseded);
    const today = new Date().toISOString().slice(0, 10);
    const late = underReview.filter((paper) => paper.reviewOpenDeadline! < today);
    expect(underReview.every((paper) => paper.reviewOpenDeadline !== null)).toBe(true);
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(underReview.length);
    expect(rows.some((paper) => paper.status === PAPER_STATUS.submitted && paper.reviewRefusedOnly)).toBe(true);
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

  it('logs each submitted paper as the flows do: its actions, several entries per paper, at its statuses', async () => {
    const logs = await app.deps.db.select().from(paperLogs).where(inArray(paperLogs.journalId, result.journalIds));
    expect(logs.every((log) => (PAPER_LOG_ACTIONS as readonly string[]).includes(log.action))).toBe(true);
    const byPaper = new Map<number, typeof logs>();
    for (const log of logs) byPaper.set(log.paperId, [...(byPaper.get(log.paperId) ?? []), log]);
    for (const paper of rows) {
      const own = byPaper.get(paper.id) ?? [];
      if (!paper.submittedAt) expect(own).toEqual([]);
      else expect(own.filter((log) => log.action === 'newProposal' || log.action === 'newRevision')).toHaveLength(1);
      // Under review and further on: the submission, two reviewers added and their answers, the status changes.
      if (paper.status >= PAPER_STATUS.underReview) expect(own.length).toBeGreaterThanOrEqual(5);
      if (paper.status >= PAPER_STATUS.accepted) expect(own.map((log) => log.action)).toContain('finalDecision');
    }
    expect(logs.length / rows.filter((paper) => paper.submittedAt).length).toBeGreaterThan(4);
    expect(new Set(logs.map((log) => log.paperStatus))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(new Set(logs.map((log) => log.action)).size).toBeGreaterThanOrEqual(9);
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
