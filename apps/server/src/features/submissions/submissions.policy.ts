import type { Actor } from '@journals/core/rules/permissions';
import { canEditDraft, canReadPaper, canResubmit, isDraft } from '@journals/core/rules/papers';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { papers, roleSpecializations } from '../../db/schema';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';

export type Paper = typeof papers.$inferSelect;

/** Who is asking, in one journal. */
export interface Caller {
  actor: Actor;
  userId: number;
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

/** The caller's own paper (404 otherwise), still a draft (409 otherwise). */
export async function editableDraft(db: Database, journalId: number, caller: Caller, paperId: number) {
  const paper = await ownPaper(db, journalId, caller, paperId);
  if (!isDraft(paper)) throw new AppError('conflict', 'errors.paperNotEditable');
  return paper;
}

/** The caller's own paper, in any status; another's answers 404. */
export async function ownPaper(db: Database, journalId: number, caller: Caller, paperId: number) {
  const paper = await findPaper(db, journalId, paperId);
  if (!canEditDraft(paper, caller.userId)) throw NotFoundError();
  return paper;
}

/** The creator's paper at status 5, not yet resubmitted; another's answers 404, a wrong state 409. */
export async function resubmittablePaper(db: Database, journalId: number, caller: Caller, paperId: number) {
  const paper = await ownPaper(db, journalId, caller, paperId);
  if (!canResubmit(paper, caller.userId) || paper.superseded) throw ConflictError();
  return paper;
}
