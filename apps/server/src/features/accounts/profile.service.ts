import type { z } from 'zod';
import type { profileUpdateRequest } from '@journals/core/schemas/accounts';
import { and, eq, ne } from 'drizzle-orm';
import { sessions, specializations, userSpecializations, users } from '../../db/schema';
import { FieldError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import type { Journal } from '../../domain/journal-context';
import type { SessionUserRow } from '../../plugins/context';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { assertEmailFree, uniqueViolationAsAnswer } from '../../domain/account-checks';
import { savePersonDetails } from '../../domain/person-details';

/** The signed-in user's profile in a journal: read, and saved (the e-mail and password behind the current one). */

export async function getProfile({ db }: Deps, journal: Journal, user: SessionUserRow) {
  const chosen = await db
    .select({ id: userSpecializations.specializationId })
    .from(userSpecializations)
    .innerJoin(specializations, eq(specializations.id, userSpecializations.specializationId))
    .where(and(eq(userSpecializations.userId, user.id), eq(specializations.journalId, journal.id)));
  return {
    email: user.email,
    fullName: user.fullName,
    nameOnPaper: user.nameOnPaper,
    phone: user.phone,
    jobTitle: user.jobTitle,
    workPlace: user.workPlace,
    orcid: user.orcid,
    specializations: chosen.map((row) => row.id),
    personalKeywords: user.personalKeywords,
    availableAsReviewer: user.availableAsReviewer,
  };
}

/** The stored password hash: read only where the current password is checked. */
async function passwordHashOf({ db }: Deps, userId: number) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

/**
 * Saves the profile; specializations are those of this journal (a user's others stay as they are). The ORCID iD is
 * not part of it: only the ORCID flow links one (docs/decisions/0012-orcid-linking.md).
 */
export async function updateProfile(
  deps: Deps,
  journal: Journal,
  user: SessionUserRow,
  sessionId: number | null,
  input: z.output<typeof profileUpdateRequest>,
) {
  if (
    (input.changeEmail || input.changePassword) &&
    !(await verifyPassword(await passwordHashOf(deps, user.id), input.currentPassword ?? ''))
  ) {
    throw FieldError('CurrentPassword', 'validation.currentPassword_wrong');
  }
  const passwordHash = input.changePassword && input.password ? await hashPassword(input.password) : undefined;
  await deps.db
    .transaction(async (tx) => {
      const email = input.changeEmail && input.email ? input.email.trim().toLowerCase() : user.email;
      if (email !== user.email) await assertEmailFree(tx, email, user.id);
      await savePersonDetails(tx, journal.id, user.id, input, { email, ...(passwordHash ? { passwordHash } : {}) });
      // A changed password ends the other sessions of the account; this one stays.
      if (passwordHash) {
        await tx
          .delete(sessions)
          .where(
            sessionId ? and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)) : eq(sessions.userId, user.id),
          );
      }
    })
    .catch(uniqueViolationAsAnswer());
}
