import { translate } from '@journals/core/i18n/index';
import { email as emailField, newPassword } from '@journals/core/schemas/fields';
import { newJournalRequest } from '@journals/core/schemas/platform';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { hashPassword } from '../../lib/passwords';
import { createJournal } from './platform-journals.service';

/**
 * The operator's way in (issue 23, `npm run add-admin`): makes an account the platform administrator — a new one
 * with the password given, or an existing one promoted — and, on a platform with no journal yet, its first journal
 * with that administrator as its manager (signing in happens at a journal). An empty production database has no
 * account at all: without this, nobody could reach the back office to make the first journal.
 */
export interface AddAdminRequest {
  email: string;
  name: string;
  /** Required for a new account; an existing account keeps its own. */
  password?: string;
  journal?: { slug: string; titleEn: string; titleAr: string; defaultLanguage?: 'en' | 'ar' };
}

export interface AddAdminAnswer {
  created: boolean;
  journal: { slug: string } | null;
  /** Journals on the platform afterwards: 0 means nobody can sign in yet. */
  journals: number;
}

/** Refused input, its messages in English (the operator's terminal). */
export class AddAdminError extends Error {}

const english = (issues: z.core.$ZodIssue[]) =>
  issues.map((issue) => `${issue.path.join('.') || 'value'}: ${translate('en', issue.message)}`).join('; ');

export async function addPlatformAdmin(
  deps: Pick<Deps, 'db' | 'jobs' | 'config' | 'cache'>,
  request: AddAdminRequest,
): Promise<AddAdminAnswer> {
  const address = emailField.safeParse(request.email);
  if (!address.success) throw new AddAdminError(`--email ${english(address.error.issues)}`);
  const name = request.name.trim();
  if (!name) throw new AddAdminError('--name: the administrator needs a name');
  const journal = request.journal
    ? newJournalRequest.safeParse({ ...request.journal, managerEmail: address.data, managerName: name })
    : null;
  if (journal && !journal.success) throw new AddAdminError(english(journal.error.issues));

  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, address.data));
  if (existing) {
    await deps.db.update(users).set({ isPlatformAdmin: true }).where(eq(users.id, existing.id));
  } else {
    const password = newPassword.safeParse(request.password ?? '');
    if (!password.success) throw new AddAdminError(`the password: ${english(password.error.issues)}`);
    await deps.db.insert(users).values({
      email: address.data,
      passwordHash: await hashPassword(password.data),
      fullName: name,
      nameOnPaper: name,
      emailConfirmed: true,
      isPlatformAdmin: true,
      language: journal?.data?.defaultLanguage ?? 'en',
    });
  }
  // The account exists now: the journal makes it its manager and mails no invitation.
  const made = journal?.data ? await createJournal(deps, journal.data) : null;
  const [count] = await rowsOf<{ n: number }>(deps.db, sql`select count(*)::int as n from journals`);
  return { created: !existing, journal: made && { slug: made.slug }, journals: count?.n ?? 0 };
}
