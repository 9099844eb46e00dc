import { REVIEW_STATUS } from '@journals/core/reviewing';
import { namesAccount } from '@journals/core/rules/reviewing';
import { type SQL, sql } from 'drizzle-orm';
import { reviewInvitations, users } from '../db/schema';

/** A reviewer's name as the editors see it, in a statement and in code (the desk, the review loop, the reminders). */

/**
 * The reviewer's name as editors see it (core `namesAccount`): the name the editor typed for someone invited by
 * e-mail until they accept, then the account's. `invitation` and `user` name the two tables (or their aliases).
 */
export const shownReviewerName = (invitation: SQL = sql`${reviewInvitations}`, user: SQL = sql`${users}`) =>
  sql<string>`case when ${invitation}.invited_name is not null
    and ${invitation}.status not in (${REVIEW_STATUS.accepted}, ${REVIEW_STATUS.reviewed})
    then ${invitation}.invited_name else ${user}.full_name end`;

export const shownName = (invitation: { invitedName: string | null; status: number }, accountName: string) =>
  invitation.invitedName !== null && !namesAccount(invitation) ? invitation.invitedName : accountName;
