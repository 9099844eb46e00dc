import {
  PAPER_LOG_COUNT_CAP,
  PAPER_LOG_PAGE_SIZE,
  type PaperLogEntry,
  type PaperLogsQuery,
} from '@journals/core/schemas/paper-logs';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Journal } from '../../domain/journal-context';
import { type Caller, type Paper, papersAuthoredBy, type ReviewScope, reviewScope } from '../../domain/paper-access';
import { rowsOf } from '../../db/rows';
import { containsPattern } from '../../db/like';

/**
 * The paper logs (spec 03 "Paper logs"; issue 10 §3): the journal's log entries newest first, a page at a time, and
 * one paper's whole log. An editor reads every paper of the journal, a handling editor the papers of their editor
 * specializations. Each answer is one or two statements whatever the journal's size.
 */

/** Whose entries the caller reads (domain/paper-access `reviewScope`): never those of the caller's own papers. */
export type LogScope = ReviewScope;

export const logScope = (journal: Journal, caller: Caller): LogScope => reviewScope(journal.id, caller);

interface EntryRow {
  id: number;
  action: PaperLogEntry['action'];
  at: string;
  fullName: string | null;
  email: string | null;
  paperId: number;
  code: string | null;
  title: string;
  version: number;
  paperStatus: number;
  notes: string | null;
}

/** The columns of an entry from the log `l`, its paper `p` and its doer `u`. */
const ENTRY_COLUMNS = sql`l.id, l.action,
  to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at",
  u.full_name as "fullName", u.email, p.id as "paperId", p.code, p.title, p.version,
  l.paper_status as "paperStatus", l.notes`;
const ENTRY_TABLES = sql`paper_logs l join papers p on p.id = l.paper_id left join users u on u.id = l.actor_id`;

const entryOf = (row: EntryRow): PaperLogEntry => ({
  id: row.id,
  action: row.action,
  at: row.at,
  by: row.email === null ? null : { fullName: row.fullName ?? '', email: row.email },
  paper: { id: row.paperId, code: row.code, title: row.title, version: row.version },
  paperStatus: row.paperStatus,
  notes: row.notes,
});

/** The entries of the scope that the query keeps: status recorded with the entry, the paper's title or code. */
function listCondition(scope: LogScope, query: PaperLogsQuery): SQL {
  const parts = [sql`l.journal_id = ${scope.journalId}`, sql`l.paper_id <> all(${papersAuthoredBy(scope.userId)})`];
  if (scope.specializations !== null) {
    parts.push(
      scope.specializations.length === 0
        ? sql`false`
        : sql`p.specialization_id in (${sql.join(
            scope.specializations.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  if (query.status !== undefined) parts.push(sql`l.paper_status = ${query.status}`);
  const words = query.search?.trim();
  if (words) {
    const pattern = containsPattern(words);
    parts.push(sql`(p.title ilike ${pattern} or p.code ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * One page of the scope's entries, newest first (ties in one transaction by the order they were written), and how
 * many there are, up to PAPER_LOG_COUNT_CAP: two statements, the page read in index order (paper_logs_journal_idx,
 * or with a status paper_logs_journal_status_idx; with a search from the papers' title and code indexes) and the
 * count, which stops at the cap (counting a busy journal's 800,000 entries took 250 ms a page).
 */
export async function logPage(db: Database, scope: LogScope, query: PaperLogsQuery) {
  const where = listCondition(scope, query);
  const [rows, counted] = await Promise.all([
    rowsOf<EntryRow>(
      db,
      sql`select ${ENTRY_COLUMNS} from ${ENTRY_TABLES} where ${where}
        order by l.created_at desc, l.id desc
        limit ${PAPER_LOG_PAGE_SIZE} offset ${(query.page - 1) * PAPER_LOG_PAGE_SIZE}`,
    ),
    rowsOf<{ n: string }>(
      db,
      sql`select count(*) as n from (select 1 from ${
        scope.specializations === null && !query.search?.trim()
          ? sql`paper_logs l`
          : sql`paper_logs l join papers p on p.id = l.paper_id`
      } where ${where} limit ${PAPER_LOG_COUNT_CAP + 1}) found`,
    ),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  return {
    items: rows.map(entryOf),
    total: Math.min(total, PAPER_LOG_COUNT_CAP),
    more: total > PAPER_LOG_COUNT_CAP,
    page: query.page,
    pageSize: PAPER_LOG_PAGE_SIZE,
  };
}

/**
 * A paper's whole log, oldest first (it reads as the paper's story): every version's entries, the versions being
 * the rows of the journal with the paper's code (a resubmission keeps it), or the paper alone before it has one.
 * One statement; the caller has been checked (domain/paper-access managedPaper).
 */
export async function paperLog(db: Database, paper: Paper) {
  const versions =
    paper.code === null ? sql`p.id = ${paper.id}` : sql`p.journal_id = ${paper.journalId} and p.code = ${paper.code}`;
  const rows = await rowsOf<EntryRow>(
    db,
    sql`select ${ENTRY_COLUMNS} from ${ENTRY_TABLES} where ${versions} order by l.created_at, l.id`,
  );
  return { paper: { id: paper.id, code: paper.code, title: paper.title }, items: rows.map(entryOf) };
}
