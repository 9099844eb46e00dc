import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { journalRoles, papers, roleSpecializations, users } from '../../db/schema';
import { notBannedIn } from '../../domain/journal-bans';
import type { Paper } from '../../domain/paper-access';
import type { Recipient } from '../../mail/templates';

/** The people who run a paper's review, as mail recipients (answers, extensions, reviews; the overdue reminders). */

/**
 * Whether a journal role (journal_roles joined to users) runs the review of the paper `paperId` (a value or a
 * column): the journal's editors and the handling editors of the paper's specialization, not banned (nor by the journal), and never
 * someone who created or co-authors the paper (core paperRelation, issue 19 §1).
 */
const runsReviewOf = (paperId: SQL | number) =>
  and(
    sql`${journalRoles.journalId} = (select rp.journal_id from papers rp where rp.id = ${paperId})`,
    eq(users.banned, false),
    notBannedIn(journalRoles.journalId, journalRoles.userId),
    sql`${journalRoles.userId} <> all(array(select rp.creator_id from papers rp where rp.id = ${paperId}
      and rp.creator_id is not null))`,
    sql`not exists (select 1 from paper_authors ra where ra.paper_id = ${paperId} and lower(ra.email) = lower(${users.email}))`,
    or(
      eq(journalRoles.role, 'editor'),
      and(
        eq(journalRoles.role, 'handlingEditor'),
        sql`exists (select 1 from ${roleSpecializations} where ${roleSpecializations.userId} = ${journalRoles.userId}
          and ${roleSpecializations.role} = 'handlingEditor' and ${roleSpecializations.specializationId} =
          (select rp.specialization_id from papers rp where rp.id = ${paperId}))`,
      ),
    ),
  );

/**
 * The people who run a paper's review: the journal's editors and the handling editors of its specialization (the
 * ones told of answers, extensions and reviews), its authors left out.
 */
export async function paperEditors(tx: Tx, paper: Pick<Paper, 'id'>): Promise<Recipient[]> {
  return tx
    .selectDistinct({ email: users.email, language: users.language, fullName: users.fullName })
    .from(journalRoles)
    .innerJoin(users, eq(users.id, journalRoles.userId))
    .where(runsReviewOf(paper.id));
}

/** The people who run each of several papers' review (as paperEditors), in one statement. */
export async function editorsOfPapers(tx: Tx, paperIds: readonly number[]): Promise<Map<number, Recipient[]>> {
  const byPaper = new Map<number, Recipient[]>();
  if (paperIds.length === 0) return byPaper;
  const rows = await tx
    .selectDistinct({ paperId: papers.id, email: users.email, language: users.language, fullName: users.fullName })
    .from(papers)
    .innerJoin(journalRoles, eq(journalRoles.journalId, papers.journalId))
    .innerJoin(users, eq(users.id, journalRoles.userId))
    .where(and(inArray(papers.id, [...paperIds]), runsReviewOf(sql`${papers.id}`)));
  for (const { paperId, ...recipient } of rows) byPaper.set(paperId, [...(byPaper.get(paperId) ?? []), recipient]);
  return byPaper;
}
