import { EDITOR_TYPES } from '@journals/core/enums';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bannedIn, type WithdrawOpenInvitations } from '../../domain/journal-bans';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError } from '../../lib/errors';

/**
 * A journal's ban and its lifting (issue 22 §1, decision 0040). The ban is a row of journal_bans: the person's
 * sessions read as signed out in this journal from the commit on (plugins/context.ts; every process's session cache
 * is told by the table's trigger), sign-in here is refused, and their open review invitations here are withdrawn as
 * the editor's removals, logged on each paper. Their roles stay, so lifting the ban gives back what they had.
 */

interface Target {
  isPlatformAdmin: boolean;
  isManager: boolean;
  banned: boolean;
}

/** The person as a ban needs them, locked against a second ban or a role change racing this one; 404 if not here. */
async function lockTarget(tx: Tx, journalId: number, userId: number): Promise<Target> {
  await tx.execute(sql`select 1 from journal_roles where journal_id = ${journalId} and user_id = ${userId} for update`);
  const [target] = await rowsOf<Target>(
    tx,
    sql`select u.is_platform_admin as "isPlatformAdmin",
        bool_or(r.role = 'editor' and r.editor_type = ${EDITOR_TYPES.journalManager}) as "isManager",
        ${bannedIn(journalId, sql`u.id`)} as banned
      from users u join journal_roles r on r.user_id = u.id and r.journal_id = ${journalId}
      where u.id = ${userId}
      group by u.id`,
  );
  if (!target) throw NotFoundError('users.not_found');
  return target;
}

/** Bans a person of the journal; banning a banned person changes nothing. Returns the invitations withdrawn. */
export async function banFromJournal(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  journal: Journal,
  actorId: number,
  userId: number,
  withdrawOpenInvitations: WithdrawOpenInvitations,
): Promise<number> {
  if (userId === actorId) throw ConflictError('users.ban_self');
  const { withdrawn, mailIds } = await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, journal.id, userId);
    if (target.isPlatformAdmin) throw ConflictError('users.ban_platform_admin');
    if (target.banned) return { withdrawn: 0, mailIds: [] };
    if (target.isManager) {
      const [others] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from journal_roles r
          where r.journal_id = ${journal.id} and r.role = 'editor' and r.editor_type = ${EDITOR_TYPES.journalManager}
            and r.user_id <> ${userId} and not ${bannedIn(journal.id, sql`r.user_id`)}`,
      );
      if (others!.n === 0) throw ConflictError('users.ban_last_manager');
    }
    await tx.execute(sql`insert into journal_bans (journal_id, user_id, banned_by)
      values (${journal.id}, ${userId}, ${actorId}) on conflict do nothing`);
    return withdrawOpenInvitations(tx, deps, journal, userId, actorId);
  });
  await deps.jobs.dispatchMail(mailIds);
  return withdrawn;
}

/** Lifts the journal's ban on one of its people; lifting it where there is none changes nothing. */
export async function unbanFromJournal(db: Deps['db'], journalId: number, userId: number) {
  await db.transaction(async (tx) => {
    await lockTarget(tx, journalId, userId);
    await tx.execute(sql`delete from journal_bans where journal_id = ${journalId} and user_id = ${userId}`);
  });
}
