import { PAPER_STATUS, type PaperStatus } from '../enums';

/** The paper state machine (DESIGN §4): one table, used by the server to act and by the web to offer. */
export type PaperEvent =
  | 'submit'
  | 'refuse'
  | 'inviteReviewer'
  | 'allReviewed'
  | 'accept'
  | 'reject'
  | 'acceptWithRevisions'
  | 'resubmit'
  | 'publish';

const { draft, submitted, underReview, pendingDecision, accepted, acceptedWithRevisions, rejected, published } =
  PAPER_STATUS;

export const TRANSITIONS: Record<PaperEvent, { from: readonly PaperStatus[]; to: PaperStatus }> = {
  submit: { from: [draft], to: submitted },
  refuse: { from: [submitted], to: rejected },
  inviteReviewer: { from: [submitted, pendingDecision], to: underReview },
  allReviewed: { from: [underReview], to: pendingDecision },
  accept: { from: [submitted, underReview, pendingDecision], to: accepted },
  reject: { from: [submitted, underReview, pendingDecision], to: rejected },
  acceptWithRevisions: { from: [submitted, underReview, pendingDecision], to: acceptedWithRevisions },
  /** The old version keeps status 5 (superseded); the new version starts at 1. */
  resubmit: { from: [acceptedWithRevisions], to: submitted },
  publish: { from: [accepted], to: published },
};

export function canTransition(status: number, event: PaperEvent): boolean {
  return (TRANSITIONS[event].from as readonly number[]).includes(status);
}

export const isEditable = (status: number) => status === draft;
/** Statuses below 4 are under review; 4 and above carry a final decision (spec 02 §4). */
export const hasFinalDecision = (status: number) => status >= accepted;
/** The ethics form can be printed for accepted, accepted-with-revisions and published papers. */
export const canPrintEthicsForm = (status: number) =>
  [accepted, acceptedWithRevisions, published].includes(status as never);
