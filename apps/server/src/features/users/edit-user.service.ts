import type { editUserRequest, UserDetailsResponse } from '@journals/core/schemas/users';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sessions, specializations, userSpecializations, users } from '../../db/schema';
import { assertEmailFree, uniqueViolationAsAnswer } from '../../domain/account-checks';
import { savePersonDetails } from '../../domain/person-details';
import type { Deps } from '../../lib/deps';
import { AppError, NotFoundError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { changeRoles, userRoles } from './users.service';

/**
 * Edit user (spec 03 "Edit user", §5; issue 22 §1; decision 0039): a person of the journal as the form opens them, and
 * saved. The e-mail and the password are the account's across journals: a journal's manager changes them only for
 * someone whose roles are all in this journal and who is not a platform administrator (otherwise 403: the platform
 * administrator does it). A new password ends every session of the account.
 */

/**
 * Whether the person's login details are not this journal's to change: they hold a role in another journal, or
 * they are a platform administrator (whose account a journal's manager must never be able to take over).
 */
async function loginBeyondJournal(db: Database | Tx, journalId: number, userId: number) {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one where exists (select 1 from journal_roles where user_id = ${userId} and journal_id <> ${journalId})
      or exists (select 1 from users where id = ${userId} and is_platform_admin)`,
  );
  return rows.length > 0;
}

export async function userDetails(db: Database, journalId: number, userId: number): Promise<UserDetailsResponse> {
  const roles = await userRoles(db, journalId, userId);
  const [person] = await db.select().from(users).where(eq(users.id, userId));
  if (!person) throw NotFoundError('users.not_found');
  const chosen = await db
    .select({ id: userSpecializations.specializationId })
    .from(userSpecializations)
    .innerJoin(specializations, eq(specializations.id, userSpecializations.specializationId))
    .where(and(eq(userSpecializations.userId, userId), eq(specializations.journalId, journalId)));
  return {
    ...roles,
    nameOnPaper: person.nameOnPaper,
    phone: person.phone,
    jobTitle: person.jobTitle,
    workPlace: person.workPlace,
    orcid: person.orcid,
    specializations: chosen.map((row) => row.id).sort((a, b) => a - b),
    personalKeywords: person.personalKeywords,
    availableAsReviewer: person.availableAsReviewer,
    loginEditable: !(await loginBeyondJournal(db, journalId, userId)),
  };
}

export async function editUser(
  deps: Pick<Deps, 'db'>,
  journalId: number,
  userId: number,
  input: z.output<typeof editUserRequest>,
) {
  const passwordHash = input.changePassword && input.password ? await hashPassword(input.password) : undefined;
  await deps.db
    .transaction(async (tx) => {
      // The roles first: they lock the person's rows here and answer 404 for someone not in the journal.
      await changeRoles(tx, journalId, userId, input);
      const changesLogin = input.changeEmail || input.changePassword;
      if (changesLogin && (await loginBeyondJournal(tx, journalId, userId))) {
        throw new AppError('forbidden', 'users.login_elsewhere');
      }
      const email = input.changeEmail && input.email ? input.email.trim().toLowerCase() : undefined;
      if (email) await assertEmailFree(tx, email, userId);
      await savePersonDetails(tx, journalId, userId, input, {
        ...(email ? { email } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (passwordHash) await tx.delete(sessions).where(eq(sessions.userId, userId));
    })
    .catch(uniqueViolationAsAnswer());
}
