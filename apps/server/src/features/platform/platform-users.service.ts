import { JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import {
  erasedAccount,
  PLATFORM_USERS_COUNT_CAP,
  PLATFORM_USERS_PAGE_SIZE,
  type PlatformUsersQuery,
  type PlatformUsersResponse,
} from '@journals/core/schemas/platform';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { rowsOf } from '../../db/rows';
import { journals } from '../../db/schema';
import type { WithdrawOpenInvitations } from '../../domain/journal-bans';
import type { Deps } from '../../lib/deps';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors';

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
  erased: boolean;
  createdAt: Date | string;
  journals: { slug: string; roles: JournalRole[] }[] | null;
}

export async function platformUserPage(db: Database, query: PlatformUsersQuery): Promise<PlatformUsersResponse> {
  const accounts = found(query);
  const [rows, counted] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`select u.id, u.full_name as "fullName", u.email, u.email_confirmed as "emailConfirmed", u.banned,
          u.is_platform_admin as "isPlatformAdmin", u.erased_at is not null as erased, u.created_at as "createdAt",
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
    const [target] = await rowsOf<{ banned: boolean; isPlatformAdmin: boolean; erased: boolean }>(
      tx,
      sql`select banned, is_platform_admin as "isPlatformAdmin", erased_at is not null as erased
        from users where id = ${userId} for update`,
    );
    if (!target) throw NotFoundError('platform.user_not_found');
    // An erased account stays suspended: nobody is behind it any more.
    if (target.erased) throw ConflictError('platform.already_erased');
    if (!banned) {
      if (target.banned) await tx.execute(sql`update users set banned = false where id = ${userId}`);
      return { withdrawn: 0, mailIds: [] };
    }
    if (target.isPlatformAdmin) throw ConflictError('platform.suspend_platform_admin');
    if (target.banned) return { withdrawn: 0, mailIds: [] };
    await tx.execute(sql`update users set banned = true where id = ${userId}`);
    await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    return withdrawEverywhere(tx, deps, userId, actorId, withdrawOpenInvitations);
  });
  await deps.jobs.dispatchMail(mailIds);
  return withdrawn;
}

/** Withdraws the person's open review invitations in every journal that has one, each with its own texts. */
async function withdrawEverywhere(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  userId: number,
  actorId: number,
  withdrawOpenInvitations: WithdrawOpenInvitations,
) {
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
}

/**
 * Erases a person (issue 22 §1, decision 0053): everything that says who they were goes — name, e-mail, phone, work,
 * ORCID iD, keywords, password, sessions and links, roles and specializations in every journal, bans and opt-outs, the
 * mail waiting for them, the bodies of the mail they were sent — and the account row stays, anonymised and
 * suspended, so that their papers, reviews, decisions, payments and logs keep pointing at it. Their open invitations
 * are withdrawn first (the papers go on without them). The account's e-mail must be typed again. One transaction.
 */
export async function eraseAccount(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  actorId: number,
  userId: number,
  typedEmail: string,
  withdrawOpenInvitations: WithdrawOpenInvitations,
) {
  if (userId === actorId) throw ConflictError('platform.erase_self');
  const mailIds = await deps.db.transaction(async (tx) => {
    const [target] = await rowsOf<{ email: string; isPlatformAdmin: boolean; erased: boolean }>(
      tx,
      sql`select email, is_platform_admin as "isPlatformAdmin", erased_at is not null as erased
        from users where id = ${userId} for update`,
    );
    if (!target) throw NotFoundError('platform.user_not_found');
    if (target.isPlatformAdmin) throw ConflictError('platform.erase_platform_admin');
    if (target.erased) throw ConflictError('platform.already_erased');
    if (typedEmail.trim().toLowerCase() !== target.email.toLowerCase()) {
      throw FieldError('Email', 'platform.erase_email_mismatch');
    }
    const { mailIds } = await withdrawEverywhere(tx, deps, userId, actorId, withdrawOpenInvitations);
    const anonymous = erasedAccount(userId);
    await tx.execute(sql`update users set email = ${anonymous.email}, full_name = ${anonymous.fullName},
        name_on_paper = ${anonymous.fullName}, phone = null, job_title = '', work_place = '', orcid = null,
        personal_keywords = '{}', available_as_reviewer = false, email_confirmed = false, banned = true,
        password_hash = '!erased', erased_at = now()
      where id = ${userId}`);
    for (const table of ['sessions', 'user_tokens', 'user_specializations', 'role_specializations', 'journal_roles']) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where user_id = ${userId}`);
    }
    await tx.execute(sql`delete from journal_bans where user_id = ${userId}`);
    await tx.execute(sql`delete from bulk_mail_opt_outs where lower(email) = lower(${target.email})`);
    // The mail waiting for them is not sent (the withdrawals' notices among it); what was sent keeps its record
    // (kind, subject, dates) without its body or their address.
    const dropped = await rowsOf<{ id: number }>(
      tx,
      sql`delete from mail_outbox where lower(to_address) = lower(${target.email}) and state = 'pending' returning id`,
    );
    await tx.execute(sql`update mail_outbox set to_address = ${anonymous.email}, text = '', html = null
      where lower(to_address) = lower(${target.email})`);
    const gone = new Set(dropped.map((row) => row.id));
    return mailIds.filter((id) => !gone.has(id));
  });
  await deps.jobs.dispatchMail(mailIds);
}
