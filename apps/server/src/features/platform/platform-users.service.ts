import { JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import {
  PLATFORM_USERS_COUNT_CAP,
  PLATFORM_USERS_PAGE_SIZE,
  type PlatformUsersQuery,
  type PlatformUsersResponse,
} from '@journals/core/schemas/platform';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { rowsOf } from '../../db/rows';
import { journals } from '../../db/schema';
import type { WithdrawOpenInvitations } from '../../domain/journal-bans';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError } from '../../lib/errors';

/**
 * The people of every journal (issue 22 §4, decision 0052): every account of the platform, and its suspension on the
 * whole platform (users.banned, the platform administrator's act; a journal's own ban is journal_bans, decision
 * 0040). Two statements for a page whatever the platform's size: the page with each account's journals and roles,
 * and the count, which stops at PLATFORM_USERS_COUNT_CAP.
 */

/** The accounts the query keeps, as `select … as id` without order: the trigram indexes find the words. */
function found(query: PlatformUsersQuery): SQL {
  const conditions: SQL[] = [];
  const words = query.search?.trim();
  if (words) {
    const pattern = containsPattern(words);
    conditions.push(sql`(u.full_name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (query.banned) conditions.push(sql`u.banned = ${query.banned === 'true'}`);
  const where = conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select u.id from users u${where}`;
}

interface Row {
  id: number;
  fullName: string;
  email: string;
  emailConfirmed: boolean;
  banned: boolean;
  isPlatformAdmin: boolean;
  createdAt: Date | string;
  journals: { slug: string; roles: JournalRole[] }[] | null;
}

export async function platformUserPage(db: Database, query: PlatformUsersQuery): Promise<PlatformUsersResponse> {
  const accounts = found(query);
  const [rows, counted] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`select u.id, u.full_name as "fullName", u.email, u.email_confirmed as "emailConfirmed", u.banned,
          u.is_platform_admin as "isPlatformAdmin", u.created_at as "createdAt",
          (select json_agg(json_build_object('slug', held.slug, 'roles', held.roles) order by held.slug)
            from (select j.slug, array_agg(distinct r.role::text) as roles
                  from journal_roles r join journals j on j.id = r.journal_id
                  where r.user_id = u.id group by j.slug) held) as journals
        from (${accounts} order by id desc limit ${PLATFORM_USERS_PAGE_SIZE}
              offset ${(query.page - 1) * PLATFORM_USERS_PAGE_SIZE}) m
        join users u on u.id = m.id
        order by u.id desc`,
    ),
    rowsOf<{ n: string }>(db, sql`select count(*) as n from (${accounts} limit ${PLATFORM_USERS_COUNT_CAP + 1}) f`),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      journals: (row.journals ?? []).map((held) => ({
        slug: held.slug,
        // In the order of JOURNAL_ROLES, as the journal's own list shows them.
        roles: JOURNAL_ROLES.filter((role) => held.roles.includes(role)),
      })),
    })),
    total: Math.min(total, PLATFORM_USERS_COUNT_CAP),
    more: total > PLATFORM_USERS_COUNT_CAP,
    page: query.page,
    pageSize: PLATFORM_USERS_PAGE_SIZE,
  };
}

/**
 * Suspends an account on the whole platform, or lifts the suspension. Suspended: its sessions end (every process's
 * session cache is told by the users table's trigger), sign-in to any journal is refused, and its open review
 * invitations in every journal are withdrawn as an editor's removals, logged on each paper and mailed. Its roles,
 * papers, reviews and payments stay. Doing what is already done changes nothing. Returns the invitations withdrawn.
 */
export async function setPlatformBan(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  actorId: number,
  userId: number,
  banned: boolean,
  withdrawOpenInvitations: WithdrawOpenInvitations,
): Promise<number> {
  if (banned && userId === actorId) throw ConflictError('platform.suspend_self');
  const { withdrawn, mailIds } = await deps.db.transaction(async (tx) => {
    const [target] = await rowsOf<{ banned: boolean; isPlatformAdmin: boolean }>(
      tx,
      sql`select banned, is_platform_admin as "isPlatformAdmin" from users where id = ${userId} for update`,
    );
    if (!target) throw NotFoundError('platform.user_not_found');
    if (!banned) {
      if (target.banned) await tx.execute(sql`update users set banned = false where id = ${userId}`);
      return { withdrawn: 0, mailIds: [] };
    }
    if (target.isPlatformAdmin) throw ConflictError('platform.suspend_platform_admin');
    if (target.banned) return { withdrawn: 0, mailIds: [] };
    await tx.execute(sql`update users set banned = true where id = ${userId}`);
    await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    // The journals where the person has an open invitation: each withdraws its own, with its own texts.
    const held = await tx
      .select()
      .from(journals)
      .where(
        sql`${journals.id} in (select i.journal_id from review_invitations i
          where i.reviewer_id = ${userId} and i.removed_at is null)`,
      )
      .orderBy(journals.id);
    const total = { withdrawn: 0, mailIds: [] as number[] };
    for (const journal of held) {
      const done = await withdrawOpenInvitations(tx, deps, journal, userId, actorId);
      total.withdrawn += done.withdrawn;
      total.mailIds.push(...done.mailIds);
    }
    return total;
  });
  await deps.jobs.dispatchMail(mailIds);
  return withdrawn;
}
