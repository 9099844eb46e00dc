import { EDITORIAL_CARDS, type EditorialCard } from '@journals/core/editorial';
import { addDays, isoDay } from '@journals/core/reviewing';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, paperAuthors, papers, reviewInvitations, specializations, users } from '../src/db/schema';
import { cardPage, deskFront, type DeskScope } from '../src/features/editorial/editorial.service';
import { buildTestApp, type TestApp } from './harness';

/**
 * The card counts agree with a plain reading of DESIGN §4 (issue 10 §6): random sets of papers (every status,
 * superseded or not, of three specializations or none) and invitations (every status, removed or not, deadlines
 * around today), then a random sequence of changes to both (a paper's status, supersession, specialization, a new
 * version, a deletion; an invitation's status, removal, deadline, deletion; the housekeeping's folding of the kept
 * counts in between), counted by the SQL of the desk (desk_paper_counts, kept by the triggers of migration 0028)
 * and by the reference below over the rows as they end, for the editor and for a handling editor of some
 * specializations.
 */

interface PaperRow {
  id: number;
  status: number;
  superseded: boolean;
  specializationId: number | null;
}
interface InvitationRow {
  paperId: number;
  status: number;
  removedAt: Date | null;
  deadline: string;
}

/** DESIGN §4, word for word, on plain rows. */
function reference(card: EditorialCard, paper: PaperRow, invitations: InvitationRow[], today: string): boolean {
  const mine = invitations.filter((invitation) => invitation.paperId === paper.id && invitation.removedAt === null);
  const active = mine.some((invitation) => [1, 2, 3].includes(invitation.status));
  const refused = mine.some((invitation) => invitation.status === 4);
  const late = mine.some((invitation) => [1, 2].includes(invitation.status) && invitation.deadline < today);
  switch (card) {
    case 'submitted':
      return paper.status === 1;
    case 'inPeerReview':
      return paper.status === 2;
    case 'refusedReviewing':
      return [1, 2, 3].includes(paper.status) && refused && !active;
    case 'delayInPeerReview':
      return paper.status === 2 && late;
    case 'reviewedReviewing':
      return paper.status === 3;
    case 'waitingResubmission':
      return paper.status === 5;
    case 'finallyAccepted':
      return paper.status === 4;
    case 'finallyRejected':
      return paper.status === 6;
    case 'published':
      return paper.status === 7;
  }
}

let app: TestApp;
let journalId: number;
let specs: number[];
let creatorId: number;
let reviewerIds: number[];
/** The desk's viewer: an editor who also writes papers (creates some, co-authors some by e-mail). */
let viewer: { id: number; email: string };

beforeAll(async () => {
  app = await buildTestApp();
  const { db } = app.deps;
  journalId = (
    await db.insert(journals).values({ slug: 'desk-property', titleEn: 'Desk', titleAr: 'مكتب' }).returning()
  )[0]!.id;
  specs = (
    await db
      .insert(specializations)
      .values([1, 2, 3].map((n) => ({ journalId, nameEn: `Field ${n}`, nameAr: `حقل ${n}` })))
      .returning()
  ).map((row) => row.id);
  const people = await db.select({ id: users.id, email: users.email }).from(users).limit(5);
  creatorId = people[0]!.id;
  reviewerIds = people.slice(0, 4).map((person) => person.id);
  viewer = people[4]!;
});
afterAll(() => app.close());

