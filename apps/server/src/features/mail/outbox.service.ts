import {
  OUTBOX_COUNT_CAP,
  OUTBOX_PAGE_SIZE,
  type OutboxQuery,
  type OutboxResponse,
  type OutboxRow,
} from '@journals/core/schemas/outbox';
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/like';
import { rowsOf } from '../../db/rows';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError } from '../../lib/errors';

/**
 * The journal's outbox screen (issue 22 §3): its messages newest first, a page at a time, filtered by state and
 * searched by recipient or subject, in two statements whatever the size (the page, and a count capped as the user
 * list's); and a failed message sent again. Bodies never leave the server: many hold a token or a signed link.
 */

const LAST_ERROR_SHOWN = 300;

/** A journal's outbox, or (null) the platform's across every journal, for its administrator (issue 22 §4). */
export type OutboxScope = Journal | null;

function found(journal: OutboxScope, query: OutboxQuery): SQL {
  const state = query.state ? sql` and m.state = ${query.state}` : sql``;
  const words = query.search?.trim();
  const search = words
    ? sql` and (m.to_address ilike ${containsPattern(words)} or m.subject ilike ${containsPattern(words)})`
    : sql``;
  const scope = journal ? sql`m.journal_id = ${journal.id}` : sql`true`;
  return sql`from mail_outbox m where ${scope}${state}${search}`;
}

export async function outboxPage(
  { db }: Pick<Deps, 'db'>,
  journal: OutboxScope,
  query: OutboxQuery,
): Promise<OutboxResponse> {
  const from = found(journal, query);
  const [rows, counted] = await Promise.all([
    rowsOf<Omit<OutboxRow, 'createdAt' | 'sentAt'> & { createdAt: Date | string; sentAt: Date | string | null }>(
      db,
      sql`select m.id, m.kind, m.to_address as "to", m.subject, m.state, m.attempts,
          ${journal ? sql`null` : sql`(select j.slug from journals j where j.id = m.journal_id)`} as "journalSlug",
          left(m.last_error, ${LAST_ERROR_SHOWN}) as "lastError", m.created_at as "createdAt", m.sent_at as "sentAt"
        ${from}
        order by m.id desc limit ${OUTBOX_PAGE_SIZE} offset ${(query.page - 1) * OUTBOX_PAGE_SIZE}`,
    ),
    rowsOf<{ n: string }>(db, sql`select count(*) as n from (select 1 ${from} limit ${OUTBOX_COUNT_CAP + 1}) f`),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    items: rows.map((row) => ({ ...row, createdAt: iso(row.createdAt), sentAt: row.sentAt ? iso(row.sentAt) : null })),
    total: Math.min(total, OUTBOX_COUNT_CAP),
    more: total > OUTBOX_COUNT_CAP,
    page: query.page,
    pageSize: OUTBOX_PAGE_SIZE,
  };
}

/** Sends a failed message of the journal again: back to waiting with its attempts from zero, then dispatched. */
export async function retryMail(deps: Pick<Deps, 'db' | 'jobs'>, journal: OutboxScope, id: number) {
  const scope = journal ? sql` and journal_id = ${journal.id}` : sql``;
  const [row] = await rowsOf<{ id: number; state: string }>(
    deps.db,
    sql`select id, state from mail_outbox where id = ${id}${scope}`,
  );
  if (!row) throw NotFoundError('outbox.not_found');
  const retried = await rowsOf<{ id: number }>(
    deps.db,
    sql`update mail_outbox set state = 'pending', attempts = 0, last_error = null, next_attempt_at = now()
      where id = ${id}${scope} and state = 'failed' returning id`,
  );
  if (retried.length === 0) throw ConflictError('outbox.not_failed');
  await deps.jobs.dispatchMail([id]);
}
