import { PAPER_STATUS } from '../enums';
import { canTransition } from './workflow';

/** The statuses of a paper still in review (1–3): the only ones whose at-upload fee can be due. */
/** The currency of every fee a journal charges (the payments' rows, the gateway's checkout, the membership offer). */
export const PAYMENT_CURRENCY = 'EGP';

const IN_REVIEW: readonly number[] = [PAPER_STATUS.submitted, PAPER_STATUS.underReview, PAPER_STATUS.pendingDecision];

/**
 * The at-upload fee is due (DESIGN §7): a paper in review, its newest version, unpaid, and the journal charges
 * the fee now. A journal that stops charging stops holding its unpaid papers; a decided or superseded paper owes
 * nothing.
 */
export const uploadPaymentDue = (
  paper: { status: number; uploadPaid: boolean; superseded?: boolean },
  settings: { atUpload: boolean } | null | undefined,
) => IN_REVIEW.includes(paper.status) && !paper.superseded && !paper.uploadPaid && Boolean(settings?.atUpload);

/**
 * The at-upload fee gates the review: editors cannot start it (invite a reviewer) while the fee is due.
 */
export const canStartReview = (
  paper: { status: number; uploadPaid: boolean; superseded?: boolean },
  settings: { atUpload: boolean } | null | undefined,
) => !uploadPaymentDue(paper, settings);

/**
 * The review waits for the at-upload fee: the paper is where reviewers are invited (DESIGN §4 `inviteReviewer`)
 * and its fee is due (`paymentDue`, as the server computed it with the journal's settings). Editors are told so
 * on the paper page; the invitation route refuses with `canStartReview`.
 */
export const reviewWaitsForPayment = (paper: { status: number }, paymentDue: boolean) =>
  canTransition(paper.status, 'inviteReviewer') && paymentDue;
