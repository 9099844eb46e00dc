import { REVIEW_LIMITS, REVIEW_STATUS } from '@journals/core/reviewing';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { shownReviewerName } from '../../domain/reviewer-names';
import { paperLogs, papers, remindersSent, reviewInvitations, users } from '../../db/schema';
import { reminderNotes } from './reminder-milestones';
import type { Deps } from '../../lib/deps';
import type { Journal } from '../../domain/journal-context';
import { papersAuthoredBy } from '../../domain/paper-access';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import { mailDay, paperValues } from '../../domain/paper-mail';

/**
 * Reminds the late reviewers (spec 01 §2, the delayInPeerReview list's button): every invitation still open (invited
 * or accepted) whose deadline has passed, on the papers under review that the caller runs (a handling editor: those
 * of their specializations), gets the journal's reminder mail in its reviewer's language and a `reminderSent` log
 * entry, in one transaction. One mail per invitation: a reviewer late on two papers gets two, each naming its paper
 * and deadline (decision 0023). An invitation reminded by hand within the last `remindAgainAfterMinutes` is not
 * reminded again (issue 19 §5, decision 0029): the rows are claimed by one update that locks them, so presses at
 * the same moment cannot both send. The scheduled job's own late reminder for that deadline is marked sent, so it
 * does not follow the editor's. Returns how many were reminded now and how many had been within that time.
 */
export async function remindLateReviewers(
  deps: Deps,
  journal: Journal,
  actorId: number,
  handledSpecializations: number[] | null,
  today: string,
) {
  const { reminded, recentlyReminded, mailIds } = await deps.db.transaction(async (tx) => {
    const late = await tx
      .select({
        invitationId: reviewInvitations.id,
        paper: {
          id: papers.id,
          journalId: papers.journalId,
          status: papers.status,
          title: papers.title,
          code: papers.code,
          submittedAt: papers.submittedAt,
          abstract: papers.abstract,
        },
        deadline: reviewInvitations.deadline,
        email: users.email,
        language: users.language,
        fullName: users.fullName,
        shownName: shownReviewerName(),
      })
      .from(reviewInvitations)
      .innerJoin(papers, eq(papers.id, reviewInvitations.paperId))
      .innerJoin(users, eq(users.id, reviewInvitations.reviewerId))
      .where(
        and(
          eq(reviewInvitations.journalId, journal.id),
          sql`${reviewInvitations.removedAt} is null`,
          sql`${reviewInvitations.status} in (1, 2)`,
          sql`${reviewInvitations.deadline} < ${today}`,
          eq(papers.status, 2),
          eq(users.banned, false),
          // Never the reviewers of a paper the caller created or co-authors (core paperRelation).
          sql`${papers.id} <> all(${papersAuthoredBy(actorId)})`,
          handledSpecializations === null
            ? undefined
            : handledSpecializations.length === 0
              ? sql`false`
              : sql`${papers.specializationId} in ${handledSpecializations}`,
        ),
      )
      .orderBy(asc(reviewInvitations.id));
    if (late.length === 0) return { reminded: 0, recentlyReminded: 0, mailIds: [] };
    // The papers first, then the invitations, the order of every editor's change of an invitation (decision 0073):
    // the log lines below reference the papers, which waits on a removal holding one, while that removal waits on
    // an invitation locked here — a deadlock on PostgreSQL (a 500) in the opposite order.
    await tx
      .select({ id: papers.id })
      .from(papers)
      .where(inArray(papers.id, [...new Set(late.map((row) => row.paper.id))]))
      .orderBy(asc(papers.id))
      .for('no key update');
    // A press at the same moment waits here (locks taken in one order, so two presses cannot deadlock), then
    // finds the rows reminded: only one of them sends.
    await tx
      .select({ id: reviewInvitations.id })
      .from(reviewInvitations)
      .where(
        inArray(
          reviewInvitations.id,
          late.map((row) => row.invitationId),
        ),
      )
      .orderBy(asc(reviewInvitations.id))
      .for('update');
    const claimed = await tx
      .update(reviewInvitations)
      .set({ remindedAt: sql`now()` })
      .where(
        and(
          inArray(
            reviewInvitations.id,
            late.map((row) => row.invitationId),
          ),
          // Still open: answered or removed while this press waited, it is not reminded.
          isNull(reviewInvitations.removedAt),
          inArray(reviewInvitations.status, [REVIEW_STATUS.invited, REVIEW_STATUS.accepted]),
          sql`(${reviewInvitations.remindedAt} is null
            or ${reviewInvitations.remindedAt} < now() - make_interval(mins => ${REVIEW_LIMITS.remindAgainAfterMinutes}))`,
        ),
      )
      .returning({ id: reviewInvitations.id });
    const claimedIds = new Set(claimed.map((row) => row.id));
    const due = late.filter((row) => claimedIds.has(row.invitationId));
    const recentlyReminded = late.length - due.length;
    if (due.length === 0) return { reminded: 0, recentlyReminded, mailIds: [] };
    // One template read and three inserts, whatever the number of late reviewers.
    const mails = await templateMails(tx, journal, 'reviewerReminder', due, (recipient) => {
      const row = recipient as (typeof due)[number];
      return { ...paperValues(deps.config, journal, row.paper), Reviewing_Deadline: mailDay(row.deadline) };
    });
    const mailIds = await queueMail(tx, ...mails);
    await tx.insert(paperLogs).values(
      due.map((row) => ({
        journalId: journal.id,
        paperId: row.paper.id,
        action: 'reminderSent' as const,
        actorId,
        paperStatus: row.paper.status,
        notes: reminderNotes('reviewLate', [row.shownName], row.deadline),
      })),
    );
    await tx
      .insert(remindersSent)
      .values(
        due.map((row) => ({
          kind: 'reviewLate',
          subjectId: row.invitationId,
          milestone: row.deadline,
          journalId: journal.id,
        })),
      )
      .onConflictDoNothing();
    return { reminded: due.length, recentlyReminded, mailIds };
  });
  await deps.jobs.dispatchMail(mailIds);
  return { sent: reminded, recentlyReminded };
}
