import { PAPER_STATUS } from './enums';

/**
 * The editorial desk (issue 10, spec 01 §2 "Editor and handling-editor dashboards", DESIGN §4 card definitions).
 * Every card counts the newest version of each submitted paper; a handling editor's cards count only the papers of
 * their editor specializations.
 */
export const EDITORIAL_CARDS = [
  'submitted',
  'inPeerReview',
  'refusedReviewing',
  'delayInPeerReview',
  'reviewedReviewing',
  'waitingResubmission',
  'finallyAccepted',
  'finallyRejected',
  'published',
] as const;
export type EditorialCard = (typeof EDITORIAL_CARDS)[number];

/**
 * The statuses each card draws from. Two cards also look at the invitations (DESIGN §4):
 * - refusedReviewing: 1–3 with a refused invitation and no active one (active: invited, accepted or reviewed, and
 *   not removed);
 * - delayInPeerReview: 2 with an open invitation (invited or accepted, not removed) whose deadline has passed (a
 *   reviewed invitation is never late).
 */
export const CARD_STATUSES: Record<EditorialCard, readonly number[]> = {
  submitted: [PAPER_STATUS.submitted],
  inPeerReview: [PAPER_STATUS.underReview],
  refusedReviewing: [PAPER_STATUS.submitted, PAPER_STATUS.underReview, PAPER_STATUS.pendingDecision],
  delayInPeerReview: [PAPER_STATUS.underReview],
  reviewedReviewing: [PAPER_STATUS.pendingDecision],
  waitingResubmission: [PAPER_STATUS.acceptedWithRevisions],
  finallyAccepted: [PAPER_STATUS.accepted],
  finallyRejected: [PAPER_STATUS.rejected],
  published: [PAPER_STATUS.published],
};

/** Rows of a card's list dialog (spec 01 §9: page numbering from 1, a fixed size that is not shown). */
export const EDITORIAL_PAGE_SIZE = 10;
/** Rows of the last-updated papers table under the cards. */
export const LAST_UPDATED_SIZE = 10;
/** The most rows one paper report carries (a year of a busy journal fits many times over). */
export const REPORT_MAX_ROWS = 20_000;

/** The card whose dialog sends reminders to late reviewers (spec 01 §2). */
export const REMINDER_CARD: EditorialCard = 'delayInPeerReview';

/**
 * The answer to "remind late reviewers" (issue 19 §5) as catalogue keys and their counts: how many were reminded
 * now and, when any, how many had been within the hour and were not again; nobody late is said as it is.
 */
export function remindersAnswer(sent: number, recent: number) {
  if (sent === 0 && recent === 0) return [{ key: 'messages.noLateReviewers', count: 0 }];
  // Counted texts: the catalogue lookup picks each language's plural form (i18n/lookup.ts).
  const parts = [{ key: 'messages.remindersSentNow', count: sent }];
  if (recent > 0) parts.push({ key: 'messages.remindersRecent', count: recent });
  return parts;
}

export const isEditorialCard = (value: string): value is EditorialCard =>
  (EDITORIAL_CARDS as readonly string[]).includes(value);
