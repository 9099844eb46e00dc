import type { z } from 'zod';
import type { profileUpdateRequest } from '@journals/core/schemas/accounts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { sessions, specializations, userSpecializations, users } from '../../db/schema';
import { FieldError } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import type { Journal } from '../../domain/journal-context';
import type { SessionUserRow } from '../../plugins/context';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { assertEmailFree, assertJournalSpecializations, uniqueViolationAsAnswer } from '../../domain/account-checks';

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
      const specializationIds = await assertJournalSpecializations(tx, journal.id, input.specializations);
      await tx
        .update(users)
        .set({
          email,
          ...(passwordHash ? { passwordHash } : {}),
          fullName: input.fullName.trim(),
          nameOnPaper: input.nameOnPaper.trim(),
          phone: input.phone ?? null,
          jobTitle: input.jobTitle.trim(),
          workPlace: input.workPlace.trim(),
          personalKeywords: [...new Set(input.personalKeywords)],
          availableAsReviewer: input.availableAsReviewer,
        })
        .where(eq(users.id, user.id));
      const journalSpecializations = tx
        .select({ id: specializations.id })
        .from(specializations)
        .where(eq(specializations.journalId, journal.id));
      await tx
        .delete(userSpecializations)
        .where(
          and(
            eq(userSpecializations.userId, user.id),
            inArray(userSpecializations.specializationId, journalSpecializations),
          ),
        );
      await tx
        .insert(userSpecializations)
        .values(specializationIds.map((id) => ({ userId: user.id, specializationId: id })));
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
