import { type Actor, isEditor } from '@journals/core/rules/permissions';
import { managesReview, type PaperAccess, paperRelation, type PaperRelation } from '@journals/core/rules/papers';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { papers, roleSpecializations } from '../db/schema';
import { ForbiddenError, NotFoundError } from '../lib/errors';

/**
 * Finding a paper for someone: the core rule `paperRelation` with the facts it needs from the database (the
 * handling editor's specializations, whether the caller co-authors the paper). Every feature that shows or runs a
 * paper goes through here.
 */
export type Paper = typeof papers.$inferSelect;

/** Who is asking, in one journal. */
export interface Caller {
  actor: Actor;
  userId: number;
  /** A handling editor's specializations when already known (read with the session); else read when needed. */
  handledSpecializations?: number[];
}

/**
 * Whether the user `userId` is one of the paper's authors by e-mail (paper_authors_email_idx): a column of the
 * paper's own read, so that the rule costs no statement of its own.
 */
export const coAuthoredBy = (userId: number | SQL, paperId: SQL = sql`${papers.id}`) =>
  sql<boolean>`exists (select 1 from paper_authors pa where pa.paper_id = ${paperId}
    and lower(pa.email) = (select lower(u.email) from users u where u.id = ${userId}))`;

/**
 * The ids of the papers the user created or co-authors (by e-mail), as an array the planner computes once: the desk
 * and the logs leave them out (`p.id <> all(...)`), whatever the caller's role.
 */
export const papersAuthoredBy = (userId: number | SQL) =>
  sql`array(select p2.id from papers p2 where p2.creator_id = ${userId}
    union select pa.paper_id from paper_authors pa
    where lower(pa.email) = (select lower(u.email) from users u where u.id = ${userId}))`;

/**
 * Whose papers a desk screen (cards, lists, report, logs, reminders) covers: the journal's (an editor) or those of
 * some specializations (a handling editor), never the caller's own (`papersAuthoredBy`); 403 without either role.
 */
export interface ReviewScope {
  journalId: number;
  specializations: number[] | null;
  userId: number;
}

export function reviewScope(journalId: number, caller: Caller): ReviewScope {
  if (!managesReview(caller.actor)) throw ForbiddenError();
  const specializations = isEditor(caller.actor) ? null : (caller.handledSpecializations ?? []);
  return { journalId, specializations, userId: caller.userId };
}

/** The paper of this journal and whether the caller co-authors it, or 404: another journal's paper is not here. */
export async function findPaper(
  db: Database,
  journalId: number,
  paperId: number,
  userId: number | null = null,
): Promise<Paper & { coAuthor: boolean }> {
  const [row] = await db
    .select({ paper: papers, coAuthor: userId === null ? sql<boolean>`false` : coAuthoredBy(userId) })
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.journalId, journalId)));
  if (!row) throw NotFoundError();
  return { ...row.paper, coAuthor: Boolean(row.coAuthor) };
}

async function handledSpecializations(db: Database, caller: Caller): Promise<number[]> {
  if (!caller.actor.roles.includes('handlingEditor')) return [];
  if (caller.handledSpecializations) return caller.handledSpecializations;
  const rows = await db
    .select({ id: roleSpecializations.specializationId })
    .from(roleSpecializations)
    .where(and(eq(roleSpecializations.userId, caller.userId), eq(roleSpecializations.role, 'handlingEditor')));
  return rows.map((row) => row.id);
}

/** What the caller is to a paper read with `findPaper` (its `coAuthor` fact): core `paperRelation`. */
export async function relationTo(
  db: Database,
  caller: Caller,
  paper: PaperAccess & { coAuthor: boolean },
): Promise<PaperRelation> {
  return paperRelation(
    {
      actor: caller.actor,
      userId: caller.userId,
      handledSpecializations: await handledSpecializations(db, caller),
      coAuthor: paper.coAuthor,
    },
    paper,
  );
}

/** Whether the caller may read a paper row read without the caller's facts (a list's row): one statement at most. */
export async function mayRead(db: Database, caller: Caller, paper: Paper): Promise<boolean> {
  const coAuthor =
    managesReview(caller.actor) && paper.creatorId !== caller.userId
      ? (await findPaper(db, paper.journalId, paper.id, caller.userId)).coAuthor
      : false;
  return (await relationTo(db, caller, { ...paper, coAuthor })).reads;
}

/** A paper of the journal and what the caller is to it; 404 when the caller may not read it. */
export async function paperFor(db: Database, journalId: number, caller: Caller, paperId: number) {
  const paper = await findPaper(db, journalId, paperId, caller.userId);
  const relation = await relationTo(db, caller, paper);
  return { paper, relation };
}

/** A paper the caller may read; any other answers 404 (its existence is not revealed). */
export async function readablePaper(db: Database, journalId: number, caller: Caller, paperId: number) {
  const { paper, relation } = await paperFor(db, journalId, caller, paperId);
  if (!relation.reads) throw NotFoundError();
  return paper;
}

/**
 * A paper whose review the caller runs (reviewers, deadlines, reviews, logs, decisions), by core `paperRelation`:
 * without an editor's or handling editor's role, 403; its author, whatever their roles, 403 (they know the paper;
 * the conflict of interest rule keeps them out); a paper they may not read (another field), 404.
 */
export async function managedPaper(db: Database, journalId: number, caller: Caller, paperId: number) {
  if (!managesReview(caller.actor)) throw ForbiddenError();
  const { paper, relation } = await paperFor(db, journalId, caller, paperId);
  if (relation.manages) return paper;
  if (relation.reads) throw ForbiddenError();
  throw NotFoundError();
}
