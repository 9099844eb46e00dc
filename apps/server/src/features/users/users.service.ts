import { EDITOR_TYPES, JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import {
  type JournalUser,
  type OpenReview,
  type RolesRequest,
  type UserRolesResponse,
  USERS_COUNT_CAP,
  USERS_PAGE_SIZE,
  type UsersQuery,
  type UsersResponse,
} from '@journals/core/schemas/users';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bannedIn } from '../../domain/journal-bans';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors';
import { containsPattern } from '../../db/like';

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
  bannedHere: boolean;
  bannedEverywhere: boolean;
  roles: JournalRole[];
  editorType: number | null;
}

/**
 * The journal's people the query keeps, as `select … as user_id` without order: without a search from
 * journal_roles_journal_user_idx (or the role's index) in user order; with one from the accounts (their trigram
 * indexes, or newest first when the words are common), each checked for a role here through the roles' key, so a
 * journal of 100,000 people is never read whole to find a name.
 */
function members(journalId: number, query: UsersQuery): SQL {
  const words = query.search?.trim();
  const role = query.role ? sql` and r.role = ${query.role}` : sql``;
  // An account this journal made is a pending invitation until its owner confirms it (decision 0071), as an existing
  // account's invitation is until it is accepted: the list never shows which of the two an address was.
  const invited = (
    userId: SQL,
  ) => sql`not exists (select 1 from journal_invitations i join users iu on iu.id = i.user_id
    where i.journal_id = ${journalId} and i.user_id = ${userId} and i.new_account and i.answer is null
      and not iu.email_confirmed)`;
  if (!words) {
    return sql`select distinct r.user_id as user_id from journal_roles r where r.journal_id = ${journalId}${role}
      and ${invited(sql`r.user_id`)}`;
  }
  const pattern = containsPattern(words);
  return sql`select u.id as user_id from users u
    where (u.full_name ilike ${pattern} or u.email ilike ${pattern})
      and exists (select 1 from journal_roles r where r.user_id = u.id and r.journal_id = ${journalId}${role})
      and ${invited(sql`u.id`)}`;
}

