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

/** Who is asking about one paper, with the facts the rule needs from the database. */
export interface PaperCaller {
  actor: Actor;
  userId: number | null;
  /** A handling editor's editor specializations. */
  handledSpecializations?: readonly number[];
  /** The caller is one of the paper's authors by e-mail (an author need not have created the paper). */
  coAuthor?: boolean;
}

/** What a caller is to one paper. */
export interface PaperRelation {
  /** Created it or is one of its authors (by account or e-mail): never manages, reviews or decides it. */
  author: boolean;
  /** Runs its review: reviewers, deadlines, reviews, history, logs, the final decision. */
  manages: boolean;
  /** Reads the paper as such (its page); reviewers read through their invitations instead. */
  reads: boolean;
}

/**
 * Access to one paper, decided per paper (DESIGN §3, issue 19 §1): the journal's editors and the handling editors
 * of its specialization run its review, once it is submitted, unless they created or co-author it (the conflict of
 * interest rule, the one that keeps an author out of its reviewer candidates). The creator reads it, draft or not.
 * A journal-wide role never decides by itself.
 */
export function paperRelation(caller: PaperCaller, paper: PaperAccess): PaperRelation {
  const creator = isCreator(paper, caller.userId);
  const author = creator || Boolean(caller.coAuthor);
  const inField =
    isHandlingEditor(caller.actor) &&
    paper.specializationId !== null &&
    (caller.handledSpecializations ?? []).includes(paper.specializationId);
  const manages = !author && paper.status !== PAPER_STATUS.draft && (isEditor(caller.actor) || inField);
  return { author, manages, reads: creator || manages };
}

/** Whether the caller may read the paper (`paperRelation(...).reads`). */
export function canReadPaper(
  actor: Actor,
  paper: PaperAccess,
  userId: number | null,
  handledSpecializations: readonly number[] = [],
  coAuthor = false,
): boolean {
  return paperRelation({ actor, userId, handledSpecializations, coAuthor }, paper).reads;
}

/**
 * Editors and handling editors run reviews: the journal-wide test for the desk's screens (which then leave out the
 * papers the caller authors). Whether they run one paper's review is `paperRelation(...).manages`.
 */
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
