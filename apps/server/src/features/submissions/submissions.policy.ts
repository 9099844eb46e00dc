import { canEditDraft, canResubmit, isDraft } from '@journals/core/rules/papers';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Database } from '../../db/client';
import { type Caller, findPaper } from '../../domain/paper-access';

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
  if (!canResubmit(paper, caller.userId)) throw ConflictError();
  return paper;
}
