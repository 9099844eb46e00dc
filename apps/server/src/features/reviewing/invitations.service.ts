import { randomBytes } from 'node:crypto';
import { REVIEW_LIMITS, REVIEW_STATUS } from '@journals/core/reviewing';
import { canStartReview } from '@journals/core/rules/payments';
import { invitationAllows, reviewIsOpen, statusAfterInvite } from '@journals/core/rules/reviewing';
import { deadlineError, type InviteReviewerRequest } from '@journals/core/schemas/reviewing';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { shownName, shownReviewerName } from '../../domain/reviewer-names';
import {
  journalPaymentSettings,
  journalRoles,
  paperFiles,
  paperLogs,
  papers,
  remindersSent,
  reviewInvitations,
  roleSpecializations,
  specializations,
  users,
} from '../../db/schema';
import { reminderNotes } from './reminder-milestones';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError, databaseError, FieldError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { type Paper, papersAuthoredBy } from '../../domain/paper-access';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import { type Invitation, settlePaperStatus } from './review-state';
import { invitationLinks } from './invitation-links';
import { lockPaper, log } from '../../domain/paper-changes';
import { mailDay, paperValues, recipientOf } from '../../domain/paper-mail';
import { rowsOf } from '../../db/rows';
import { today } from '../../domain/reviews';

/**
 * The editor's side of the review (spec 02 §2 "add reviewer", §5; issue 9 §1): who can be invited, with what they
 * carry now; inviting; removing; changing a deadline; the paper's reviewers section.
 */

/**
 * The reviewers of a journal with a reviewer specialization, each with the invitations they hold now, the reviews
 * they finished in the last 12 months and their median days to review; the paper's authors (by e-mail) and
 * colleagues (by workplace) flagged as conflicts; the author's suggestions marked. Sorted: no conflict, fewest
 * open invitations, best match (personal keywords shared with the paper), name. One statement.
 */
export async function candidates(
  db: Database,
  journal: Journal,
  paper: Paper,
  specializationId: number,
  search: string | undefined,
) {
  const pattern = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const keywords = paper.keywords.map((keyword) => keyword.toLowerCase());
  const rows = await rowsOf<{
    id: number;
    full_name: string;
    email: string;
    work_place: string;
    external_reviewer: boolean;
    open_invitations: number;
    recent_reviews: number;
    median_days: number | null;
    is_author: boolean;
    same_workplace: boolean;
    suggested: boolean;
    added_before: boolean;
    match: number;
    total: number;
  }>(
    db,
    // The order needs only the open invitations, the conflicts and the match of every candidate; the year's reviews
    // and the median days are read for the page shown (50 at most), through the reviewer index.
    sql`
    with people as (
      select lower(email) as email, lower(trim(work_place)) as work_place from paper_authors where paper_id = ${paper.id}
    ),
    cand as (
      select u.id, u.full_name, u.email, u.work_place, u.personal_keywords, jr.external_reviewer
      from ${roleSpecializations} rs
      join ${journalRoles} jr on jr.user_id = rs.user_id and jr.journal_id = ${journal.id} and jr.role = 'reviewer'
      join ${users} u on u.id = rs.user_id
      where rs.specialization_id = ${specializationId} and rs.role = 'reviewer' and not u.banned
        ${pattern ? sql`and (u.full_name ilike ${pattern} or u.email ilike ${pattern})` : sql``}
    ),
    open as (
      select reviewer_id, count(*)::int as n from ${reviewInvitations}
      where journal_id = ${journal.id} and status in (1, 2) and removed_at is null
      group by reviewer_id
    ),
    ranked as (
      select c.*, coalesce(o.n, 0) as open_invitations,
        lower(c.email) in (select email from people) as is_author,
        lower(trim(c.work_place)) in (select work_place from people where work_place <> '') as same_workplace,
        case when cardinality(c.personal_keywords) = 0 then 0
          else (select count(*) from unnest(c.personal_keywords) k where lower(k) = any(${sql.param(keywords)}::text[]))::int
        end as match,
        (count(*) over ())::int as total
      from cand c left join open o on o.reviewer_id = c.id
    ),
    top as (
      select * from ranked
      order by (is_author or same_workplace), open_invitations, match desc, full_name, id
      limit ${REVIEW_LIMITS.candidatesPage}
    )
    select t.id, t.full_name, t.email, t.work_place, t.external_reviewer, t.open_invitations, t.is_author,
      t.same_workplace, t.match, t.total,
      coalesce(s.recent_reviews, 0) as recent_reviews,
      round(s.median_days::numeric, 1)::float8 as median_days,
      exists (select 1 from paper_suggested_reviewers x where x.paper_id = ${paper.id} and lower(x.email) = lower(t.email)) as suggested,
      exists (select 1 from ${reviewInvitations} o where o.paper_id = ${paper.id} and o.reviewer_id = t.id and o.removed_at is null) as added_before
    from top t
    left join lateral (
      select count(*) filter (where ri.reviewed_at > now() - make_interval(months => ${REVIEW_LIMITS.recentMonths}))::int as recent_reviews,
        percentile_cont(0.5) within group (order by extract(epoch from ri.reviewed_at - ri.invited_at) / 86400) as median_days
      from ${reviewInvitations} ri
      where ri.reviewer_id = t.id and ri.journal_id = ${journal.id} and ri.status = 3
    ) s on true
    order by (t.is_author or t.same_workplace), t.open_invitations, t.match desc, t.full_name, t.id`,
  );
  const items = rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    workPlace: row.work_place,
    externalReviewer: row.external_reviewer,
    openInvitations: row.open_invitations,
    recentReviews: row.recent_reviews,
    medianDays: row.median_days,
    suggested: row.suggested,
    addedBefore: row.added_before,
    match: row.match,
    conflict: row.is_author ? ('author' as const) : row.same_workplace ? ('workplace' as const) : null,
  }));
  return { items, total: rows[0]?.total ?? 0 };
}

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
      ),
    );
  if (!row) throw FieldError('ReviewerId', 'validation.reviewer_not_candidate');
  return { ...row, created: false };
}

