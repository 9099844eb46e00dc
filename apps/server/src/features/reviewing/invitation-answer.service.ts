import { REVIEW_STATUS } from '@journals/core/reviewing';
import { invitationAllows, reviewIsOpen } from '@journals/core/rules/reviewing';
import type { RefusalRequest } from '@journals/core/schemas/reviewing';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shownName } from '../../domain/reviewer-names';
import { journalRoles, papers, reviewInvitations, roleSpecializations, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { hashPassword } from '../../lib/passwords';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import { settlePaperStatus } from './review-state';
import { log } from '../../domain/paper-changes';
import { mailDay, paperValues, recipientOf } from '../../domain/paper-mail';
import { paperEditors } from './paper-editors';
import { lockForAnswer, answered } from './own-invitation';

/**
 * The reviewer answers an invitation: accepts it (setting the password of an account the invitation made, issue 19
 * §4) or declines it, signed in or through the mail's signed link.
 */

/**
 * Accepts an invitation; someone invited without an account sets their password here, which also activates the
 * account (the link came to their mailbox). Editors are told.
 */
export async function accept(deps: Deps, journal: Journal, invitationId: number, password?: string) {
  const passwordHash = password ? await hashPassword(password) : undefined;
  const mailIds = await deps.db.transaction(async (tx) => {
    const { invitation, paper } = await lockForAnswer(tx, invitationId);
    if (!invitationAllows({ status: invitation.status, removed: false }, 'accept')) throw answered();
    if (!reviewIsOpen(paper)) throw ConflictError('errors.reviewClosed');
    const [reviewer] = await tx.select().from(users).where(eq(users.id, invitation.reviewerId));
    if (!reviewer) throw NotFoundError();
    if (needsPassword(reviewer)) {
      if (!passwordHash) throw FieldError('Password', 'validation.password_required');
      await tx.update(users).set({ passwordHash, emailConfirmed: true }).where(eq(users.id, reviewer.id));
    } else if (!reviewer.emailConfirmed) {
      await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, reviewer.id));
    }
    await tx
      .update(reviewInvitations)
      .set({ status: REVIEW_STATUS.accepted, answeredAt: new Date() })
      .where(eq(reviewInvitations.id, invitation.id));
    // The account becomes a reviewer of this journal, in the field named, now that its owner agreed (issue 19 §4;
    // a reviewer chosen from the candidates has both already). An account the invitation made is an external one.
    if (invitation.specializationId !== null) {
      await tx
        .insert(journalRoles)
        .values({
          userId: reviewer.id,
          journalId: journal.id,
          role: 'reviewer',
          externalReviewer: needsPassword(reviewer),
        })
        .onConflictDoNothing();
      if (invitation.specializationId !== null)
        await tx
          .insert(roleSpecializations)
          .values({ userId: reviewer.id, role: 'reviewer', specializationId: invitation.specializationId })
          .onConflictDoNothing();
    }
    await log(tx, paper, 'invitationAccepted', reviewer.id, paper.status, reviewer.fullName);
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'invitationAccepted', await paperEditors(tx, paper), {
        ...paperValues(deps.config, journal, paper),
        Person: reviewer.fullName,
        Reviewing_Deadline: mailDay(invitation.deadline),
      })),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}

/** An account made by an invitation has no password until its owner accepts. */
export const needsPassword = (user: { passwordHash: string }) => user.passwordHash.startsWith('!unset-');

/** Declines an invitation with a category, a reason and an optional suggestion; the paper may then be ready. */
export async function refuse(deps: Deps, journal: Journal, invitationId: number, body: RefusalRequest, direct = false) {
  const mailIds = await deps.db.transaction(async (tx) => {
    const { invitation, paper } = await lockForAnswer(tx, invitationId);
    if (!invitationAllows({ status: invitation.status, removed: false }, 'refuse')) throw answered();
    await tx
      .update(reviewInvitations)
      .set({
        status: REVIEW_STATUS.refused,
        answeredAt: new Date(),
        refusalCategory: body.category,
        refusalReason: body.reason.trim(),
        suggestedReviewer: body.suggestion,
      })
      .where(eq(reviewInvitations.id, invitation.id));
    const account = await recipientOf(tx, invitation.reviewerId);
    // Someone invited by e-mail who declines stays the name the editor typed (issue 19 §4).
    const reviewer = account && { ...account, fullName: shownName(invitation, account.fullName) };
    // Declined from the invitation mail's link page (no sign-in) is "directly rejected"; from the reviewer's
    // dashboard, "rejected" (decision 0024). The refusal, then what it causes.
    await log(
      tx,
      paper,
      direct ? 'invitationDirectlyRejected' : 'invitationRejected',
      // The log names its actor by account: someone invited by e-mail who declines is not named (issue 19 §4).
      invitation.invitedName === null ? invitation.reviewerId : null,
      paper.status,
      `${body.category}: ${body.reason.trim()}`,
    );
    await settlePaperStatus(tx, paper, invitation.reviewerId);
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'invitationRefused', await paperEditors(tx, paper), {
        ...paperValues(deps.config, journal, paper),
        Person: reviewer?.fullName ?? '',
        Refuse_Reviewing_Reason: body.reason.trim(),
        Suggested_Reviewer: body.suggestion || '—',
      })),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}

/** The invitation a signed link names, with what its page shows (no author, nothing beyond that invitation). */
export async function linkedInvitation(db: Database, journal: Journal, invitationId: number | null) {
  if (invitationId === null) throw NotFoundError('errors.invitationLinkInvalid');
  const [row] = await db
    .select({
      invitation: reviewInvitations,
      title: papers.title,
      code: papers.code,
      paperStatus: papers.status,
      superseded: papers.superseded,
      passwordHash: users.passwordHash,
      fullName: users.fullName,
    })
    .from(reviewInvitations)
    .innerJoin(papers, eq(papers.id, reviewInvitations.paperId))
    .innerJoin(users, eq(users.id, reviewInvitations.reviewerId))
    .where(and(eq(reviewInvitations.id, invitationId), eq(reviewInvitations.journalId, journal.id)));
  if (!row || row.invitation.removedAt !== null) throw NotFoundError('errors.invitationLinkInvalid');
  return {
    invitation: row.invitation,
    view: {
      title: row.title,
      code: row.code,
      reviewerName: row.fullName,
      status: row.invitation.status,
      deadline: row.invitation.deadline,
      needsPassword: needsPassword(row),
      open:
        row.invitation.status === REVIEW_STATUS.invited &&
        reviewIsOpen({ status: row.paperStatus, superseded: row.superseded }),
    },
  };
}
