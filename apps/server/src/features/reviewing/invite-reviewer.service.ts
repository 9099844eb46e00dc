import { randomBytes } from 'node:crypto';
import { canStartReview } from '@journals/core/rules/payments';
import { reviewIsOpen, statusAfterInvite } from '@journals/core/rules/reviewing';
import { deadlineError, type InviteReviewerRequest } from '@journals/core/schemas/reviewing';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  journalPaymentSettings,
  journalRoles,
  papers,
  reviewInvitations,
  roleSpecializations,
  specializations,
  users,
} from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError, databaseError, FieldError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import type { Paper } from '../../domain/paper-access';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import { invitationLinks } from './invitation-links';
import { lockPaper, log } from '../../domain/paper-changes';
import { mailDay, paperValues } from '../../domain/paper-mail';
import { rowsOf } from '../../db/rows';
import { bannedIn, notBannedIn } from '../../domain/journal-bans';
import { today } from '../../domain/reviews';

/**
 * Inviting a reviewer (spec 02 §2, DESIGN §4, issue 19 §4): one of the journal's reviewers or someone named by
 * e-mail, checked for conflicts of interest, with the invitation mail and its signed links.
 */

/** The reviewer an editor named: a reviewer of this journal with that reviewer specialization, or 400. */
async function namedReviewer(tx: Tx, journal: Journal, reviewerId: number, specializationId: number) {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      workPlace: users.workPlace,
    })
    .from(journalRoles)
    .innerJoin(users, eq(users.id, journalRoles.userId))
    .innerJoin(
      roleSpecializations,
      and(
        eq(roleSpecializations.userId, journalRoles.userId),
        eq(roleSpecializations.role, 'reviewer'),
        eq(roleSpecializations.specializationId, specializationId),
      ),
    )
    .where(
      and(
        eq(journalRoles.journalId, journal.id),
        eq(journalRoles.role, 'reviewer'),
        eq(journalRoles.userId, reviewerId),
        eq(users.banned, false),
        notBannedIn(journal.id, users.id),
      ),
    );
  if (!row) throw FieldError('ReviewerId', 'validation.reviewer_not_candidate');
  return { ...row, created: false };
}

/**
 * Someone invited by name and e-mail (issue 19 §4): their account when they have one, else a new account, not
 * active, whose password is set when the invitation is accepted. Either way the account gains the reviewer role and
 * the specialization here only when its owner accepts (invitation-answer.service `accept`), and the editor is answered with
 * what they typed, never the account's own name or workplace.
 */
async function invitedPerson(
  tx: Tx,
  journal: Journal,
  person: NonNullable<InviteReviewerRequest['newReviewer']>,
  language: 'en' | 'ar',
) {
  const columns = {
    id: users.id,
    email: users.email,
    fullName: users.fullName,
    language: users.language,
    workPlace: users.workPlace,
    banned: sql<boolean>`${users.banned} or ${bannedIn(journal.id, users.id)}`,
  };
  const [existing] = await tx.select(columns).from(users).where(eq(users.email, person.email));
  if (existing?.banned) throw FieldError('NewReviewer.email', 'validation.reviewer_not_candidate');
  // Someone else's account: editors see the name they typed until its owner accepts (domain/reviewer-names).
  if (existing) return { ...existing, invitedName: person.fullName };
  const [created] = await tx
    .insert(users)
    .values({
      email: person.email,
      // No password can match this: the reviewer sets one when accepting.
      passwordHash: `!unset-${randomBytes(16).toString('hex')}`,
      fullName: person.fullName,
      nameOnPaper: person.fullName.slice(0, 50),
      availableAsReviewer: true,
      emailConfirmed: false,
      language,
    })
    .returning(columns);
  return { ...created!, invitedName: null };
}

/** The specialization named in an invitation: one of this journal's, or 400 (never another journal's, issue 19 §4). */
async function journalSpecialization(tx: Tx, journal: Journal, specializationId: number) {
  const [row] = await tx
    .select({ id: specializations.id })
    .from(specializations)
    .where(and(eq(specializations.id, specializationId), eq(specializations.journalId, journal.id)));
  if (!row) throw FieldError('SpecializationId', 'validation.unknown_specialization');
}

