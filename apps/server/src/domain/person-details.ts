import type { personFields } from '@journals/core/schemas/accounts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { specializations, userSpecializations, users } from '../db/schema';
import { assertJournalSpecializations } from './account-checks';

type PersonDetails = z.output<z.ZodObject<typeof personFields>>;

/**
 * Writes a person's details (spec 01 §5, spec 03 §5): their profile's and the journal's user form's. The
 * specializations are this journal's (the person's others stay as they are); `login` sets a new e-mail or password
 * hash with them. Inside the caller's transaction.
 */
export async function savePersonDetails(
  tx: Tx,
  journalId: number,
  userId: number,
  details: PersonDetails,
  login: { email?: string; passwordHash?: string } = {},
) {
  const specializationIds = await assertJournalSpecializations(tx, journalId, details.specializations);
  await tx
    .update(users)
    .set({
      ...login,
      fullName: details.fullName.trim(),
      nameOnPaper: details.nameOnPaper.trim(),
      phone: details.phone ?? null,
      jobTitle: details.jobTitle.trim(),
      workPlace: details.workPlace.trim(),
      personalKeywords: [...new Set(details.personalKeywords)],
      availableAsReviewer: details.availableAsReviewer,
    })
    .where(eq(users.id, userId));
  const journalSpecializations = tx
    .select({ id: specializations.id })
    .from(specializations)
    .where(eq(specializations.journalId, journalId));
  await tx
    .delete(userSpecializations)
    .where(
      and(
        eq(userSpecializations.userId, userId),
        inArray(userSpecializations.specializationId, journalSpecializations),
      ),
    );
  await tx.insert(userSpecializations).values(specializationIds.map((id) => ({ userId, specializationId: id })));
}