const paperArbitrary = fc.record({
  status: fc.integer({ min: 0, max: 7 }),
  superseded: fc.boolean(),
  specialization: fc.integer({ min: -1, max: 2 }),
  /** Whose paper: another researcher's, or the viewer's own (created, or co-authored by e-mail). */
  author: fc.constantFrom('other', 'other', 'viewerCreated', 'viewerCoAuthor'),
  invitations: fc.array(
    fc.record({
      reviewer: fc.integer({ min: 0, max: 3 }),
      status: fc.integer({ min: 1, max: 4 }),
      removed: fc.boolean(),
      deadlineOffset: fc.integer({ min: -3, max: 3 }),
    }),
    { maxLength: 3 },
  ),
});
const changeArbitrary = fc.record({
  kind: fc.constantFrom(
    'status',
    'remove',
    'restore',
    'deadline',
    'delete',
    'paperStatus',
    'supersede',
    'specialization',
    'newVersion',
    'deletePaper',
    'compact',
  ),
  pick: fc.nat(),
  value: fc.integer({ min: 1, max: 4 }),
  paperStatus: fc.integer({ min: 0, max: 7 }),
  specialization: fc.integer({ min: -1, max: 2 }),
  offset: fc.integer({ min: -3, max: 3 }),
});

describe('the editorial cards', () => {
  it('count what DESIGN §4 says, for the editor and for a handling editor, without the papers the viewer created or co-authors', async () => {
    const { db } = app.deps;
    const today = isoDay(new Date());
    await fc.assert(
      fc.asyncProperty(
        fc.array(paperArbitrary, { maxLength: 10 }),
        fc.array(changeArbitrary, { maxLength: 8 }),
        fc.subarray([0, 1, 2]),
        async (planned, changes, handled) => {
          await db.delete(papers).where(eq(papers.journalId, journalId));
          const written = planned.length
            ? await db
                .insert(papers)
                .values(
                  planned.map((p) => ({
                    journalId,
                    creatorId: p.author === 'viewerCreated' ? viewer.id : creatorId,
                    status: p.status,
                    superseded: p.superseded,
                    title: 'A paper',
                    specializationId: p.specialization < 0 ? null : specs[p.specialization]!,
                  })),
                )
                .returning({ id: papers.id })
            : [];
          const coAuthored = planned.flatMap((p, n) => (p.author === 'viewerCoAuthor' ? [written[n]!.id] : []));
          if (coAuthored.length)
            await db.insert(paperAuthors).values(
              coAuthored.map((paperId) => ({
                paperId,
                position: 0,
                fullName: 'The viewer',
                email: viewer.email.toUpperCase(),
                phone: '',
                workPlace: '',
              })),
            );
          const invitations = planned.flatMap((p, n) => {
            // One invitation per reviewer and paper while it is not removed (review_invitations_once_idx).
            const seen = new Set<number>();
            return p.invitations
              .filter((i) => i.removed || (!seen.has(i.reviewer) && seen.add(i.reviewer)))
              .map((i) => ({
                journalId,
                paperId: written[n]!.id,
                reviewerId: reviewerIds[i.reviewer]!,
                status: i.status,
                removedAt: i.removed ? new Date() : null,
                deadline: addDays(today, i.deadlineOffset),
              }));
          });
          const invitationIds = invitations.length
            ? (await db.insert(reviewInvitations).values(invitations).returning({ id: reviewInvitations.id })).map(
                (row) => row.id,
              )
            : [];
          const ids = [...invitationIds];
          const paperIds = written.map((row) => row.id);
          for (const change of changes) {
            if (change.kind === 'compact') {
              await db.execute(sql`select compact_desk_paper_counts()`);
              continue;
            }
            if (['paperStatus', 'supersede', 'specialization', 'newVersion', 'deletePaper'].includes(change.kind)) {
              if (paperIds.length === 0) continue;
              const paperId = paperIds[change.pick % paperIds.length]!;
              const where = eq(papers.id, paperId);
              if (change.kind === 'paperStatus')
                await db.update(papers).set({ status: change.paperStatus }).where(where);
              if (change.kind === 'supersede') await db.update(papers).set({ superseded: true }).where(where);
              if (change.kind === 'specialization')
                await db
                  .update(papers)
                  .set({ specializationId: change.specialization < 0 ? null : specs[change.specialization]! })
                  .where(where);
              // A resubmission: the old version leaves the lists and a new one comes, in one transaction.
              if (change.kind === 'newVersion')
                await db.transaction(async (tx) => {
                  const [old] = await tx.update(papers).set({ superseded: true }).where(where).returning();
                  const [next] = await tx
                    .insert(papers)
                    .values({
                      journalId,
                      creatorId: old!.creatorId,
                      status: 1,
                      title: 'A paper',
                      specializationId: old!.specializationId,
                      version: old!.version + 1,
                    })
                    .returning({ id: papers.id });
                  paperIds.push(next!.id);
                });
              if (change.kind === 'deletePaper') {
                await db.delete(papers).where(where);
                paperIds.splice(paperIds.indexOf(paperId), 1);
                const gone = new Set(invitationIds.filter((_, n) => invitations[n]!.paperId === paperId));
                ids.splice(0, ids.length, ...ids.filter((id) => !gone.has(id)));
              }
              continue;
            }
            if (ids.length === 0) continue;
            const id = ids[change.pick % ids.length]!;
            const where = eq(reviewInvitations.id, id);
            if (change.kind === 'status') await db.update(reviewInvitations).set({ status: change.value }).where(where);
            if (change.kind === 'remove')
              await db.update(reviewInvitations).set({ removedAt: new Date() }).where(where);
            if (change.kind === 'deadline')
              await db
                .update(reviewInvitations)
                .set({ deadline: addDays(today, change.offset) })
                .where(where);
            if (change.kind === 'delete') {
              await db.delete(reviewInvitations).where(where);
              ids.splice(ids.indexOf(id), 1);
            }
            // Restoring may meet the one-active-per-reviewer rule: then it is simply not done.
            if (change.kind === 'restore')
              await db
                .update(reviewInvitations)
                .set({ removedAt: null })
                .where(where)
                .catch(() => undefined);
          }

          const paperRows: (PaperRow & { creatorId: number | null })[] = (
            await db
              .select({
                id: papers.id,
                creatorId: papers.creatorId,
                status: papers.status,
                superseded: papers.superseded,
                specializationId: papers.specializationId,
              })
              .from(papers)
              .where(eq(papers.journalId, journalId))
          ).map((row) => ({ ...row }));
          const invitationRows: InvitationRow[] = paperRows.length
            ? await db
                .select({
                  paperId: reviewInvitations.paperId,
                  status: reviewInvitations.status,
                  removedAt: reviewInvitations.removedAt,
                  deadline: reviewInvitations.deadline,
                })
                .from(reviewInvitations)
                .where(
                  inArray(
                    reviewInvitations.paperId,
                    paperRows.map((row) => row.id),
                  ),
                )
            : [];

          // The viewer's own papers as they end: those they created (a new version too) or co-author.
          const ownPapers = new Set([
            ...coAuthored,
            ...paperRows.filter((p) => p.creatorId === viewer.id).map((p) => p.id),
          ]);
          const scopes: DeskScope[] = [
            { journalId, specializations: null, userId: viewer.id },
            { journalId, specializations: handled.map((n) => specs[n]!), userId: viewer.id },
          ];
          for (const scope of scopes) {
            // The viewer's own papers are never theirs to run (issue 19 §1): not counted, not listed.
            const inScope = paperRows.filter(
              (p) =>
                !ownPapers.has(p.id) &&
                p.status !== 0 &&
                !p.superseded &&
                (scope.specializations === null ||
                  (p.specializationId !== null && scope.specializations.includes(p.specializationId))),
            );
            const expected = Object.fromEntries(
              EDITORIAL_CARDS.map((card) => [
                card,
                inScope.filter((p) => reference(card, p, invitationRows, today)).length,
              ]),
            );
            expect((await deskFront(db, scope, today)).counts).toEqual(expected);
            // Each list holds exactly the card's papers.
            for (const card of EDITORIAL_CARDS) {
              const page = await cardPage(db, scope, card, { page: 1 }, today);
              expect(page.total).toBe(expected[card]);
              expect(page.items.map((item) => item.id).sort()).toEqual(
                inScope
                  .filter((p) => reference(card, p, invitationRows, today))
                  .map((p) => p.id)
                  .sort(),
              );
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
