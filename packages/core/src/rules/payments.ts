import { canTransition } from './workflow';

/**
 * Payment rules shared by server and web (DESIGN §7). The at-upload fee gates the review: editors cannot start
 * the review of a paper whose fee is unpaid (uploadPaid is also true when no fee was due at submission).
 */
export const canStartReview = (paper: { uploadPaid: boolean }) => paper.uploadPaid;

/**
 * The review waits for the at-upload fee: the paper is where reviewers are invited (DESIGN §4 `inviteReviewer`)
 * but its fee is unpaid. Editors are told so on the paper page; the invitation route refuses.
 */
export const reviewWaitsForPayment = (paper: { status: number; uploadPaid: boolean }) =>
  canTransition(paper.status, 'inviteReviewer') && !canStartReview(paper);

/** A payment is due for the at-upload fee: a submitted paper, unpaid, and the journal charges it. */
export const uploadPaymentDue = (paper: { status: number; uploadPaid: boolean }, settings: { atUpload: boolean }) =>
  paper.status >= 1 && !paper.uploadPaid && settings.atUpload;
