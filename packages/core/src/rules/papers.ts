import { PAPER_STATUS } from '../enums';
import { type Actor, isEditor, isHandlingEditor } from './permissions';
import { canTransition, isEditable } from './workflow';

/**
 * Who may do what with one paper (DESIGN §3). The server enforces these; a paper the caller may not read
 * answers 404, so its existence is never revealed.
 */
export interface PaperAccess {
  creatorId: number | null;
  status: number;
  specializationId: number | null;
}

const isCreator = (paper: Pick<PaperAccess, 'creatorId'>, userId: number | null) =>
  userId !== null && paper.creatorId === userId;

/**
 * The creator always; editors every submitted paper of the journal; handling editors the submitted papers of
 * their editor specializations. A draft is its creator's alone. (Reviewers read through their invitations.)
 */
export function canReadPaper(
  actor: Actor,
  paper: PaperAccess,
  userId: number | null,
  handledSpecializations: readonly number[] = [],
): boolean {
  if (isCreator(paper, userId)) return true;
  if (paper.status === PAPER_STATUS.draft) return false;
  if (isEditor(actor)) return true;
  return (
    isHandlingEditor(actor) &&
    paper.specializationId !== null &&
    handledSpecializations.includes(paper.specializationId)
  );
}

/** Editors and handling editors run a paper's review: reviewers, deadlines, the final decision (spec 02 §7). */
export const managesReview = (actor: Actor) => isEditor(actor) || isHandlingEditor(actor);

/** Researchers create papers. */
export const canCreatePaper = (actor: Actor) => actor.roles.includes('researcher');

/** Only the creator touches a draft; whether it is still a draft is a separate (409) question. */
export const canEditDraft = (paper: PaperAccess, userId: number | null) => isCreator(paper, userId);
export const isDraft = (paper: PaperAccess) => isEditable(paper.status);

/** Only the creator pays a paper's at-upload fee; anyone else is not shown the paper's payment. */
export const canPayUploadFee = (paper: Pick<PaperAccess, 'creatorId'>, userId: number | null) =>
  isCreator(paper, userId);

/** Only the creator resubmits, only at status 5 (spec 02 §4), and only the newest version (DESIGN §4). */
export const canResubmit = (
  paper: Pick<PaperAccess, 'creatorId' | 'status'> & { superseded?: boolean },
  userId: number | null,
) => isCreator(paper, userId) && canTransition(paper.status, 'resubmit') && !paper.superseded;
