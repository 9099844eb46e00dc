import { doiFromPattern } from '@journals/core/rules/doi';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { archivedPapers, doiDeposits, journalDoiSettings, paperNotices } from '../db/schema';
import type { Journal } from './journal-context';

/**
 * What asks for DOIs and their deposits (issue 46 §1, decision 0086), inside the caller's transaction: publishing an
 * issue gives its papers without a DOI one by the journal's pattern, and asks for every paper's deposit; a change to
 * a published paper's metadata asks for its deposit again. The caller rings the bell (`jobs.dispatchDeposits`) once
 * its transaction has committed.
 */

/** Whether a DOI (any case) is given to another paper than `paperId`, in any journal: DOIs are global. */
export async function doiTaken(tx: Tx, doi: string, paperId: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ paperId: archivedPapers.paperId })
    .from(archivedPapers)
    .where(
      and(
        sql`lower(${archivedPapers.doi}) = lower(${doi})`,
        paperId === null ? undefined : sql`${archivedPapers.paperId} <> ${paperId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Gives the issue's papers that have no DOI one by the journal's pattern, when the journal has a prefix and has saved
 * its DOI settings. A DOI the pattern gives that is already someone else's gets the paper's id after it; if that is
 * taken too (typed by hand elsewhere) the paper is left without one. Two statements and one update.
 */
export async function assignDois(
  tx: Tx,
  journal: Pick<Journal, 'id' | 'slug' | 'doiPrefix'>,
  issue: { id: number; volume: number; issue: string; publishDate: string | null },
) {
  if (!journal.doiPrefix) return;
  const [settings] = await tx
    .select({ pattern: journalDoiSettings.suffixPattern })
    .from(journalDoiSettings)
    .where(eq(journalDoiSettings.journalId, journal.id));
  if (!settings) return;
  const papers = await tx
    .select({ paperId: archivedPapers.paperId, order: archivedPapers.orderInIssue })
    .from(archivedPapers)
    .where(and(eq(archivedPapers.issueId, issue.id), isNull(archivedPapers.doi)));
  if (papers.length === 0) return;
  const year = (issue.publishDate ?? new Date().toISOString()).slice(0, 4);
  const wanted = papers.map(({ paperId, order }) => {
    const doi = doiFromPattern(journal.doiPrefix, settings.pattern, {
      journal: journal.slug,
      year,
      volume: issue.volume,
      issue: issue.issue,
      order,
      paper: paperId,
    });
    return { paperId, choices: [doi, `${doi}.${paperId}`] };
  });
  const candidates = wanted.flatMap(({ choices }) => choices.map((doi) => doi.toLowerCase()));
  const taken = new Set(
    (
      await tx
        .select({ doi: sql<string>`lower(${archivedPapers.doi})` })
        .from(archivedPapers)
        .where(and(isNotNull(archivedPapers.doi), inArray(sql`lower(${archivedPapers.doi})`, candidates)))
    ).map((row) => row.doi),
  );
  const given: { paperId: number; doi: string }[] = [];
  for (const { paperId, choices } of wanted) {
    const doi = choices.find((choice) => !taken.has(choice.toLowerCase()));
    if (!doi) continue;
    taken.add(doi.toLowerCase());
    given.push({ paperId, doi });
  }
  if (given.length === 0) return;
  const cases = sql.join(
    given.map(({ paperId, doi }) => sql`when ${paperId}::int then ${doi}::text`),
    sql` `,
  );
  await tx
    .update(archivedPapers)
    .set({ doi: sql`case ${archivedPapers.paperId} ${cases} end`, modifiedAt: new Date() })
    .where(
      inArray(
        archivedPapers.paperId,
        given.map(({ paperId }) => paperId),
      ),
    );
}

/**
 * Asks for the deposit of these papers, those published with a DOI, when the journal registers with Crossref: one
 * insert. A deposit already there starts again as waiting (its holder let go: a step in flight is dropped).
 * Answers the papers asked for.
 */
export async function requestDeposits(tx: Tx, journalId: number, paperIds: number[]): Promise<number[]> {
  if (paperIds.length === 0) return [];
  const [settings] = await tx
    .select({ system: journalDoiSettings.system, login: journalDoiSettings.login })
    .from(journalDoiSettings)
    .where(eq(journalDoiSettings.journalId, journalId));
  if (!settings || settings.system === 'off' || !settings.login) return [];
  const papers = await tx
    .select({ paperId: archivedPapers.paperId, doi: archivedPapers.doi })
    .from(archivedPapers)
    .where(
      and(
        eq(archivedPapers.journalId, journalId),
        eq(archivedPapers.published, true),
        isNotNull(archivedPapers.doi),
        inArray(archivedPapers.paperId, paperIds),
      ),
    );
  if (papers.length === 0) return [];
  const now = new Date();
  await tx
    .insert(doiDeposits)
    .values(
      papers.map(({ paperId, doi }) => ({
        paperId,
        journalId,
        doi: doi!,
        state: 'waiting' as const,
        system: settings.system as 'test' | 'production',
        nextAttemptAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: doiDeposits.paperId,
      set: {
        doi: sql`excluded.doi`,
        state: 'waiting',
        system: sql`excluded.system`,
        batchId: null,
        message: '',
        attempts: 0,
        polls: 0,
        nextAttemptAt: now,
        holder: null,
        heldUntil: null,
        modifiedAt: now,
      },
    });
  return papers.map(({ paperId }) => paperId);
}

/**
 * The DOI a notice gets when none was typed (decision 0088): `{prefix}/{journal}.notice.{notice id}`, when the
 * journal has a prefix and has saved its DOI settings (as papers get theirs at publish). Null when it gets none, or
 * when that DOI is someone's already (typed by hand): the notice is then left without one. Two statements.
 */
export async function noticeDoi(
  tx: Tx,
  journal: Pick<Journal, 'id' | 'slug' | 'doiPrefix'>,
  noticeId: number,
): Promise<string | null> {
  if (!journal.doiPrefix) return null;
  const [settings] = await tx
    .select({ journalId: journalDoiSettings.journalId })
    .from(journalDoiSettings)
    .where(eq(journalDoiSettings.journalId, journal.id));
  if (!settings) return null;
  const slug = journal.slug.toLowerCase().replace(/[^a-z0-9._-]/g, '-');
  const doi = `${journal.doiPrefix}/${slug}.notice.${noticeId}`;
  const [taken] = await rowsOf<{ one: number }>(
    tx,
    sql`select 1 as one from ${archivedPapers} where lower(${archivedPapers.doi}) = lower(${doi})
        union all select 1 from ${paperNotices} where lower(${paperNotices.doi}) = lower(${doi}) limit 1`,
  );
  return taken ? null : doi;
}
