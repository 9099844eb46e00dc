import { PAPER_STATUS, type PaperLogAction } from '@journals/core/enums';
import type { Tx } from '../db/client';
import { paperLogs, reviewInvitations } from '../db/schema';
import { inBatches } from './scale-batches';
import { between, DAY, type Person, type Planned, pick, type Random } from './scale-plan';

/**
 * Two review invitations of every paper that went to review, to reviewers of the journal, as the review loop leaves
 * them: under review, one accepted and one waiting for an answer; further on, both reviewed (one in ten refused), in
 * 5 to 40 days. One submitted paper in twelve has one refused invitation. The candidates' figures (open
 * invitations, reviews of the year, median days) and the editorial desk's cards read these.
 */
export async function writeInvitations(
  tx: Tx,
  journalId: number,
  planned: Planned[],
  reviewers: Person[],
  editor: Person,
  rng: Random,
  end: Date,
) {
  if (reviewers.length < 2) return { invitations: 0, logs: 0 };
  const rows: (typeof reviewInvitations.$inferInsert)[] = [];
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  for (const p of planned) {
    if (!p.submittedAt) continue;
    if (p.status === PAPER_STATUS.submitted) {
      // One submitted paper in twelve has had a reviewer decline and nobody else yet (the desk's "declined" card).
      if (rng() >= 1 / 12) continue;
      const invitedAt = new Date(Math.min(p.submittedAt.getTime() + DAY, end.getTime()));
      rows.push({
        journalId,
        paperId: p.id!,
        reviewerId: reviewers[between(rng, 0, reviewers.length - 1)]!.id,
        invitedBy: editor.id,
        invitedAt,
        deadline: day(invitedAt.getTime() + 14 * DAY),
        status: 4,
        answeredAt: invitedAt,
        refusalCategory: 'noTime',
        refusalReason: 'Busy',
      });
      continue;
    }
    if (p.status < PAPER_STATUS.underReview) continue;
    const first = between(rng, 0, reviewers.length - 1);
    const second = (first + between(rng, 1, reviewers.length - 1)) % reviewers.length;
    const invitedAt = new Date(Math.min(p.submittedAt.getTime() + 2 * DAY, end.getTime()));
    // Under review, the deadlines fall around today (extended where the paper waited long): about a third are
    // late, the desk's "late reviews" card.
    const deadline =
      p.status === PAPER_STATUS.underReview
        ? day(Math.max(invitedAt.getTime() + 14 * DAY, end.getTime() + between(rng, -12, 20) * DAY))
        : day(invitedAt.getTime() + 14 * DAY);
    [first, second].forEach((index, n) => {
      const base = {
        journalId,
        paperId: p.id!,
        reviewerId: reviewers[index]!.id,
        invitedBy: editor.id,
        invitedAt,
        deadline,
      };
      if (p.status === PAPER_STATUS.underReview) {
        rows.push({ ...base, status: n === 0 ? 2 : 1, answeredAt: n === 0 ? invitedAt : null });
      } else if (rng() < 0.1) {
        rows.push({ ...base, status: 4, answeredAt: invitedAt, refusalCategory: 'noTime', refusalReason: 'Busy' });
      } else {
        const reviewedAt = new Date(
          Math.min(
            invitedAt.getTime() + between(rng, 5, 40) * DAY,
            Math.max(p.statusDate.getTime(), invitedAt.getTime()),
          ),
        );
        rows.push({
          ...base,
          status: 3,
          answeredAt: invitedAt,
          reviewedAt,
          recommendation: pick(rng, [4, 5, 6, 7, 8]),
        });
      }
    });
  }
  await inBatches(rows, (batch) =>
    tx
      .insert(reviewInvitations)
      .values(batch)
      .then(() => []),
  );
  // Each invitation's log entries as the review loop writes them: added by the editor, then the reviewer's answer
  // and review, at the paper's status of that moment.
  const statusOf = new Map(planned.map((p) => [p.id!, p.status]));
  const nameOf = new Map(reviewers.map((reviewer) => [reviewer.id, reviewer.fullName]));
  const logs: (typeof paperLogs.$inferInsert)[] = [];
  for (const row of rows) {
    const paperStatus = statusOf.get(row.paperId)!;
    const reviewing = Math.min(paperStatus, PAPER_STATUS.underReview);
    const entry = (action: PaperLogAction, actorId: number, at: Date, status: number, notes: string | null) =>
      logs.push({ journalId, paperId: row.paperId, action, actorId, paperStatus: status, notes, createdAt: at });
    const name = nameOf.get(row.reviewerId) ?? null;
    entry('reviewerAdded', editor.id, row.invitedAt!, reviewing, name);
    if (row.status === 4)
      entry('invitationRejected', row.reviewerId, row.answeredAt!, reviewing, `noTime: ${row.refusalReason}`);
    if (row.status === 2 || row.status === 3)
      entry('invitationAccepted', row.reviewerId, row.answeredAt!, reviewing, name);
    if (row.status === 3) entry('invitationFinished', row.reviewerId, row.reviewedAt!, PAPER_STATUS.underReview, name);
  }
  await inBatches(logs, (batch) =>
    tx
      .insert(paperLogs)
      .values(batch)
      .then(() => []),
  );
  return { invitations: rows.length, logs: logs.length };
}
