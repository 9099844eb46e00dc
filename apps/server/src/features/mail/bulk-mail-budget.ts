import { BULK_MAIL_BUDGET } from '@journals/core/limits';
import type { BulkMailBudget } from '@journals/core/schemas/bulk-mail';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * A journal's bulk mail budget (issue 44 §5, decision 0073): its outbox rows of kind `bulk` in the last 60 minutes
 * and the last 24 hours (one index, mail_outbox_bulk_budget_idx), against BULK_MAIL_BUDGET. Every row counts,
 * delivered or not: the budget bounds what the journal asks the mail server to send.
 */
export async function bulkMailBudget(db: Tx, journalId: number): Promise<BulkMailBudget> {
  const [counted] = await db
    .select({
      hour: sql<number>`count(*) filter (where ${mailOutbox.createdAt} > now() - interval '1 hour')::int`,
      day: sql<number>`count(*)::int`,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.journalId, journalId),
        eq(mailOutbox.kind, 'bulk'),
        sql`${mailOutbox.createdAt} > now() - interval '1 day'`,
      ),
    );
  const { perHour, perDay } = BULK_MAIL_BUDGET;
  return {
    perHour,
    perDay,
    leftThisHour: Math.max(0, perHour - (counted?.hour ?? 0)),
    leftToday: Math.max(0, perDay - (counted?.day ?? 0)),
  };
}

/** Two sends of one journal at the same moment take turns here, so both cannot spend the same budget. */
const BUDGET_LOCK = 4405;

/**
 * Claims `needed` messages of the journal's budget inside the sending transaction, or refuses the whole message (a
 * 429 that says how many are left); the caller's transaction writes the rows, and its commit releases the turn.
 */
export async function claimBulkMailBudget(tx: Tx, journalId: number, needed: number): Promise<BulkMailBudget> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BUDGET_LOCK}, ${journalId})`);
  const budget = await bulkMailBudget(tx, journalId);
  const left = Math.min(budget.leftThisHour, budget.leftToday);
  if (needed > left) {
    throw new AppError('tooManyRequests', 'bulkMail.budget_exceeded', undefined, {
      needed,
      remaining: left,
      perHour: budget.perHour,
      perDay: budget.perDay,
    });
  }
  return { ...budget, leftThisHour: budget.leftThisHour - needed, leftToday: budget.leftToday - needed };
}