/** A conflict of interest between a reviewer and a paper: an author by e-mail, or an author's workplace. */
async function conflictOf(tx: Tx, paperId: number, reviewer: { email: string; workPlace: string }) {
  const [row] = await rowsOf<{ is_author: boolean; same_workplace: boolean }>(
    tx,
    sql`
    select bool_or(lower(email) = lower(${reviewer.email})) as is_author,
      bool_or(trim(work_place) <> '' and lower(trim(work_place)) = lower(trim(${reviewer.workPlace}))) as same_workplace
    from paper_authors where paper_id = ${paperId}`,
  );
  return row?.is_author ? 'author' : row?.same_workplace ? 'workplace' : null;
}

/**
 * Invites a reviewer (DESIGN §4): the paper must be in review and its fee paid; the first invitation moves it to
 * under review, with its log and the invitation mail carrying the signed links, in one transaction.
 */
export async function invite(
  deps: Deps,
  journal: Journal,
  paper: Paper,
  actorId: number,
  body: InviteReviewerRequest,
  language: 'en' | 'ar',
) {
  const dateError = deadlineError(body.deadline, today());
  if (dateError) throw FieldError('Deadline', dateError);
  const result = await deps.db
    .transaction(async (tx) => {
      const current = await lockPaper(tx, paper.id);
      if (!current || !reviewIsOpen(current)) throw ConflictError('errors.reviewClosed');
      const [settings] = await tx
        .select({ atUpload: journalPaymentSettings.atUpload })
        .from(journalPaymentSettings)
        .where(eq(journalPaymentSettings.journalId, journal.id));
      if (!canStartReview(current, settings)) throw ConflictError('errors.reviewWaitsForPayment');
      await journalSpecialization(tx, journal, body.specializationId);
      const reviewer = body.reviewerId
        ? { ...(await namedReviewer(tx, journal, body.reviewerId, body.specializationId)), invitedName: null }
        : await invitedPerson(tx, journal, body.newReviewer!, language);
      const field = body.reviewerId ? 'ReviewerId' : 'NewReviewer.email';
      const conflict = reviewer.id === current.creatorId ? 'author' : await conflictOf(tx, current.id, reviewer);
      // Nobody reviews a paper they created or co-author (core paperRelation): no confirmation opens that.
      if (conflict === 'author')
        throw new AppError('conflict', 'errors.reviewerIsAuthor', { [field]: ['validation.conflict_author'] });
      if (conflict && !body.confirmConflict)
        throw new AppError('conflict', 'errors.conflictOfInterest', { [field]: [`validation.conflict_${conflict}`] });
      const [invitation] = await tx
        .insert(reviewInvitations)
        .values({
          journalId: journal.id,
          paperId: current.id,
          reviewerId: reviewer.id,
          invitedBy: actorId,
          deadline: body.deadline,
          invitedName: reviewer.invitedName,
          specializationId: body.specializationId,
        })
        .returning();
      const status = statusAfterInvite(current.status);
      await log(tx, current, 'reviewerAdded', actorId, current.status, reviewer.invitedName ?? reviewer.fullName);
      if (status !== current.status) {
        const now = new Date();
        await tx.update(papers).set({ status, statusDate: now, modifiedAt: now }).where(eq(papers.id, current.id));
        await log(tx, current, 'statusChanged', actorId, status);
      }
      const links = invitationLinks(deps.config, journal, invitation!);
      const mails = await templateMails(tx, journal, 'reviewInvitation', [reviewer], {
        ...paperValues(deps.config, journal, current),
        Reviewing_Deadline: mailDay(body.deadline),
        AcceptReviewLink: links.accept,
        Refuse_Review_Link: links.refuse,
      });
      return { invitation: invitation!, status, mailIds: await queueMail(tx, ...mails) };
    })
    .catch((error: unknown) => {
      if (databaseError(error)?.constraint === 'review_invitations_once_idx')
        throw new AppError('conflict', 'errors.reviewerAddedBefore', {
          ReviewerId: ['validation.reviewer_added_before'],
        });
      throw error;
    });
  await deps.jobs.dispatchMail(result.mailIds);
  return { id: result.invitation.id, paperStatus: result.status };
}
