import { eq, sql } from 'drizzle-orm';
import { issues, journals } from '../src/db/schema';
import type { TestApp } from './harness';

/**
 * A journal's archive big enough for a search to cost something (issue 44): `count` published papers of the
 * `general` journal, written in two statements, each abstract sixty words drawn from a small vocabulary of
 * common ones, so that every word and phrase below matches thousands of papers.
 */
export async function seedCommonWordPapers(app: TestApp, count: number) {
  const db = app.deps.db;
  const [journal] = await db.select({ id: journals.id }).from(journals).where(eq(journals.slug, 'general'));
  const journalId = journal!.id;
  const [issue] = await db
    .insert(issues)
    .values({ journalId, issue: '1', volume: 944, publishMonth: '01 2024', publishDate: '2024-01-01', status: 1 })
    .returning({ id: issues.id });
  const words = COMMON.split(' ');
  // Word j of paper g: a stride through the vocabulary that differs by paper, so phrases match some papers only.
  const wordAt = (paper: string, position: string) =>
    sql`(string_to_array(${COMMON}, ' '))[1 + ((${sql.raw(paper)} * 7 + ${sql.raw(position)} * (${sql.raw(paper)} % 13 + 1)) % ${words.length})]`;
  await db.execute(sql`
    with made as (
      insert into papers (journal_id, status, title)
      select ${journalId}, 7, 'Common words paper ' || g from generate_series(1, ${count}) g
      returning id
    )
    insert into archived_papers (paper_id, journal_id, issue_id, published, publish_date, order_in_issue,
                                 title_en, abstract_en, corresponding_author, keywords)
    select id, ${journalId}, ${issue!.id}, true, '2024-01-01', (row_number() over ())::int % 30000,
           'Common study of ' || ${wordAt('id', '1')} || ' and ' || ${wordAt('id', '2')},
           (select string_agg(${wordAt('id', 'j')}, ' ') from generate_series(1, 60) j),
           'Author ' || id, array[${wordAt('id', '3')}]
    from made`);
  const { rows } = (await db.execute(sql`
    select paper_id from archived_papers where issue_id = ${issue!.id} order by paper_id limit 1`)) as unknown as {
    rows: { paper_id: number }[];
  };
  return { journalId, paperIds: rows.map((row) => row.paper_id) };
}

const COMMON =
  'study patient patients result results treatment outcome outcomes clinical trial group groups effect effects ' +
  'method methods data analysis model models growth health care disease risk factor factors level levels ' +
  'children women men year years hospital cohort sample survey measure response change rate rates test tests ' +
  'control case cases report water soil plant plants cell cells protein gene genes dose therapy surgery';

/** A valid search a reader may type, as heavy as the rules allow: sixteen common words, phrases and `or`. */
export const HEAVY_SEARCH =
  '"patient results treatment" or "clinical trial group" or "growth health care" or "risk factor level" or ' +
  '"children women" or cohort';
