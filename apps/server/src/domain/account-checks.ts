import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { specializations, users } from '../db/schema';
import { AppError, databaseError, FieldError } from '../lib/errors';

/** What an account's e-mail and specializations are checked for, on registration and in the profile alike. */

export type User = typeof users.$inferSelect;

/** Specialization ids must be live ones of this journal. */
export async function assertJournalSpecializations(tx: Tx, journalId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: specializations.id })
    .from(specializations)
    .where(
      and(
        eq(specializations.journalId, journalId),
        eq(specializations.isDeleted, false),
        inArray(specializations.id, unique),
      ),
    );
  if (found.length !== unique.length) throw FieldError('Specializations', 'validation.unknown_specialization');
  return unique;
}

export async function assertEmailFree(tx: Tx, email: string, exceptUserId?: number) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email));
  if (taken) throw FieldError('Email', 'validation.email_taken');
}

/**
 * Two requests racing for the same e-mail (or ORCID iD) both pass the checks above; the unique index stops the
 * second one. Its violation means the same as the check's answer, never a 500.
 */
export function uniqueViolationAsAnswer(orcidError?: () => AppError) {
  return (error: unknown): never => {
    const found = databaseError(error);
    if (found?.code === '23505' && found.constraint === 'users_email_unique')
      throw FieldError('Email', 'validation.email_taken');
    if (orcidError && found?.code === '23505' && found.constraint === 'users_orcid_unique') throw orcidError();
    throw error;
  };
}
