import {
  CARD_STATUSES,
  EDITORIAL_CARDS,
  EDITORIAL_PAGE_SIZE,
  type EditorialCard,
  LAST_UPDATED_SIZE,
} from '@journals/core/editorial';
import { PAPER_STATUS } from '@journals/core/enums';
import type { EditorialCounts, EditorialPaperItem } from '@journals/core/schemas/editorial';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CardPage, type DeskFront, deskKey, editorialDesksOf } from './editorial-desk-cache';
import type { Journal } from '../../domain/journal-context';
import { type Caller, papersAuthoredBy, type ReviewScope, reviewScope } from '../../domain/paper-access';
import { preparedRows, rowsOf } from '../../db/rows';
import { today } from '../../domain/reviews';
import { containsPattern } from '../../db/like';

/**
 * The editorial desk (issue 10 §1): the nine cards of DESIGN §4, a card's papers a page at a time, the last-updated
 * papers and the paper report. Every answer is one or two statements whatever the journal's size; the cards count
 * the newest version of each submitted paper (kept as they change, desk_paper_counts), a handling editor's the
 * papers of their editor specializations.
 */

/** Whose papers the desk shows (domain/paper-access `reviewScope`). */
export type DeskScope = ReviewScope;

export const deskScope = (journal: Journal, caller: Caller): DeskScope => reviewScope(journal.id, caller);

/**
 * How a statement carries the scope's values: inline (a statement made for one request), or as placeholders of a
 * statement prepared once per shape (`preparedRows`), the values given at each run (`valuesOf`).
 */
interface Bound {
  journalId: SQL;
  userId: SQL;
  /** The handling editor's condition on `p.specialization_id`, empty for an editor. */
  fields: SQL;
  day: SQL;
}

export const inline = (scope: DeskScope, day: string): Bound => ({
  journalId: sql`${scope.journalId}`,
  userId: sql`${scope.userId}`,
  fields: ofSpecializations(scope),
  day: sql`${day}`,
});

const placeholders = (scope: DeskScope): Bound => ({
  journalId: sql`${sql.placeholder('journalId')}`,
  userId: sql`${sql.placeholder('userId')}`,
  fields:
    scope.specializations === null
      ? sql``
      : sql` and p.specialization_id = any(${sql.placeholder('specializations')}::int[])`,
  day: sql`${sql.placeholder('day')}`,
});

const valuesOf = (scope: DeskScope, day: string) => ({
  journalId: scope.journalId,
  userId: scope.userId,
  specializations: scope.specializations ?? [],
  day,
});

/** The part of a prepared statement's name that its scope's shape decides: a whole journal, or some fields. */
const shapeOf = (scope: DeskScope) => (scope.specializations === null ? 'journal' : 'fields');

/**
 * The papers of the scope: the newest version of each submitted paper of the journal, or of its fields. The
 * predicate of the desk's partial indexes is written as literals, so that any plan can prove it.
 */
export function inScope(bound: Bound): SQL {
  return sql`${inFields(bound)} and p.id <> all(${papersAuthoredBy(bound.userId)})`;
}

/** The scope's papers, the caller's own included (the counts take those away apart, see cardCounts). */
function inFields(bound: Bound): SQL {
  return sql`p.journal_id = ${bound.journalId} and p.status <> ${sql.raw(String(PAPER_STATUS.draft))} and not p.superseded${bound.fields}`;
}

