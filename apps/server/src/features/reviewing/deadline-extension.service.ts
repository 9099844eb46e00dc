import { extensionAllowance } from '@journals/core/reviewing';
import { extensionError, invitationAllows, reviewIsOpen } from '@journals/core/rules/reviewing';
import { eq, sql } from 'drizzle-orm';
import { reviewInvitations } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { ConflictError, FieldError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import { log } from '../../domain/paper-changes';
import { mailDay, paperValues, recipientOf } from '../../domain/paper-mail';
import { paperEditors } from './paper-editors';
import { lockForAnswer } from './own-invitation';

/**
 * The reviewer moves an accepted invitation's deadline later (issue 19 §5): within the journal's bound past the
 * current one and its number of times (`extensionError`); editors are told once per extension. The invitation row
 * is locked, so a second press of the same request finds the deadline already moved and is refused, with no mail.
 */
export async function extendDeadline(
  deps: Deps,
  journal: Journal,
  invitationId: number,
  deadline: string,
  today: string,
) {
  const mailIds = await deps.db.transaction(async (tx) => {
    const { invitation, paper } = await lockForAnswer(tx, invitationId);
    if (!invitationAllows({ status: invitation.status, removed: false }, 'extendDeadline'))
      throw ConflictError('errors.cannotExtendDeadline');
    if (!reviewIsOpen(paper)) throw ConflictError('errors.reviewClosed');
    const problem = extensionError(deadline, invitation.deadline, extensionAllowance(journal, invitation), today);
    if (problem) throw FieldError('Deadline', problem);
    await tx
      .update(reviewInvitations)
      .set({
        deadline,
        oldDeadline: invitation.deadline,
        deadlineChanged: true,
        extensionCount: sql`${reviewInvitations.extensionCount} + 1`,
      })
      .where(eq(reviewInvitations.id, invitation.id));
    const reviewer = await recipientOf(tx, invitation.reviewerId);
    await log(
      tx,
      paper,
      'deadlineChanged',
      invitation.reviewerId,
      paper.status,
      `${invitation.deadline} → ${deadline}`,
    );
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'deadlineChanged', await paperEditors(tx, paper), {
        ...paperValues(deps.config, journal, paper),
        Person: reviewer?.fullName ?? '',
        Old_Deadline: mailDay(invitation.deadline),
        Reviewing_Deadline: mailDay(deadline),
      })),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}
