/** Every enumeration of the platform, with its numeric codes as the spec gives them. */

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DIRECTION: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', ar: 'rtl' };
/** The Accept-Language value each interface language sends (spec 01 §1). */
export const ACCEPT_LANGUAGE: Record<Language, string> = { en: 'en-US', ar: 'ar-EG' };

export const JOURNAL_ROLES = ['researcher', 'reviewer', 'handlingEditor', 'editor'] as const;
export type JournalRole = (typeof JOURNAL_ROLES)[number];

export const EDITOR_TYPES = { journalManager: 0, secretary: 1, member: 2 } as const;
export type EditorType = (typeof EDITOR_TYPES)[keyof typeof EDITOR_TYPES];

export const PAPER_STATUS = {
  draft: 0,
  submitted: 1,
  underReview: 2,
  pendingDecision: 3,
  accepted: 4,
  acceptedWithRevisions: 5,
  rejected: 6,
  published: 7,
} as const;
export type PaperStatus = (typeof PAPER_STATUS)[keyof typeof PAPER_STATUS];

export const ISSUE_STATUS = { inPress: 0, published: 1 } as const;

/** Issue frequency options, keys 0 to 15 (spec 03 §3). */
export const ISSUE_FREQUENCIES = [
  'daily',
  'threePerWeek',
  'semiweekly',
  'weekly',
  'biweekly',
  'threePerMonth',
  'monthly',
  'bimonthly',
  'quarterly',
  'threePerYear',
  'semiannual',
  'annual',
  'biennial',
  'everyThreeYears',
  'continuous',
  'other',
] as const;

export const MEMBERSHIP_TYPES = { monthly: 1, yearly: 2 } as const;

/**
 * Paper log actions (spec 03 §4), and beyond the spec: `reminderSent`, a reminder mailed to a late reviewer, an
 * author or the editors (issue 10 §1–§2); `noticePublished`, a correction, expression of concern or retraction
 * (issue 46 §2).
 */
export const PAPER_LOG_ACTIONS = [
  'newProposal',
  'newRevision',
  'statusChanged',
  'addedToIssue',
  'removedFromIssue',
  'finalDecision',
  'directlyRejected',
  'reviewerAdded',
  'reviewerRemoved',
  'deadlineChanged',
  'invitationAccepted',
  'invitationRejected',
  'invitationDirectlyRejected',
  'invitationFinished',
  'reminderSent',
  'noticePublished',
] as const;
export type PaperLogAction = (typeof PAPER_LOG_ACTIONS)[number];

/** `sending`: a worker claimed the mail and is talking to the mail server (decision 0058). */
export const MAIL_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** Outcomes of the ORCID sign-in and registration (spec 03 §4). */
export const ORCID_MESSAGES = [
  'successLogin',
  'emailUsed',
  'orcid',
  'emailIsRequired',
  'register',
  'banned',
  'deactivated',
  'registered',
  'paid',
] as const;
export type OrcidMessage = (typeof ORCID_MESSAGES)[number];