/** A handling editor's specializations, on `p.specialization_id` (of papers or of desk_paper_counts). */
function ofSpecializations({ specializations }: DeskScope): SQL {
  if (specializations === null) return sql``;
  if (specializations.length === 0) return sql` and false`;
  return sql` and p.specialization_id in (${sql.join(
    specializations.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * A card's condition on the paper `p` (DESIGN §4): its statuses, and for the two invitation cards the review state
 * the triggers of migration 0012 keep on the paper (papers.review_refused_only, review_open_deadline).
 */
export function cardCondition(card: EditorialCard, day: SQL): SQL {
  const statuses = CARD_STATUSES[card];
  const inStatuses =
    statuses.length === 1
      ? sql`p.status = ${sql.raw(String(statuses[0]))}`
      : sql`p.status in (${sql.raw(statuses.join(', '))})`;
  if (card === 'refusedReviewing') return sql`${inStatuses} and p.review_refused_only`;
  if (card === 'delayInPeerReview') return sql`${inStatuses} and p.review_open_deadline < ${day}::date`;
  return inStatuses;
}

export const instant = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of an item (EditorialPaperItem) from the paper `p` and its specialization `s`. */
const ITEM_COLUMNS = sql`p.id, p.code, p.title, p.version, s.name_en as "specializationEn",
  s.name_ar as "specializationAr", ${instant(sql`p.submitted_at`)} as "submittedAt", p.status,
  ${instant(sql`p.status_date`)} as "statusDate"`;

const matching = (search: string | undefined) => {
  const words = search?.trim();
  if (!words) return sql``;
  const pattern = containsPattern(words);
  return sql` and (p.title ilike ${pattern} or p.code ilike ${pattern})`;
};

/**
 * Some cards' counts in one statement, whatever the journal's size (decision 0060): the sums of the scope's rows of
 * desk_paper_counts, kept by triggers in the transaction of every change (a few rows a class), less the same cards
 * counted over the few papers the caller authors (left out: never theirs to run).
 */
function countsOf(bound: Bound, cards: readonly EditorialCard[]): SQL {
  const columns = (measure: (card: EditorialCard) => SQL) =>
    sql.join(
      cards.map((card) => sql`${measure(card)} as "${sql.raw(card)}"`),
      sql`, `,
    );
  return sql`select ${columns((card) => sql`coalesce(sum("${sql.raw(card)}"), 0)`)} from (
    select ${columns((card) => sql`sum(p.n) filter (where ${cardCondition(card, bound.day)})`)}
      from desk_paper_counts p where p.journal_id = ${bound.journalId}${bound.fields}
    union all
    select ${columns((card) => sql`-count(*) filter (where ${cardCondition(card, bound.day)})`)}
      from papers p where ${inFields(bound)} and p.id = any(${papersAuthoredBy(bound.userId)})
  ) c`;
}

const countsFrom = (row: Record<string, unknown> | undefined) =>
  Object.fromEntries(EDITORIAL_CARDS.map((card) => [card, Number(row?.[card] ?? 0)])) as EditorialCounts;

/** The item columns of a row that also carries counts (the lateral page beside them); none when the page is empty. */
const itemsFrom = (rows: (Record<string, unknown> & { id: number | null })[]): EditorialPaperItem[] =>
  rows
    .filter((row) => row.id !== null)
    .map(({ id, code, title, version, specializationEn, specializationAr, submittedAt, status, statusDate }) => ({
      id,
      code,
      title,
      version,
      specializationEn,
      specializationAr,
      submittedAt,
      status,
      statusDate,
    })) as EditorialPaperItem[];

/** The rows beside the counts, in their order (a lateral join keeps no order of its own). */
const NEWEST_STATUS_FIRST = sql`order by page."statusDate" desc, page.id desc`;

/**
 * The desk's front: the nine counts (countsOf) and the papers whose status changed last, newest first, in one
 * prepared statement (issue 24: two statements were two round trips for every editor opening the desk), none when
 * remembered (`editorialDesksOf`).
 */
export async function deskFront(db: Database, scope: DeskScope, day = today()): Promise<DeskFront> {
  const front = await editorialDesksOf(db).read(deskKey(scope, day, 'front'), () => readDeskFront(db, scope, day));
  return front as DeskFront;
}

async function readDeskFront(db: Database, scope: DeskScope, day: string): Promise<DeskFront> {
  const rows = await preparedRows<Record<string, unknown> & { id: number | null }>(
    db,
    `desk_front_${shapeOf(scope)}`,
    () => {
      const bound = placeholders(scope);
      return sql`select c.*, page.* from (${countsOf(bound, EDITORIAL_CARDS)}) c left join lateral (
        select ${ITEM_COLUMNS} from papers p left join specializations s on s.id = p.specialization_id
        where ${inScope(bound)} order by p.status_date desc, p.id desc limit ${sql.raw(String(LAST_UPDATED_SIZE))}
      ) page on true ${NEWEST_STATUS_FIRST}`;
    },
    valuesOf(scope, day),
  );
  return { counts: countsFrom(rows[0]), recent: itemsFrom(rows) };
}

/** A page of a card's papers, newest status first (papers_desk_list_idx), from `offset`. */
function pageOf(card: EditorialCard, bound: Bound, offset: SQL, search?: string): SQL {
  return sql`select ${ITEM_COLUMNS} from papers p left join specializations s on s.id = p.specialization_id
    where ${inScope(bound)} and ${cardCondition(card, bound.day)}${matching(search)}
    order by p.status_date desc, p.id desc limit ${sql.raw(String(EDITORIAL_PAGE_SIZE))} offset ${offset}`;
}

/**
 * One page of a card's papers, newest status date first, and how many there are: one prepared statement, the page
 * read in index order (papers_desk_list_idx) beside the card's kept count (countsOf); with a search, two statements
 * side by side, the page and the count of the matches on the title and code indexes. A card's first page without a
 * search is remembered (`editorialDesksOf`).
 */
export async function cardPage(
  db: Database,
  scope: DeskScope,
  card: EditorialCard,
  query: { search?: string; page: number },
  day = today(),
): Promise<CardPage> {
  if (query.page > 1 || query.search?.trim()) return readCardPage(db, scope, card, query, day);
  const page = await editorialDesksOf(db).read(deskKey(scope, day, card), () =>
    readCardPage(db, scope, card, query, day),
  );
  return page as CardPage;
}

async function readCardPage(
  db: Database,
  scope: DeskScope,
  card: EditorialCard,
  query: { search?: string; page: number },
  day: string,
): Promise<CardPage> {
  const values = { ...valuesOf(scope, day), offset: (query.page - 1) * EDITORIAL_PAGE_SIZE };
  const searched = query.search?.trim();
  const page = { page: query.page, pageSize: EDITORIAL_PAGE_SIZE };
  if (searched) {
    // A search counts its matches on the title and code indexes, beside its page: two statements, not prepared
    // (a pattern's plan depends on the pattern).
    const bound = inline(scope, day);
    const [items, counted] = await Promise.all([
      rowsOf<EditorialPaperItem>(db, pageOf(card, bound, sql`${values.offset}`, searched)),
      rowsOf<{ n: string }>(
        db,
        sql`select count(*) as n from papers p where ${inScope(bound)} and ${cardCondition(card, bound.day)}${matching(searched)}`,
      ),
    ]);
    return { items, total: Number(counted[0]?.n ?? 0), ...page };
  }
  // The card's count beside its page, in one prepared statement. The first page, the one nearly every visit opens,
  // has its offset written in: with an unknown offset PostgreSQL never trusts the generic plan and plans the
  // statement again on every run (1.3 ms, for 0.5 ms of work).
  const first = query.page === 1;
  const rows = await preparedRows<Record<string, unknown> & { id: number | null }>(
    db,
    `desk_page_${card}_${shapeOf(scope)}${first ? '_first' : ''}`,
    () => {
      const bound = placeholders(scope);
      const offset = first ? sql.raw('0') : sql`${sql.placeholder('offset')}`;
      return sql`select c.*, page.* from (${countsOf(bound, [card])}) c left join lateral (
        ${pageOf(card, bound, offset)}
      ) page on true ${NEWEST_STATUS_FIRST}`;
    },
    values,
  );
  return { items: itemsFrom(rows), total: Number(rows[0]?.[card] ?? 0), ...page };
}
