import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import type { journals } from '../db/schema';
import { rowsOf } from '../db/rows';
import type { Deps } from '../lib/deps';

/**
 * A journal's ban of a person (issue 22 §1, decision 0040): no sign-in to that journal, a session reads as signed
 * out there (plugins/context.ts), and nobody there reaches or chooses the person for a paper's work.
 */

/** The journal (by its slug) has banned the person: no sign-in there, by password or ORCID. */
export async function isBannedIn(db: Database, journalSlug: string, userId: number): Promise<boolean> {
  const rows = await rowsOf<{ banned: boolean }>(
    db,
    sql`select true as banned from journal_bans b join journals j on j.id = b.journal_id
      where j.slug = ${journalSlug} and b.user_id = ${userId}`,
  );
  return rows.length > 0;
}

type Operand = number | SQL | AnyColumn;

/** A condition: the journal (an id or a column) has banned the user (a column or an id). */
export const bannedIn = (journalId: Operand, userId: Operand) =>
  sql`exists (select 1 from journal_bans jb where jb.journal_id = ${journalId} and jb.user_id = ${userId})`;

/** The opposite condition: who may still be reached or chosen in the journal. */
export const notBannedIn = (journalId: Operand, userId: Operand) => sql`not ${bannedIn(journalId, userId)}`;

/**
 * Reviewing's act, passed in by app.ts to the bans (a journal's, and the platform's suspension): withdraws the
 * person's open review invitations in one journal, in `tx`, as an editor's removals.
 */
export type WithdrawOpenInvitations = (
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  journal: typeof journals.$inferSelect,
  reviewerId: number,
  actorId: number,
) => Promise<{ withdrawn: number; mailIds: number[] }>;
