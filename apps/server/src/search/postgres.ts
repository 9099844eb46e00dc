import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { PaperSearch, PaperSearchResult, SearchEngine } from './driver';
import { containsPattern } from '../db/like';
import { AppError, databaseError } from '../lib/errors';

/**
 * Search on PostgreSQL (migration 0017): `archived_papers.search_vector`, a weighted vector each row keeps itself,
 * and one GIN index over (journal, vector) of the published rows. The words are normalised by `search_normalize`,
 * the rule the vector was made with, and read by `websearch_to_tsquery` (phrases in quotes, `-word`, `or`).
 *
 * One statement a search: the matching papers of the journal, at most `cap + 1` of them (ranked only those), then
 * over that set the count and the page, and the facets over it or over a capped set of their own (searchStatement).
 * The commonest words match most of a journal; with the cap they cost a bounded amount and the answer says "more
 * than" (decision 0034).
 */
export function postgresSearch(db: Database): SearchEngine {
  return {
    async searchPapers(request) {
      const { rows } = (await db.execute(searchStatement(request)).catch(tooBroad)) as unknown as {
        rows: AnswerRow[];
      };
      const [row] = rows;
      return answerOf(request, row!);
    },
  };
}

/**
 * A search the server ended at its statement timeout (SQLSTATE 57014, the handle of `ownPool`; decision 0074) is
 * the reader's to narrow, not a fault of ours: a translated 400, never a 500.
 */
function tooBroad(error: unknown): never {
  if (databaseError(error)?.code === QUERY_CANCELED) throw new AppError('validation', 'search.too_broad');
  throw error;
}
const QUERY_CANCELED = '57014';

interface AnswerRow {
  found: number;
  ids: number[];
  specializations: { id: number; count: number }[];
  keywords: { value: string; count: number }[];
  /** Whether a set the facets were counted over reached the cap. */
  facets_capped: boolean;
  query: string | null;
}

/**
 * The statement. The papers found are those matching the words, the author filters and both facets' filters, at
 * most `cap + 1` of them, so the count is exact up to the cap however narrow the filters. Each facet's counts are
 * over the papers matching everything but that facet's own filter: a set of its own when that filter is set, the
 * papers found when it is not. Without words, the newest papers are kept below the cap (walking
 * `archived_papers_newest_idx`); with words, any matching ones, ranked.
 */
function searchStatement(request: PaperSearch): SQL {
  const words = request.words.trim();
  const common: SQL[] = [];
  if (words) common.push(sql`and a.search_vector @@ q.query`);
  if (request.correspondingAuthor) {
    common.push(
      sql`and search_normalize(a.corresponding_author) ilike search_normalize(${containing(request.correspondingAuthor)})`,
    );
  }
  if (request.jointAuthors) {
    common.push(
      sql`and search_normalize(array_to_string(a.joint_authors, ' ')) ilike search_normalize(${containing(request.jointAuthors)})`,
    );
  }
  const keywords = request.keywords.length > 0;
  const specializations = request.specializationIds.length > 0;
  // The filters' values as array constants, not a subquery: the planner then reads them against the columns'
  // statistics and walks the journal's newest papers (archived_papers_newest_idx) until enough pass, where with a
  // subquery it guessed too few and read the whole table. A facet of its own GIN index was tried and dropped: the
  // planner multiplies the journal's and the value's selectivity (a specialization belongs to one journal), guesses
  // a quarter of the papers and reads them all (docs/performance.md).
  const keywordArray = arrayOf(request.keywords, 'text');
  const byKeywords = sql`and a.keywords && ${keywordArray}`;
  const bySpecializations = sql`and a.specialization_ids && ${arrayOf(request.specializationIds, 'int')}`;
  const rank = words ? sql`ts_rank(a.search_vector, q.query)` : sql`0::real`;
  const order = words ? sql`` : sql`order by a.publish_date desc nulls last, a.paper_id desc nulls last`;
  const scan = (filters: SQL[]) => sql`
      select a.paper_id, a.keywords, a.specialization_ids, a.publish_date, ${rank} as rank
      from archived_papers a, q
      where a.published and a.journal_id = ${request.journalId} ${sql.join([...common, ...filters], sql` `)}
      ${order}
      limit ${request.cap + 1}`;
  const cap = request.cap;
  // The specializations' counts leave out the specializations' filter; the keywords' leave out the keywords'.
  const forSpecializations = specializations ? sql`for_specializations` : sql`found`;
  const forKeywords = keywords ? sql`for_keywords` : sql`found`;
  return sql`
    with q as (select websearch_to_tsquery('english', search_normalize(${words})) as query),
    found as (${scan([...(keywords ? [byKeywords] : []), ...(specializations ? [bySpecializations] : [])])})
    ${specializations ? sql`, for_specializations as (${scan(keywords ? [byKeywords] : [])})` : sql``}
    ${keywords ? sql`, for_keywords as (${scan(specializations ? [bySpecializations] : [])})` : sql``}
    select
      (select count(*)::int from found) as found,
      (select coalesce(json_agg(p.paper_id order by p.rank desc, p.publish_date desc nulls last, p.paper_id desc), '[]')
         from (select paper_id, rank, publish_date from found
               order by rank desc, publish_date desc nulls last, paper_id desc
               limit ${Math.max(0, Math.min(request.limit, cap - request.offset))} offset ${request.offset}) p) as ids,
      (select coalesce(json_agg(json_build_object('id', f.id, 'count', f.count) order by f.count desc, f.id), '[]')
         from (select s as id, count(*)::int as count
               from ${forSpecializations} b, unnest(b.specialization_ids) s group by s) f) as specializations,
      (select coalesce(json_agg(json_build_object('value', f.value, 'count', f.count)
                                order by f.count desc, f.value), '[]')
         from (select k as value, count(*)::int as count
               from ${forKeywords} b, unnest(b.keywords) k
               group by k
               order by (k = any(${keywordArray})) desc,
                        count(*) desc, k
               limit ${request.keywordFacets}) f) as keywords,
      ((select count(*) from ${forSpecializations}) > ${cap} or (select count(*) from ${forKeywords}) > ${cap})
        as facets_capped,
      (select case when ${words}::text = '' then null else q.query::text end from q) as query
  `;
}

/** `array[$1, $2, …]::type[]`, an empty one typed too. */
function arrayOf(values: readonly (string | number)[], type: 'text' | 'int'): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}

/** `%text%` for ILIKE, the text's own % and _ taken literally (normalised in SQL, as the column is). */
const containing = containsPattern;

function answerOf(request: PaperSearch, row: AnswerRow): PaperSearchResult {
  return {
    paperIds: row.ids,
    total: Math.min(row.found, request.cap),
    more: row.found > request.cap,
    facets: { specializations: row.specializations, keywords: row.keywords },
    facetsCapped: row.facets_capped,
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
