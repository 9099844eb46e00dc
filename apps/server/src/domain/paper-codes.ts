import { and, eq, like, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { papers } from '../db/schema';

/**
 * The next code of the month `date` falls in: {prefix}.{YY}.{MM}.{n}, in the shape of core's PROPOSAL_CODE_SHAPE,
 * n counting the journal's first versions coded in that month. A submission holds the journal row locked while it
 * takes one; the demo seed takes them for the papers of its archive.
 */
export async function nextCodeOfMonth(tx: Tx, journalId: number, prefix: string, date: Date) {
  const month = `${prefix}.${String(date.getUTCFullYear() % 100).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.`;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(papers)
    .where(and(eq(papers.journalId, journalId), eq(papers.version, 1), like(papers.code, `${month}%`)));
  return `${month}${(row?.n ?? 0) + 1}`;
}
