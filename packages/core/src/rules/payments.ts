/**
 * Payment rules shared by server and web (DESIGN §7). The at-upload fee gates the review: editors cannot start
 * the review of a paper whose fee is unpaid (uploadPaid is also true when no fee was due at submission).
 */
export const canStartReview = (paper: { uploadPaid: boolean }) => paper.uploadPaid;

/** A payment is due for the at-upload fee: a submitted paper, unpaid, and the journal charges it. */
export const uploadPaymentDue = (paper: { status: number; uploadPaid: boolean }, settings: { atUpload: boolean }) =>
  paper.status >= 1 && !paper.uploadPaid && settings.atUpload;
