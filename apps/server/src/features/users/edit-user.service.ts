import { type AccountReach, changedAccountFields, mayEditAccount } from '@journals/core/rules/accounts';
import type { Actor } from '@journals/core/rules/permissions';
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
 * Edit user (spec 03 "Edit user", §5; issue 22 §1; issue 44 §3; decisions 0039, 0071): a person of the journal as the
 * form opens them, and saved. Their roles and specializations here are the journal's; every other field is the
 * account's across journals (core ACCOUNT_FIELDS), changed only when core `mayEditAccount` allows it: a journal's
 * manager for someone whose roles are all in this journal and who is not a platform administrator, the platform
 * administrator for anyone (otherwise 403, and nothing is written). A new password ends every session of the account.
 */

/** Where the person's account reaches beyond this journal (core `AccountReach`). */
async function accountReach(db: Database | Tx, journalId: number, userId: number): Promise<AccountReach> {
  const [row] = await rowsOf<AccountReach>(
    db,
    sql`select exists (select 1 from journal_roles where user_id = ${userId} and journal_id <> ${journalId})
        as "rolesElsewhere",
      exists (select 1 from users where id = ${userId} and is_platform_admin) as "platformAdmin"`,
  );
  return row!;
}

export async function userDetails(
  db: Database,
  journalId: number,
  actor: Actor,
  userId: number,
): Promise<UserDetailsResponse> {
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
    accountEditable: mayEditAccount(actor, await accountReach(db, journalId, userId)),
  };
}

type EditInput = z.output<typeof editUserRequest>;

/**
 * The request with every account detail it left out (the form of a locked account sends none, decision 0071) taken
 * as stored: what is saved, and what `changedAccountFields` compares.
 */
function keptWhereLeftOut(stored: typeof users.$inferSelect, input: EditInput) {
  return {
    ...input,
    fullName: input.fullName ?? stored.fullName,
    nameOnPaper: input.nameOnPaper ?? stored.nameOnPaper,
    // Left out: as stored; empty (null): cleared.
    phone: (input.phone === undefined ? stored.phone : input.phone) ?? undefined,
    jobTitle: input.jobTitle ?? stored.jobTitle,
    workPlace: input.workPlace ?? stored.workPlace,
    personalKeywords: input.personalKeywords ?? stored.personalKeywords,
    availableAsReviewer: input.availableAsReviewer ?? stored.availableAsReviewer,
  };
}

export async function editUser(
  deps: Pick<Deps, 'db'>,
  journalId: number,
  actor: Actor,
  userId: number,
  input: EditInput,
) {
  const passwordHash = input.changePassword && input.password ? await hashPassword(input.password) : undefined;
  await deps.db
    .transaction(async (tx) => {
      // The roles first: they lock the person's rows here and answer 404 for someone not in the journal.
      await changeRoles(tx, journalId, userId, input);
      const [before] = await tx.select().from(users).where(eq(users.id, userId));
      const details = keptWhereLeftOut(before!, input);
      const changed = changedAccountFields(before!, details);
      if (changed.length > 0 && !mayEditAccount(actor, await accountReach(tx, journalId, userId))) {
        throw new AppError('forbidden', 'users.account_elsewhere');
      }
      const email = input.changeEmail && input.email ? input.email.trim().toLowerCase() : undefined;
      if (email) await assertEmailFree(tx, email, userId);
      await savePersonDetails(tx, journalId, userId, details, {
        ...(email ? { email } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (passwordHash) await tx.delete(sessions).where(eq(sessions.userId, userId));
    })
    .catch(uniqueViolationAsAnswer());
}