/**
 * Someone invited by name and e-mail (issue 19 §4): their account when they have one, else a new account, not
 * active, whose password is set when the invitation is accepted. Either way the account gains the reviewer role and
 * the specialization here only when its owner accepts (reviewer.service `accept`), and the editor is answered with
 * what they typed, never the account's own name or workplace.
 */
async function invitedPerson(tx: Tx, person: NonNullable<InviteReviewerRequest['newReviewer']>, language: 'en' | 'ar') {
  const columns = {
    id: users.id,
    email: users.email,
    fullName: users.fullName,
    language: users.language,
    workPlace: users.workPlace,
    banned: users.banned,
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
        : await invitedPerson(tx, body.newReviewer!, language);
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

/** An invitation of this paper that is not removed, locked, or 404. */
async function lockInvitation(tx: Tx, paper: Paper, invitationId: number): Promise<Invitation> {
  const [row] = await tx
    .select()
    .from(reviewInvitations)
    .where(and(eq(reviewInvitations.id, invitationId), eq(reviewInvitations.paperId, paper.id)))
    .for('update');
  if (!row || row.removedAt !== null) throw NotFoundError();
  return row;
}

/** Removes an invitation that is not reviewed (soft delete); the paper may then be ready for its decision. */
export async function remove(deps: Deps, journal: Journal, paper: Paper, actorId: number, invitationId: number) {
  const mailIds = await deps.db.transaction(async (tx) => {
    const current = await lockPaper(tx, paper.id);
    if (!current || !reviewIsOpen(current)) throw ConflictError('errors.reviewClosed');
    const invitation = await lockInvitation(tx, current, invitationId);
    if (!invitationAllows({ status: invitation.status, removed: false }, 'remove'))
      throw ConflictError('errors.cannotRemoveReviewer');
    await tx.update(reviewInvitations).set({ removedAt: new Date() }).where(eq(reviewInvitations.id, invitation.id));
    const reviewer = await recipientOf(tx, invitation.reviewerId);
    // The removal, then what it causes (the paper may now be ready for its decision).
    await log(tx, current, 'reviewerRemoved', actorId, current.status, shownName(invitation, reviewer?.fullName ?? ''));
    await settlePaperStatus(tx, current, actorId);
    if (!reviewer || invitation.status === REVIEW_STATUS.refused) return [];
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'reviewerRemoved', [reviewer], paperValues(deps.config, journal, current))),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}

/** The editor sets a new deadline on an invitation not yet reviewed; the old one is kept and the reviewer told. */
export async function editDeadline(
  deps: Deps,
  journal: Journal,
  paper: Paper,
  actorId: number,
  invitationId: number,
  deadline: string,
) {
  const dateError = deadlineError(deadline, today());
  if (dateError) throw FieldError('Deadline', dateError);
  const mailIds = await deps.db.transaction(async (tx) => {
    const current = await lockPaper(tx, paper.id);
    if (!current || !reviewIsOpen(current)) throw ConflictError('errors.reviewClosed');
    const invitation = await lockInvitation(tx, current, invitationId);
    if (!invitationAllows({ status: invitation.status, removed: false }, 'editDeadline'))
      throw ConflictError('errors.cannotEditDeadline');
    await tx
      .update(reviewInvitations)
      .set({ deadline, oldDeadline: invitation.deadline, deadlineChanged: true })
      .where(eq(reviewInvitations.id, invitation.id));
    const reviewer = await recipientOf(tx, invitation.reviewerId);
    await log(tx, current, 'deadlineChanged', actorId, current.status, `${invitation.deadline} → ${deadline}`);
    if (!reviewer) return [];
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'deadlineChanged', [reviewer], {
        ...paperValues(deps.config, journal, current),
        Person: reviewer.fullName,
        Old_Deadline: mailDay(invitation.deadline),
        Reviewing_Deadline: mailDay(deadline),
      })),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}

/**
 * The paper page's reviewers section (issue 9 §1): every current invitation for those who run the review; only
 * their own for a reviewer, without anyone else's name. One statement.
 */
export async function reviewersOf(db: Database, paper: Paper, onlyReviewerId: number | null) {
  const rows = await db
    .select({
      id: reviewInvitations.id,
      reviewerId: reviewInvitations.reviewerId,
      fullName: shownReviewerName(),
      email: users.email,
      externalReviewer: sql<boolean>`coalesce((select ${journalRoles.externalReviewer} from ${journalRoles}
        where ${journalRoles.userId} = ${reviewInvitations.reviewerId} and ${journalRoles.journalId} = ${reviewInvitations.journalId}
        and ${journalRoles.role} = 'reviewer'), false)`,
      status: reviewInvitations.status,
      invitedAt: reviewInvitations.invitedAt,
      deadline: reviewInvitations.deadline,
      oldDeadline: reviewInvitations.oldDeadline,
      deadlineChanged: reviewInvitations.deadlineChanged,
      reviewedAt: reviewInvitations.reviewedAt,
      recommendation: reviewInvitations.recommendation,
      refusalCategory: reviewInvitations.refusalCategory,
      refusalReason: reviewInvitations.refusalReason,
      suggestedReviewer: reviewInvitations.suggestedReviewer,
    })
    .from(reviewInvitations)
    .innerJoin(users, eq(users.id, reviewInvitations.reviewerId))
    .where(
      and(
        eq(reviewInvitations.paperId, paper.id),
        sql`${reviewInvitations.removedAt} is null`,
        onlyReviewerId === null ? undefined : eq(reviewInvitations.reviewerId, onlyReviewerId),
      ),
    )
    .orderBy(asc(reviewInvitations.invitedAt), asc(reviewInvitations.id));
  if (onlyReviewerId === null) return rows;
  // A reviewer reads their own invitation: no names, no refusal details of others (there are none here anyway).
  return rows.map(({ fullName: _name, email: _email, ...own }) => own);
}

/** A review attachment's row, for the download route (the caller has been checked). */
export async function reviewFile(db: Database, invitationId: number, fileId: number) {
  const [file] = await db
    .select()
    .from(paperFiles)
    .where(and(eq(paperFiles.id, fileId), eq(paperFiles.invitationId, invitationId)));
  if (!file) throw NotFoundError();
  return file;
}

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
