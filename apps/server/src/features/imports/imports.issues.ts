import { ISSUE_STATUS } from '@journals/core/enums';
import { issueName, publishMonthOf, VOLUME_MAX } from '@journals/core/rules/issues';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { archivedPapers, issues } from '../../db/schema';
import type { ImportedIssue } from './model';
import type { Refusal } from './imports.lines';

/**
 * A source's issue as ours (decision 0076): our issues are named by a whole number 1–30 in a volume. What sources
 * write maps thus: "3", "03", "No. 3", "Issue 3" → 3; a combined issue "1-2", "1/2", "1–2" → its first number (1);
 * Roman numerals "IV" → 4. Anything else ("Special", "Supplement", "31") is no number of ours: the record is refused
 * with that reason.
 */
const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10 };

function romanValue(text: string): number | null {
  if (!/^[ivx]+$/i.test(text)) return null;
  let total = 0;
  const digits = text
    .toLowerCase()
    .split('')
    .map((letter) => ROMAN[letter]!);
  for (const [index, value] of digits.entries()) total += value < (digits[index + 1] ?? 0) ? -value : value;
  return total;
}

export function issueNumberOf(source: string): string | null {
  const text = source
    .trim()
    .replace(/^(no\.?|n°|nr\.?|number|issue|iss\.?)\s*/i, '')
    .trim();
  const combined = /^(\d{1,3})\s*[-–—/&]\s*\d{1,3}$/.exec(text);
  if (combined) return issueName(combined[1]!);
  const roman = romanValue(text);
  if (roman !== null) return issueName(String(roman));
  return issueName(text);
}

/** What is wrong with a source's issue, or its name of ours. */
export function ourIssue(issue: ImportedIssue): { name: string } | Refusal {
  if (!Number.isInteger(issue.volume) || issue.volume < 1 || issue.volume > VOLUME_MAX)
    return { reason: 'imports.reason_volume', values: { volume: String(issue.volume) } };
  if (!Number.isInteger(issue.year) || issue.year < 1000 || issue.year > 9999)
    return { reason: 'imports.reason_year', values: { year: String(issue.year) } };
  const name = issueNumberOf(issue.number);
  if (name === null) return { reason: 'imports.reason_issue_number', values: { number: issue.number } };
  return { name };
}

/** How the report names an issue: its title when the source gave one, else its volume, number and year. */
export const issueTitle = (issue: ImportedIssue, name: string) =>
  issue.title.en.trim() || issue.title.ar.trim() || `Vol. ${issue.volume}, No. ${name} (${issue.year})`;

export async function existingIssue(db: Database | Tx, journalId: number, volume: number, name: string) {
  const [row] = await db
    .select({ id: issues.id, status: issues.status, publishDate: issues.publishDate })
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.volume, volume), eq(issues.issue, name)));
  return row ?? null;
}

/**
 * The issue's row, locked for the paper's place in it, with the papers it holds: found by (volume, number) or
 * created, or by its id when the pass met it before (`knownId`: one statement instead of two). An issue whose date
 * (its publication date, else the first of its month) is past is created published.
 */
export async function lockedIssue(tx: Tx, journalId: number, issue: ImportedIssue, name: string, knownId?: number) {
  let created = false;
  if (knownId === undefined) {
    const month = issue.month ?? (issue.publishDate ? Number(issue.publishDate.slice(5, 7)) : 1);
    const date = issue.publishDate ?? `${issue.year}-${String(month).padStart(2, '0')}-01`;
    const published = date < new Date().toISOString().slice(0, 10);
    const inserted = await tx
      .insert(issues)
      .values({
        journalId,
        volume: issue.volume,
        issue: name,
        publishMonth: publishMonthOf(month, issue.year),
        publishDate: issue.publishDate,
        status: published ? ISSUE_STATUS.published : ISSUE_STATUS.inPress,
        publishedAt: published ? new Date(`${date}T00:00:00Z`) : null,
      })
      .onConflictDoNothing()
      .returning({ id: issues.id });
    created = inserted.length > 0;
  }
  const [row] = await tx
    .select({
      id: issues.id,
      status: issues.status,
      publishDate: issues.publishDate,
      papers: sql<number>`(select count(*)::int from ${archivedPapers} where ${archivedPapers.issueId} = ${issues.id})`,
    })
    .from(issues)
    .where(
      knownId !== undefined
        ? eq(issues.id, knownId)
        : and(eq(issues.journalId, journalId), eq(issues.volume, issue.volume), eq(issues.issue, name)),
    )
    .for('update', { of: issues });
  return { row: { ...row!, papers: Number(row!.papers) }, created };
}
