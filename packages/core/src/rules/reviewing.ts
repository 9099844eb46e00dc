import { PAPER_STATUS } from '../enums';
import { earliestExtension, type ExtensionAllowance, latestExtension, REVIEW_STATUS } from '../reviewing';
import { canTransition, hasFinalDecision } from './workflow';

/**
 * The review invitation's state machine (DESIGN §4) and what each side may do with one. The server acts by
 * these; the web offers by them.
 */
export interface InvitationState {
  status: number;
  /** Removed by an editor (soft delete): it no longer counts and nothing more happens to it. */
  removed: boolean;
}

export type InvitationEvent = 'accept' | 'refuse' | 'extendDeadline' | 'submitReview' | 'remove' | 'editDeadline';

const { invited, accepted, reviewed, refused } = REVIEW_STATUS;

export const INVITATION_TRANSITIONS: Record<InvitationEvent, { from: readonly number[]; to: number | null }> = {
  accept: { from: [invited], to: accepted },
  refuse: { from: [invited], to: refused },
  /** The reviewer moves an accepted invitation's deadline later. */
  extendDeadline: { from: [accepted], to: null },
  submitReview: { from: [accepted], to: reviewed },
  /** Editors remove any invitation that is not reviewed ("cannot remove reviewer" otherwise). */
  remove: { from: [invited, accepted, refused], to: null },
  /** Editors change the deadline of one not yet reviewed ("cannot edit deadline" otherwise). */
  editDeadline: { from: [invited, accepted], to: null },
};

export function invitationAllows(invitation: InvitationState, event: InvitationEvent): boolean {
  return !invitation.removed && INVITATION_TRANSITIONS[event].from.includes(invitation.status);
}

/**
 * Why the reviewer cannot move this deadline themselves any more, or null: they used the journal's number of
 * extensions, or the deadline is so far past that no day is left within the bound. The editor must then agree.
 */
export function extensionBlocked(deadline: string | null, allowance: ExtensionAllowance, today: string) {
  if (allowance.used >= allowance.maxCount) return 'validation.extension_needs_editor';
  if (latestExtension(deadline, today, allowance.maxDays) < earliestExtension(deadline, today))
    return 'validation.extension_needs_editor';
  return null;
}

/**
 * What is wrong with a reviewer's own new deadline (issue 19 §5), as the field's message key, or null: a repeat
 * of the current deadline, no extension left, earlier than the day after it, or further than the journal's bound.
 * The server refuses by it; the extension dialog bounds its date picker and hides the action by it.
 */
export function extensionError(
  requested: string,
  deadline: string | null,
  allowance: ExtensionAllowance,
  today: string,
): string | null {
  // First: a second press of the same request finds the deadline already moved, and is told so.
  if (requested === deadline) return 'validation.extension_same_date';
  const blocked = extensionBlocked(deadline, allowance, today);
  if (blocked) return blocked;
  if (requested < earliestExtension(deadline, today)) return 'validation.extension_too_early';
  if (requested > latestExtension(deadline, today, allowance.maxDays)) return 'validation.extension_too_late';
  return null;
}

/**
 * Invited by e-mail (issue 19 §4): editors see the name they typed until the person accepts; the account's own name
 * once the person has accepted (and so become a reviewer of the journal).
 */
export const namesAccount = (invitation: { status: number }) =>
  invitation.status === accepted || invitation.status === reviewed;

/** An invitation that counts toward the paper's review: not refused and not removed. */
export const isActiveInvitation = (invitation: InvitationState) => !invitation.removed && invitation.status !== refused;
/** The reviewer still owes an answer or a review. */
export const isOpenInvitation = (invitation: InvitationState) =>
  !invitation.removed && (invitation.status === invited || invitation.status === accepted);

/** Editors run the review of a paper while it has no final decision (spec 02 §4: statuses below 4). */
export const reviewIsOpen = (paper: { status: number; superseded?: boolean }) =>
  paper.status >= PAPER_STATUS.submitted && !hasFinalDecision(paper.status) && !paper.superseded;

/**
 * The paper's status once its invitations are as given (DESIGN §4): under review moves to pending decision when
 * every active invitation is reviewed and at least one is; anything else stays where it is.
 */
export function statusAfterReviews(paperStatus: number, invitations: readonly InvitationState[]): number {
  if (!canTransition(paperStatus, 'allReviewed')) return paperStatus;
  const active = invitations.filter(isActiveInvitation);
  const done = active.length > 0 && active.every((invitation) => invitation.status === reviewed);
  return done ? PAPER_STATUS.pendingDecision : paperStatus;
}

/** Inviting moves a submitted or pending-decision paper (back) to under review; under review stays. */
export const statusAfterInvite = (paperStatus: number) =>
  canTransition(paperStatus, 'inviteReviewer') ? PAPER_STATUS.underReview : paperStatus;

/** The editor refuses a paper directly only at status 1 and only when it is not a resubmission (spec 02 §4). */
export const canRefuseDirectly = (paper: { status: number; parentPaperId: number | null }) =>
  canTransition(paper.status, 'refuse') && paper.parentPaperId === null;
