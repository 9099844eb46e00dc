import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { PaperSearch, PaperSearchResult, SearchEngine } from './driver';

/**
 * Search on PostgreSQL (migration 0017): `archived_papers.search_vector`, a weighted vector each row keeps itself,
 * and one GIN index over (journal, vector) of the published rows. The words are normalised by `search_normalize`,
 * the rule the vector was made with, and read by `websearch_to_tsquery` (phrases in quotes, `-word`, `or`).
 *
 * One statement a search: the matching papers of the journal, at most `cap + 1` of them (ranked only those), then
 * over that set the count, the page and both facets. The commonest words match most of a journal; with the cap they
 * cost a bounded amount and the answer says "more than" (decision 0034).
 */
export function postgresSearch(db: Database): SearchEngine {
  return {
    async searchPapers(request) {
      const { rows } = (await db.execute(searchStatement(request))) as unknown as { rows: AnswerRow[] };
      const [row] = rows;
      return answerOf(request, row!);
    },
  };
}

interface AnswerRow {
  found: number;
  ids: number[];
  specializations: { id: number; count: number }[];
  keywords: { value: string; count: number }[];
  query: string | null;
}

function searchStatement(request: PaperSearch): SQL {
  const words = request.words.trim();
  const filters: SQL[] = [];
  if (words) filters.push(sql`and a.search_vector @@ q.query`);
  if (request.correspondingAuthor) {
    filters.push(
      sql`and search_normalize(a.corresponding_author) ilike search_normalize(${containing(request.correspondingAuthor)})`,
    );
  }
  if (request.jointAuthors) {
    filters.push(
      sql`and search_normalize(array_to_string(a.joint_authors, ' ')) ilike search_normalize(${containing(request.jointAuthors)})`,
    );
  }
  const rank = words ? sql`ts_rank(a.search_vector, q.query)` : sql`0::real`;
  // Without words, the newest papers are the ones kept below the cap; with words, any matching ones (decision 0034).
  const order = words ? sql`` : sql`order by a.publish_date desc nulls last, a.paper_id desc`;
  return sql`
    with q as (select websearch_to_tsquery('english', search_normalize(${words})) as query),
    wanted as (
      select array(select json_array_elements_text(${JSON.stringify(request.keywords)}::json)) as keywords,
             array(select json_array_elements_text(${JSON.stringify(request.specializationIds)}::json)::int)
               as specializations
    ),
    matches as (
      select a.paper_id, a.keywords, a.specialization_ids, a.publish_date, ${rank} as rank
      from archived_papers a, q
      where a.published and a.journal_id = ${request.journalId} ${sql.join(filters, sql` `)}
      ${order}
      limit ${request.cap + 1}
    ),
    by_keywords as (
      select m.* from matches m, wanted w where cardinality(w.keywords) = 0 or m.keywords && w.keywords
    ),
    by_specializations as (
      select m.* from matches m, wanted w
      where cardinality(w.specializations) = 0 or m.specialization_ids && w.specializations
    ),
    found as (
      select b.* from by_keywords b, wanted w
      where cardinality(w.specializations) = 0 or b.specialization_ids && w.specializations
    )
    select
      (select count(*)::int from found) as found,
      (select coalesce(json_agg(p.paper_id order by p.rank desc, p.publish_date desc nulls last, p.paper_id desc), '[]')
         from (select paper_id, rank, publish_date from found
               order by rank desc, publish_date desc nulls last, paper_id desc
               limit ${request.limit} offset ${request.offset}) p) as ids,
      (select coalesce(json_agg(json_build_object('id', f.id, 'count', f.count) order by f.count desc, f.id), '[]')
         from (select s as id, count(*)::int as count
               from by_keywords b, unnest(b.specialization_ids) s group by s) f) as specializations,
      (select coalesce(json_agg(json_build_object('value', f.value, 'count', f.count)
                                order by f.count desc, f.value), '[]')
         from (select k as value, count(*)::int as count
               from by_specializations b, wanted w, unnest(b.keywords) k
               group by k, w.keywords
               order by (k = any(w.keywords)) desc, count(*) desc, k
               limit ${request.keywordFacets}) f) as keywords,
      (select case when ${words}::text = '' then null else q.query::text end from q) as query
  `;
}

/** `%text%` for ILIKE, the text's own % and _ taken literally (normalised in SQL, as the column is). */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function answerOf(request: PaperSearch, row: AnswerRow): PaperSearchResult {
  return {
    paperIds: row.ids,
    total: Math.min(row.found, request.cap),
    more: row.found > request.cap,
    facets: { specializations: row.specializations, keywords: row.keywords },
    terms: row.query ? termsOf(row.query) : [],
  };
}

/** The lexemes of a tsquery's text (`'studi' & 'kidney' <-> 'diseas' & !'foo'`), those left out excepted. */
export function termsOf(query: string): string[] {
  const terms = new Set<string>();
  for (const [, not, lexeme] of query.matchAll(/(!?)\s*'((?:[^']|'')+)'/g)) {
    if (!not) terms.add(lexeme!.replace(/''/g, "'"));
  }
  return [...terms];
}
