import type { InvitationView, PendingInvitation } from '@journals/core/schemas/invitations';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Journal } from '../../domain/journal-context';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { writeRoles } from './users.service';
import type { RolesRequest } from '@journals/core/schemas/users';

/**
 * A journal's invitations (issue 44 §3, decision 0071): the manager's list of those not answered, and the invited
 * person's page, where they accept (the roles are given) or decline. An invitation is answered only by the account
 * it was sent to, signed in, through the link's code, in the journal of the link, before it expires; the code works
 * once.
 */

/**
 * The invitations the manager's screen lists: those waiting for an answer (a new account's until it is confirmed),
 * expired, or declined; newest first. An accepted one is a person of the list.
 */
export async function pendingInvitations(db: Database, journalId: number): Promise<PendingInvitation[]> {
  const rows = await rowsOf<PendingInvitation & { roles: RolesRequest; declined: boolean; expired: boolean }>(
    db,
    sql`select i.id, i.email, i.full_name as "fullName", i.roles, i.created_at as "sentAt", i.expires_at as "expiresAt",
        i.answer = 'declined' as declined, i.expires_at <= now() as expired
      from journal_invitations i join users u on u.id = i.user_id
      where i.journal_id = ${journalId}
        and (i.answer = 'declined' or (i.answer is null and not (i.new_account and u.email_confirmed)))
      order by i.id desc
      limit 200`,
  );
  return rows.map(({ roles, declined, expired, sentAt, expiresAt, ...row }) => ({
    ...row,
    roles: roles.roles,
    editorType: roles.editorType,
    sentAt: new Date(sentAt).toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
    status: declined ? 'declined' : expired ? 'expired' : 'waiting',
  }));
}

interface OpenInvitation {
  id: number;
  userId: number;
  roles: RolesRequest;
  expiresAt: Date;
}

/** The invitation of a link, for its own account; 404 unknown or answered, 403 another account's, 409 expired. */
async function invitationOf(db: Database | Tx, journal: Journal, userId: number, code: string, lock = false) {
  const [row] = await rowsOf<OpenInvitation>(
    db,
    sql`select id, user_id as "userId", roles, expires_at as "expiresAt" from journal_invitations
      where token_hash = ${hashToken(code)} and journal_id = ${journal.id} and answer is null and not new_account
      ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw NotFoundError('users.invitation_not_found');
  if (row.userId !== userId) throw new AppError('forbidden', 'users.invitation_other_account');
  if (new Date(row.expiresAt).getTime() <= Date.now()) throw ConflictError('users.invitation_expired');
  return row;
}

export async function openInvitation(
  db: Database,
  journal: Journal,
  userId: number,
  code: string,
): Promise<InvitationView> {
  const row = await invitationOf(db, journal, userId, code);
  return {
    journal: { slug: journal.slug, titleEn: journal.titleEn, titleAr: journal.titleAr },
    roles: row.roles.roles,
    editorType: row.roles.editorType,
    expiresAt: new Date(row.expiresAt).toISOString(),
  };
}

/**
 * Accepts (the roles offered are given, with the specializations of them the journal still has) or declines; the
 * code is spent either way. One transaction, the invitation locked so that a second answer finds it answered.
 */
export async function answerInvitation(
  db: Database,
  journal: Journal,
  userId: number,
  code: string,
  answer: 'accepted' | 'declined',
) {
  await db.transaction(async (tx) => {
    const row = await invitationOf(tx, journal, userId, code, true);
    if (answer === 'accepted') {
      const live = await rowsOf<{ id: number }>(
        tx,
        sql`select id from specializations where journal_id = ${journal.id} and not is_deleted`,
      );
      const ids = new Set(live.map((s) => s.id));
      const roles = row.roles;
      await writeRoles(tx, journal.id, userId, {
        ...roles,
        reviewerSpecializations: roles.reviewerSpecializations.filter((id) => ids.has(id)),
        editorSpecializations: roles.editorSpecializations.filter((id) => ids.has(id)),
      });
    }
    await tx.execute(sql`update journal_invitations set answer = ${answer}, answered_at = now(), token_hash = null
      where id = ${row.id}`);
  });
}

/**
 * The manager takes an invitation back (waiting, expired or declined; decision 0071): its link stops working and it
 * leaves the list. An account this journal made for it (never confirmed) loses the roles it holds here, so that its
 * owner, confirming later, is no person of the journal; the account itself stays, as any unconfirmed account does.
 * An accepted invitation, another journal's or an unknown one: 404.
 */
export async function withdrawInvitation(db: Database, journalId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await rowsOf<{ userId: number; newAccount: boolean; confirmed: boolean }>(
      tx,
      sql`select i.user_id as "userId", i.new_account as "newAccount", u.email_confirmed as confirmed
        from journal_invitations i join users u on u.id = i.user_id
        where i.id = ${id} and i.journal_id = ${journalId} and (i.answer is null or i.answer = 'declined')
        for update of i`,
    );
    // A new account's invitation is answered by confirming the account: it is a person of the list from then on.
    if (!row || (row.newAccount && row.confirmed)) throw NotFoundError('users.invitation_not_found');
    if (row.newAccount) {
      await tx.execute(sql`delete from role_specializations where user_id = ${row.userId}
        and specialization_id in (select id from specializations where journal_id = ${journalId})`);
      await tx.execute(sql`delete from journal_roles where journal_id = ${journalId} and user_id = ${row.userId}`);
    }
    await tx.execute(sql`delete from journal_invitations where id = ${id}`);
  });
}
