import { JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import {
  type JournalUser,
  USERS_COUNT_CAP,
  USERS_PAGE_SIZE,
  type UsersQuery,
  type UsersResponse,
} from '@journals/core/schemas/users';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { NotFoundError } from '../../lib/errors';

/**
 * The journal's users (spec 03 "User list", issue 22 §1): the people holding a role in the journal, newest account
 * first. Two statements whatever the journal's size: the page (its people found in index order, then their accounts
 * and roles) and the count, which stops at USERS_COUNT_CAP.
 */

interface UserRow {
  id: number;
  fullName: string;
  email: string;
  phone: string | null;
  jobTitle: string;
  emailConfirmed: boolean;
  roles: JournalRole[];
  editorType: number | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The journal's people the query keeps, as `select r.user_id …` without order: from journal_roles_journal_user_idx
 * (or the role's index), joined to the accounts only for a search (their trigram indexes).
 */
function members(journalId: number, query: UsersQuery): SQL {
  const words = query.search?.trim();
  const role = query.role ? sql` and r.role = ${query.role}` : sql``;
  if (!words) return sql`select distinct r.user_id from journal_roles r where r.journal_id = ${journalId}${role}`;
  const pattern = `%${escapeLike(words)}%`;
  return sql`select distinct r.user_id from journal_roles r join users u on u.id = r.user_id
    where r.journal_id = ${journalId}${role} and (u.full_name ilike ${pattern} or u.email ilike ${pattern})`;
}

export async function userPage(db: Database, journalId: number, query: UsersQuery): Promise<UsersResponse> {
  const found = members(journalId, query);
  const [rows, counted] = await Promise.all([
    rowsOf<UserRow>(
      db,
      sql`select u.id, u.full_name as "fullName", u.email, u.phone, u.job_title as "jobTitle",
          u.email_confirmed as "emailConfirmed", array_agg(r.role::text) as roles,
          max(r.editor_type)::int as "editorType"
        from (${found} order by r.user_id desc limit ${USERS_PAGE_SIZE}
              offset ${(query.page - 1) * USERS_PAGE_SIZE}) m
        join users u on u.id = m.user_id
        join journal_roles r on r.user_id = u.id and r.journal_id = ${journalId}
        group by u.id
        order by u.id desc`,
    ),
    rowsOf<{ n: string }>(db, sql`select count(*) as n from (${found} limit ${USERS_COUNT_CAP + 1}) f`),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  return {
    items: rows.map(userOf),
    total: Math.min(total, USERS_COUNT_CAP),
    more: total > USERS_COUNT_CAP,
    page: query.page,
    pageSize: USERS_PAGE_SIZE,
  };
}

const userOf = (row: UserRow): JournalUser => ({
  ...row,
  roles: JOURNAL_ROLES.filter((role) => row.roles.includes(role)),
});

/**
 * Activates a person's account (spec 03 §4: one way; a confirmed account stays confirmed): someone with a role in
 * this journal, else not found. Activating an active account changes nothing.
 */
export async function activateUser(db: Database, journalId: number, userId: number) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update users u set email_confirmed = true
      where u.id = ${userId}
        and exists (select 1 from journal_roles r where r.user_id = u.id and r.journal_id = ${journalId})
      returning u.id`,
  );
  if (rows.length === 0) throw NotFoundError('users.not_found');
}
