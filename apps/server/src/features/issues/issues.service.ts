import type { IssueItem, IssueRequest } from '@journals/core/schemas/issues';
import { isPublished } from '@journals/core/rules/issues';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { archivedPapers, issues } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { AppError, ConflictError, databaseError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { issueNotFound, lockIssue } from './issues.policy';

/**
 * A journal's issues (spec 03 §3–§5, issue 21 §1): the list, and creating, editing and deleting an issue. A
 * published issue keeps its name, month and date; an issue with papers is not deleted.
 */

const at = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The columns of an issue `i` as the list shows it, its papers counted from the issue-order index. */
export const ISSUE_COLUMNS = sql`i.id, i.issue, i.volume, i.publish_month as "publishMonth",
  to_char(i.publish_date, 'YYYY-MM-DD') as "publishDate", i.is_allow as "isAllow", i.status::int as status,
  ${at('i.published_at')} as "publishedAt", ${at('i.modified_at')} as "modifiedAt",
  (select count(*) from archived_papers a where a.issue_id = i.id)::int as "paperCount"`;

/** The journal's issues, newest volume and issue first: one statement. */
export async function issueList(db: Database, journal: Journal): Promise<{ items: IssueItem[] }> {
  const items = await rowsOf<IssueItem>(
    db,
    sql`select ${ISSUE_COLUMNS} from issues i where i.journal_id = ${journal.id}
      order by i.volume desc, (case when i.issue ~ '^[0-9]+$' then i.issue::int end) desc nulls last, i.id desc`,
  );
  return { items };
}

/** (journal, volume, issue) names one issue: the unique index's refusal, as the form's message. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (databaseError(error)?.code === '23505')
      throw new AppError('conflict', 'issues.duplicate', { Issue: ['issues.duplicate'] });
    throw error;
  }
}

export async function createIssue(db: Database, journal: Journal, body: IssueRequest) {
  const [row] = await uniquely(() =>
    db
      .insert(issues)
      .values({
        journalId: journal.id,
        issue: body.issue,
        volume: body.volume,
        publishMonth: body.publishMonth,
        publishDate: body.publishDate,
        isAllow: body.isAllow,
      })
      .returning({ id: issues.id }),
  );
  return { id: row!.id };
}

/** Edits an issue; once published its name, month and date stay as they are (409). */
export async function updateIssue(db: Database, journal: Journal, issueId: number, body: IssueRequest) {
  await uniquely(() =>
    db.transaction(async (tx) => {
      const current = await lockIssue(tx, journal.id, issueId);
      if (
        isPublished(current) &&
        (current.issue !== body.issue ||
          current.publishMonth !== body.publishMonth ||
          current.publishDate !== body.publishDate)
      )
        throw ConflictError('issues.locked');
      await tx
        .update(issues)
        .set({
          issue: body.issue,
          volume: body.volume,
          publishMonth: body.publishMonth,
          publishDate: body.publishDate,
          isAllow: body.isAllow,
          modifiedAt: new Date(),
        })
        .where(eq(issues.id, current.id));
    }),
  );
}

/** Deletes an issue without papers that is not published. */
export async function deleteIssue(db: Database, journal: Journal, issueId: number) {
  await db.transaction(async (tx: Tx) => {
    const current = await lockIssue(tx, journal.id, issueId);
    if (isPublished(current)) throw ConflictError('issues.published_cannot_delete');
    const [paper] = await tx
      .select({ id: archivedPapers.paperId })
      .from(archivedPapers)
      .where(eq(archivedPapers.issueId, current.id))
      .limit(1);
    if (paper) throw ConflictError('issues.has_papers');
    const deleted = await tx
      .delete(issues)
      .where(and(eq(issues.id, current.id), eq(issues.journalId, journal.id)))
      .returning({ id: issues.id });
    if (deleted.length === 0) throw issueNotFound();
  });
}