export async function userPage(db: Database, journalId: number, query: UsersQuery): Promise<UsersResponse> {
  const found = members(journalId, query);
  const [rows, counted] = await Promise.all([
    rowsOf<UserRow>(
      db,
      sql`select u.id, u.full_name as "fullName", u.email, u.phone, u.job_title as "jobTitle",
          u.email_confirmed as "emailConfirmed", u.banned as "bannedEverywhere",
          ${bannedIn(journalId, sql`u.id`)} as "bannedHere", array_agg(r.role::text) as roles,
          max(r.editor_type)::int as "editorType"
        from (${found} order by user_id desc limit ${USERS_PAGE_SIZE}
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

interface RoleRow {
  role: JournalRole;
  editorType: number | null;
  externalReviewer: boolean;
}

/** The person's rows of journal_roles here, locked for a change when `forUpdate`; not found without any. */
async function rolesHere(db: Database | Tx, journalId: number, userId: number, forUpdate = false) {
  const rows = await rowsOf<RoleRow>(
    db,
    sql`select role, editor_type as "editorType", external_reviewer as "externalReviewer"
      from journal_roles where journal_id = ${journalId} and user_id = ${userId}
      ${forUpdate ? sql`for update` : sql``}`,
  );
  if (rows.length === 0) throw NotFoundError('users.not_found');
  return rows;
}

/** The roles dialog's values: the person, their roles here and each role's specializations and settings. */
export async function userRoles(db: Database, journalId: number, userId: number): Promise<UserRolesResponse> {
  const roles = await rolesHere(db, journalId, userId);
  const [person] = await rowsOf<{ fullName: string; email: string; reviewer: number[]; handling: number[] }>(
    db,
    sql`select u.full_name as "fullName", u.email,
        array(select rs.specialization_id from role_specializations rs join specializations s on s.id = rs.specialization_id
              where rs.user_id = u.id and rs.role = 'reviewer' and s.journal_id = ${journalId} order by 1) as reviewer,
        array(select rs.specialization_id from role_specializations rs join specializations s on s.id = rs.specialization_id
              where rs.user_id = u.id and rs.role = 'handlingEditor' and s.journal_id = ${journalId} order by 1) as handling
      from users u where u.id = ${userId}`,
  );
  const has = (role: JournalRole) => roles.some((row) => row.role === role);
  return {
    id: userId,
    fullName: person!.fullName,
    email: person!.email,
    roles: JOURNAL_ROLES.filter(has),
    reviewerSpecializations: has('reviewer') ? person!.reviewer.map(Number) : [],
    externalReviewer: roles.find((row) => row.role === 'reviewer')?.externalReviewer ?? false,
    editorType: roles.find((row) => row.role === 'editor')?.editorType ?? null,
    editorSpecializations: has('handlingEditor') ? person!.handling.map(Number) : [],
  };
}

/** The reviews a person still owes in the journal (invitations new or accepted, not withdrawn), newest first. */
export async function openReviews(db: Database | Tx, journalId: number, userId: number): Promise<OpenReview[]> {
  const rows = await rowsOf<OpenReview & { nameEn: string; nameAr: string }>(
    db,
    sql`select i.id as "invitationId", p.id as "paperId", p.code, p.title, s.name_en as "nameEn", s.name_ar as "nameAr",
        p.status as "paperStatus", i.status as "invitationStatus"
      from review_invitations i
      join papers p on p.id = i.paper_id
      join specializations s on s.id = p.specialization_id
      where i.journal_id = ${journalId} and i.reviewer_id = ${userId} and i.removed_at is null
        and i.status in (${REVIEW_STATUS.invited}, ${REVIEW_STATUS.accepted})
      order by i.id desc`,
  );
  return rows.map(({ nameEn, nameAr, ...row }) => ({ ...row, specialization: { nameEn, nameAr } }));
}

/**
 * Sets a person's roles in the journal (spec 03 "Roles dialog", §5, §6): the journal manager's act. The reviewer role
 * stays while the person owes a review here (409, the list from openReviews); the journal keeps a journal manager;
 * every specialization chosen is one of this journal's, not deleted. One transaction: the roles, then each role's
 * specializations of this journal (those of other journals are the other journals' business).
 */
export async function setRoles(db: Database, journalId: number, userId: number, request: RolesRequest) {
  await db.transaction((tx) => changeRoles(tx, journalId, userId, request));
}

/** setRoles inside the caller's transaction (the user form saves roles with the person's details). */
export async function changeRoles(tx: Tx, journalId: number, userId: number, request: RolesRequest) {
  const before = await rolesHere(tx, journalId, userId, true);
  await checkSpecializations(tx, journalId, request);
  await guardRoleLoss(tx, journalId, userId, before, request);
  await writeRoles(tx, journalId, userId, request);
}

/**
 * What roles may not lose (spec 03 §6): the reviewer role stays while the person owes a review here (409, the list
 * from openReviews); the journal keeps a journal manager who is not banned.
 */
async function guardRoleLoss(
  tx: Tx,
  journalId: number,
  userId: number,
  before: RoleRow[],
  after: Pick<RolesRequest, 'roles' | 'editorType'>,
) {
  const wasReviewer = before.some((row) => row.role === 'reviewer');
  if (wasReviewer && !after.roles.includes('reviewer') && (await openReviews(tx, journalId, userId)).length > 0) {
    throw ConflictError('users.reviewer_has_reviews');
  }
  const wasManager = before.some((row) => row.role === 'editor' && row.editorType === EDITOR_TYPES.journalManager);
  const staysManager = after.roles.includes('editor') && after.editorType === EDITOR_TYPES.journalManager;
  if (wasManager && !staysManager) {
    const [others] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from journal_roles r where r.journal_id = ${journalId} and r.role = 'editor'
        and r.editor_type = ${EDITOR_TYPES.journalManager} and r.user_id <> ${userId}
        and not ${bannedIn(journalId, sql`r.user_id`)}`,
    );
    if (others!.n === 0) throw ConflictError('users.last_manager');
  }
}

/**
 * "Delete" from the journal (issue 22 §1): the person's roles here go, with their roles' specializations of this
 * journal; the account, their papers, reviews, payments and the log stay (the platform administrator's erasure is
 * another act). The same refusals as removing the roles one by one.
 */
export async function removeFromJournal(db: Database, journalId: number, userId: number) {
  await db.transaction(async (tx) => {
    const before = await rolesHere(tx, journalId, userId, true);
    await guardRoleLoss(tx, journalId, userId, before, { roles: [], editorType: null });
    await tx.execute(sql`delete from journal_roles where journal_id = ${journalId} and user_id = ${userId}`);
    await tx.execute(sql`delete from role_specializations where user_id = ${userId}
      and specialization_id in (select id from specializations where journal_id = ${journalId})`);
  });
}

/** Every specialization chosen for a role is one of this journal's, not deleted (a field error names the list). */
export async function checkSpecializations(tx: Tx, journalId: number, request: RolesRequest) {
  const chosen = [...new Set([...request.reviewerSpecializations, ...request.editorSpecializations])];
  if (chosen.length === 0) return;
  const known = await rowsOf<{ id: number }>(
    tx,
    sql`select id from specializations where journal_id = ${journalId} and not is_deleted
      and id in (${sql.join(
        chosen.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const ids = new Set(known.map((row) => row.id));
  const unknown = (list: number[]) => list.some((id) => !ids.has(id));
  if (unknown(request.reviewerSpecializations)) {
    throw FieldError('ReviewerSpecializations', 'validation.unknown_specialization');
  }
  if (unknown(request.editorSpecializations)) {
    throw FieldError('EditorSpecializations', 'validation.unknown_specialization');
  }
}

/** Replaces the person's roles here and their roles' specializations of this journal (other journals' stay). */
export async function writeRoles(tx: Tx, journalId: number, userId: number, request: RolesRequest) {
  await tx.execute(sql`delete from journal_roles where journal_id = ${journalId} and user_id = ${userId}`);
  await tx.execute(sql`insert into journal_roles (user_id, journal_id, role, editor_type, external_reviewer)
    values ${sql.join(
      request.roles.map(
        (role) =>
          sql`(${userId}, ${journalId}, ${role}, ${role === 'editor' ? request.editorType : null},
               ${role === 'reviewer' ? request.externalReviewer : false})`,
      ),
      sql`, `,
    )}`);
  const ofThisJournal = sql`specialization_id in (select id from specializations where journal_id = ${journalId})`;
  await tx.execute(sql`delete from role_specializations where user_id = ${userId} and ${ofThisJournal}`);
  const rows = [
    ...(request.roles.includes('reviewer') ? request.reviewerSpecializations : []).map(
      (id) => sql`(${userId}, 'reviewer', ${id})`,
    ),
    ...(request.roles.includes('handlingEditor') ? request.editorSpecializations : []).map(
      (id) => sql`(${userId}, 'handlingEditor', ${id})`,
    ),
  ];
  if (rows.length > 0) {
    await tx.execute(
      sql`insert into role_specializations (user_id, role, specialization_id) values ${sql.join(rows, sql`, `)}`,
    );
  }
}
