import type { ReminderDays } from '@journals/core/limits';
import { type SQL, sql } from 'drizzle-orm';
import type { TemplateType } from '@journals/core/schemas/mail-templates';
import { shownReviewerName } from '../../domain/reviewer-names';

/**
 * The reminders nobody has to press (issue 10 §2, decision 0023): what each one is, whom it goes to, and the one
 * statement that finds every row due across all journals. A milestone names the date the reminder counts from, so
 * that each is sent once (reminders_sent's key) and a moved deadline reaches new ones.
 */
export const REMINDER_KINDS = [
  'invitationUnanswered',
  'reviewDueSoon',
  'reviewDueToday',
  'reviewLate',
  'revisionDueSoon',
  'noReviewer',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** A reminder's paper log notes (editors only): which reminder, to whom, and the date it counts from. */
export const reminderNotes = (kind: ReminderKind, names: readonly string[], milestone: string) =>
  `${kind}: ${names.join(', ') || '—'} (${milestone})`;

/** A reminder that fell due: its key, its paper, and (but for the editors' one) its recipient. */
export interface DueReminder {
  subjectId: number;
  milestone: string;
  journalId: number;
  paperId: number;
  paperStatus: number;
  title: string;
  code: string | null;
  abstract: string;
  submittedAt: string | null;
  /** The review or revision deadline (YYYY-MM-DD), when the reminder has one. */
  deadline: string | null;
  /** Invitation reminders: the invitation's reviewer (for the signed links). */
  reviewerId: number | null;
  email: string | null;
  language: 'en' | 'ar' | null;
  fullName: string | null;
  /** The reviewer as the paper's log names them (domain/reviewer-names): what the editor typed until they accept. */
  shownName: string | null;
}

export interface Milestone {
  kind: ReminderKind;
  template: TemplateType;
  /** Which journal setting gives N; null when the milestone has none (due today, late). */
  days: keyof ReminderDays | null;
  recipient: 'reviewer' | 'author' | 'editors';
  /** Every row due on `today`, not sent yet, at most `limit`; `days` is `{ journalId: N }` as JSON. */
  find: (today: string, days: string, limit: number) => SQL;
}

const day = (timestamp: SQL) => sql`(${timestamp} at time zone 'UTC')::date`;
const isoText = (date: SQL) => sql`to_char(${date}, 'YYYY-MM-DD')`;
const journalDays = (days: string) =>
  sql`days as (select key::int as journal_id, value::int as n from jsonb_each_text(${days}::jsonb))`;
const paperColumns = sql`p.id as "paperId", p.status as "paperStatus", p.title, p.code, p.abstract,
  ${isoText(day(sql`p.submitted_at`))} as "submittedAt"`;
const notSent = (kind: ReminderKind, subjectId: SQL, milestone: SQL) =>
  sql`not exists (select 1 from reminders_sent r where r.kind = ${kind} and r.subject_id = ${subjectId} and r.milestone = ${milestone})`;

/**
 * The open invitations (not removed) of papers under review matching `condition`, with their reviewer. `d.n` is the
 * journal's day count, `today` a date.
 */
function invitationMilestone(kind: ReminderKind, milestone: SQL, condition: (today: SQL) => SQL) {
  return (today: string, days: string, limit: number) => sql`
    with ${journalDays(days)}
    select i.id as "subjectId", ${milestone} as milestone, i.journal_id as "journalId", ${paperColumns},
      ${isoText(sql`i.deadline`)} as deadline, i.reviewer_id as "reviewerId",
      u.email, u.language, u.full_name as "fullName", ${shownReviewerName(sql.raw('i'), sql.raw('u'))} as "shownName"
    from review_invitations i
    join days d on d.journal_id = i.journal_id
    join papers p on p.id = i.paper_id
    join users u on u.id = i.reviewer_id
    where i.removed_at is null and p.status = 2 and not p.superseded and not u.banned
      and ${condition(sql`${today}::date`)}
      and ${notSent(kind, sql`i.id`, milestone)}
    order by i.id
    limit ${limit}`;
}

const invitedDay = isoText(day(sql`i.invited_at`));
const deadlineDay = isoText(sql`i.deadline`);

export const MILESTONES: Milestone[] = [
  {
    // Invited N days ago and not answered yet: the reviewer gets the links again.
    kind: 'invitationUnanswered',
    template: 'reviewerInvitationPending',
    days: 'invitationUnanswered',
    recipient: 'reviewer',
    find: invitationMilestone(
      'invitationUnanswered',
      invitedDay,
      (today) => sql`i.status = 1 and ${day(sql`i.invited_at`)} + d.n <= ${today}`,
    ),
  },
  {
    // Accepted, and the deadline is at most N days away (not today): once per deadline.
    kind: 'reviewDueSoon',
    template: 'reviewerReviewDueSoon',
    days: 'reviewDueSoon',
    recipient: 'reviewer',
    find: invitationMilestone(
      'reviewDueSoon',
      deadlineDay,
      (today) => sql`i.status = 2 and ${today} between i.deadline - d.n and i.deadline - 1`,
    ),
  },
  {
    kind: 'reviewDueToday',
    template: 'reviewerReviewDueToday',
    days: null,
    recipient: 'reviewer',
    find: invitationMilestone('reviewDueToday', deadlineDay, (today) => sql`i.status = 2 and i.deadline = ${today}`),
  },
  {
    // Past the deadline: once per deadline, when first seen late (the editors' button reminds again at will).
    kind: 'reviewLate',
    template: 'reviewerReminder',
    days: null,
    recipient: 'reviewer',
    find: invitationMilestone('reviewLate', deadlineDay, (today) => sql`i.status = 2 and i.deadline < ${today}`),
  },
  {
    // Accepted with modifications, the newest version, and the revision is due in at most N days (or today).
    kind: 'revisionDueSoon',
    template: 'authorRevisionDue',
    days: 'revisionDueSoon',
    recipient: 'author',
    find: (today, days, limit) => sql`
      with ${journalDays(days)}
      select p.id as "subjectId", ${isoText(sql`p.revision_deadline`)} as milestone, p.journal_id as "journalId",
        ${paperColumns}, ${isoText(sql`p.revision_deadline`)} as deadline, null::int as "reviewerId",
        u.email, u.language, u.full_name as "fullName", u.full_name as "shownName"
      from papers p
      join days d on d.journal_id = p.journal_id
      join users u on u.id = p.creator_id
      where p.status = 5 and not p.superseded and p.revision_deadline is not null and not u.banned
        and ${today}::date between p.revision_deadline - d.n and p.revision_deadline
        and ${notSent('revisionDueSoon', sql`p.id`, isoText(sql`p.revision_deadline`))}
      order by p.id
      limit ${limit}`,
  },
  {
    // Submitted N days ago (the status date), the newest version, and still nobody invited (an invitation moves a
    // paper to under review; the check keeps a stray one from being ignored).
    kind: 'noReviewer',
    template: 'editorNoReviewer',
    days: 'noReviewer',
    recipient: 'editors',
    find: (today, days, limit) => sql`
      with ${journalDays(days)}
      select p.id as "subjectId", ${isoText(day(sql`p.status_date`))} as milestone, p.journal_id as "journalId",
        ${paperColumns}, null::text as deadline, null::int as "reviewerId",
        null::text as email, null::text as language, null::text as "fullName", null::text as "shownName"
      from papers p
      join days d on d.journal_id = p.journal_id
      where p.status = 1 and not p.superseded
        and ${day(sql`p.status_date`)} + d.n <= ${today}::date
        and not exists (select 1 from review_invitations i where i.paper_id = p.id and i.removed_at is null
          and i.status in (1, 2, 3))
        and ${notSent('noReviewer', sql`p.id`, isoText(day(sql`p.status_date`)))}
      order by p.id
      limit ${limit}`,
  },
];
