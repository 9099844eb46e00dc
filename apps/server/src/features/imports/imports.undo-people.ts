import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/errors';
import type { PersonMade } from './imports.people';

/**
 * Undo of an import's people (decision 0081), inside undoImport's transaction: every check first, then the writes.
 * - An account it created goes, but only while nobody has used it: not confirmed (no password chosen, no sign-in
 *   with the old one), no session, no paper written, no review invitation, no payment, no role in another journal.
 *   Otherwise undo is refused naming the person (409), and nothing changes.
 * - Roles it added to a person of the journal are taken back (never one the person had before).
 * - An invitation to join its invitations sent that is still unanswered is withdrawn; one accepted stays (the person
 *   joined by their own act).
 */
export async function undoPeople(tx: Tx, journalId: number, importId: number) {
  const lines = await rowsOf<{ userId: number; title: string; made: PersonMade; used: boolean }>(
    tx,
    sql`select l.user_id as "userId", l.title, l.replaced as made,
        (u.email_confirmed
          or exists (select 1 from sessions s where s.user_id = u.id)
          or exists (select 1 from papers p where p.creator_id = u.id)
          or exists (select 1 from review_invitations ri where ri.reviewer_id = u.id)
          or exists (select 1 from payments pay where pay.user_id = u.id)
          or exists (select 1 from journal_roles r where r.user_id = u.id and r.journal_id <> ${journalId})
        ) as used
      from journal_import_lines l join users u on u.id = l.user_id
      where l.import_id = ${importId} and l.kind = 'person' and l.action in ('create', 'update')
      order by l.position
      for update of u`,
  );
  const used = lines.find((line) => line.made.account === 'created' && line.used);
  if (used) throw new AppError('conflict', 'imports.undo_person_used', undefined, { title: used.title });
  for (const line of lines) {
    if (line.made.account === 'created') {
      await tx.execute(sql`delete from users where id = ${line.userId}`);
    } else if (line.made.account === 'member') {
      const roles = line.made.added.map((role) => role.role);
      if (roles.length > 0)
        await tx.execute(sql`delete from journal_roles where user_id = ${line.userId} and journal_id = ${journalId}
          and role in (${sql.join(
            roles.map((role) => sql`${role}`),
            sql`, `,
          )})`);
    } else {
      await tx.execute(sql`delete from journal_invitations where user_id = ${line.userId}
        and journal_id = ${journalId} and answer is null and not new_account`);
    }
  }
}
