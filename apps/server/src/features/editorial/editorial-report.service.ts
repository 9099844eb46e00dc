import { type EditorialCard, REPORT_MAX_ROWS } from '@journals/core/editorial';
import type { EditorialReportRow } from '@journals/core/schemas/editorial';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { shownReviewerName } from '../../domain/reviewer-names';
import { today } from '../../domain/reviews';
import { deskKey, editorialDesksOf, type RememberedReport } from './editorial-desk-cache';
import { cardCondition, type DeskScope, inline, inScope, instant } from './editorial.service';

/**
 * The paper report (spec 01 §7): a card's papers submitted in the range (both days optional, inclusive), oldest
 * first, with their main author, their reviewers and the date of the final decision, as the UTF-8 bytes of the
 * answer `{ card, from, to, rows, truncated }`.
 *
 * Remembered with the desk until the database announces a change to what it reads (decision 0068): the same report
 * asked for again (the CSV after the table, a second look) costs no statement, and is kept as the bytes it is sent
 * as: a million characters of JSON joined, sliced and encoded again on every request cost about 15 ms.
 */
export async function cardReportAnswer(
  db: Database,
  scope: DeskScope,
  card: EditorialCard,
  range: { from?: string; to?: string },
  day = today(),
): Promise<Buffer> {
  const key = deskKey(scope, day, `report:${card}:${range.from ?? ''}:${range.to ?? ''}`);
  const report = await editorialDesksOf(db).read(key, async () => {
    const { objects, truncated } = await readReport(db, scope, card, range, day);
    const head = JSON.stringify({ card, from: range.from ?? null, to: range.to ?? null });
    const pieces = [`${head.slice(0, -1)},"rows":[`, ...objects.map((object, i) => (i ? `,${object}` : object))];
    return { bytes: utf8Of([...pieces, `],"truncated":${truncated}}`]) };
  });
  return (report as RememberedReport).bytes;
}

/**
 * The UTF-8 bytes of the pieces one after another, each encoded on its own. A year's report joined into one string
 * of a million characters and then encoded cost about 20 ms a request more (V8 flattens the joined string and copies
 * it again to encode it; issue 24): as many small encodings cost about 1 ms.
 */
const utf8Of = (pieces: string[]) => Buffer.concat(pieces.map((piece) => Buffer.from(piece)));

/**
 * The rows of the report, each as its JSON object, and whether there were more. Two statements, run side by side on
 * two connections: the rows, each written as its JSON object by the database, with the main author and the decision
 * looked up per row (a join hashed every author of the journal, and the decisions' hash join read all 130,000 of
 * them), and the reviewers' names of the same papers. The server only adds each row's names to its object: parsing
 * 2,000 rows of twelve columns and serialising them again through the response schema cost it about 27 ms (issue 24).
 */
async function readReport(
  db: Database,
  scope: DeskScope,
  card: EditorialCard,
  range: { from?: string; to?: string },
  day: string,
): Promise<{ objects: string[]; truncated: boolean }> {
  const from = range.from ? sql` and p.submitted_at >= ${range.from}::date` : sql``;
  const to = range.to ? sql` and p.submitted_at < ${range.to}::date + 1` : sql``;
  const bound = inline(scope, day);
  const papersOfReport = sql`papers p where ${inScope(bound)} and ${cardCondition(card, bound.day)}${from}${to}
    order by p.submitted_at, p.id limit ${REPORT_MAX_ROWS + 1}`;
  const [rows, reviewers] = await Promise.all([
    rowsOf<{ id: number; json: string }>(
      db,
      sql`select p.id, json_build_object('id', p.id, 'code', p.code, 'title', p.title, 'version', p.version,
          'specializationEn', s.name_en, 'specializationAr', s.name_ar,
          'submittedAt', ${instant(sql`p.submitted_at`)}, 'status', p.status, 'statusDate', ${instant(sql`p.status_date`)},
          'authorName', coalesce(a.full_name, ''), 'authorEmail', coalesce(a.email, ''),
          'decisionDate', ${instant(sql`(select d.decided_at from final_decisions d where d.paper_id = p.id)`)})::text as json
        from (select * from ${papersOfReport}) p
        left join specializations s on s.id = p.specialization_id
        left join lateral (select a.full_name, a.email from paper_authors a
          where a.paper_id = p.id and a.is_main limit 1) a on true
        order by p.submitted_at, p.id`,
    ),
    rowsOf<{ id: number; names: string }>(
      db,
      sql`select p.id, coalesce((select string_agg(${shownReviewerName(sql.raw('i'), sql.raw('u'))}, ', ' order by i.invited_at, i.id)
          from review_invitations i join users u on u.id = i.reviewer_id
          where i.paper_id = p.id and i.removed_at is null), '') as names
        from ${papersOfReport}`,
    ),
  ]);
  const names = new Map(reviewers.map((row) => [row.id, row.names]));
  // Each object's closing brace gives way to its reviewers' names.
  const objects = rows
    .slice(0, REPORT_MAX_ROWS)
    .map((row) => `${row.json.slice(0, -1)}, "reviewerNames" : ${JSON.stringify(names.get(row.id) ?? '')}}`);
  return { objects, truncated: rows.length > REPORT_MAX_ROWS };
}

/** The paper report as rows (the CSV). */
export async function cardReport(
  db: Database,
  scope: DeskScope,
  card: EditorialCard,
  range: { from?: string; to?: string },
  day = today(),
): Promise<{ rows: EditorialReportRow[]; truncated: boolean }> {
  return JSON.parse((await cardReportAnswer(db, scope, card, range, day)).toString('utf8')) as {
    rows: EditorialReportRow[];
    truncated: boolean;
  };
}
