import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { newUserRequest } from '@journals/core/schemas/users';
import { rowsOf } from '../../db/rows';
import { journalRoles, userSpecializations, users } from '../../db/schema';
import { assertJournalSpecializations, uniqueViolationAsAnswer } from '../../domain/account-checks';
import { issueLinkMail } from '../../domain/account-links';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { ConflictError } from '../../lib/errors';
import { checkSpecializations, writeRoles } from './users.service';

/**
 * Adds a person to the journal (spec 03 "Add new user", issue 22 §1, decision 0039). Accounts are platform-wide and
 * roles per journal: an e-mail that already has an account gets the roles here, and nothing else of the account
 * changes (its password, details and other journals' roles are its owner's); someone already in the journal is a
 * 409 (their roles are edited, not added). A new account is made with the details given and no password, and its
 * owner is mailed a link to choose one (which also confirms the e-mail). One transaction; the mail leaves after it.
 */
export async function addUser(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  journal: Journal,
  request: z.output<typeof newUserRequest>,
): Promise<{ id: number; created: boolean }> {
  const mailIds: number[] = [];
  const answer = await deps.db
    .transaction(async (tx) => {
      await checkSpecializations(tx, journal.id, request);
      // Locks the account, so that two managers adding the same person do not both add roles.
      const [existing] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from users where email = ${request.email} for update`,
      );
      if (existing) {
        const [member] = await tx
          .select({ id: journalRoles.userId })
          .from(journalRoles)
          .where(and(eq(journalRoles.journalId, journal.id), eq(journalRoles.userId, existing.id)))
          .limit(1);
        if (member) throw ConflictError('users.already_member');
        await writeRoles(tx, journal.id, existing.id, request);
        return { id: existing.id, created: false };
      }
      const specializationIds = await assertJournalSpecializations(tx, journal.id, request.specializations);
      const [created] = await tx
        .insert(users)
        .values({
          email: request.email,
          // No password until its owner chooses one through the mailed link: nothing matches this.
          passwordHash: `!unset-${randomBytes(16).toString('hex')}`,
          fullName: request.fullName,
          nameOnPaper: request.nameOnPaper,
          phone: request.phone ?? null,
          jobTitle: request.jobTitle,
          workPlace: request.workPlace,
          personalKeywords: request.personalKeywords,
          availableAsReviewer: request.availableAsReviewer,
          language: journal.defaultLanguage,
        })
        .returning();
      await tx
        .insert(userSpecializations)
        .values(specializationIds.map((id) => ({ userId: created!.id, specializationId: id })));
      await writeRoles(tx, journal.id, created!.id, request);
      mailIds.push(await issueLinkMail(tx, deps, journal, created!, 'invitation'));
      return { id: created!.id, created: true };
    })
    .catch(uniqueViolationAsAnswer());
  await deps.jobs.dispatchMail(mailIds);
  return answer;
}
