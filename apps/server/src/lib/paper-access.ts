import type { Actor } from '@journals/core/rules/permissions';
import { canReadPaper, managesReview } from '@journals/core/rules/papers';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { papers, roleSpecializations } from '../db/schema';
import { ForbiddenError, NotFoundError } from './errors';

/**
 * Finding a paper for someone: the core rule `canReadPaper` with the one fact it needs from the database (the
 * handling editor's specializations). Every feature that shows a paper goes through here.
 */
export type Paper = typeof papers.$inferSelect;

/** Who is asking, in one journal. */
export interface Caller {
  actor: Actor;
  userId: number;
  /** A handling editor's specializations when already known (read with the session); else read when needed. */
  handledSpecializations?: number[];
}

/** The paper of this journal, or 404: another journal's paper does not exist here. */
export async function findPaper(db: Database, journalId: number, paperId: number): Promise<Paper> {
  const [paper] = await db
    .select()
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.journalId, journalId)));
  if (!paper) throw NotFoundError();
  return paper;
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

export async function mayRead(db: Database, caller: Caller, paper: Paper): Promise<boolean> {
  return canReadPaper(caller.actor, paper, caller.userId, await handledSpecializations(db, caller));
}

/** A paper the caller may read; any other answers 404 (its existence is not revealed). */
export async function readablePaper(db: Database, journalId: number, caller: Caller, paperId: number) {
  const paper = await findPaper(db, journalId, paperId);
  if (!(await mayRead(db, caller, paper))) throw NotFoundError();
  return paper;
}

/**
 * A paper whose review the caller runs (reviewers, deadlines, decisions): an editor or handling editor (else 403)
 * who may read it (else 404: a handling editor of another field does not learn it exists).
 */
export async function managedPaper(db: Database, journalId: number, caller: Caller, paperId: number) {
  if (!managesReview(caller.actor)) throw ForbiddenError();
  return readablePaper(db, journalId, caller, paperId);
}
