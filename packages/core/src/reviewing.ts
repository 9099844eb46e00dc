import { type FileRule, MB, WORD_PDF } from './files';

/**
 * The review loop's enumerations and constants (spec 01 §3–§4, spec 02 §3–§5, DESIGN §4). Labels are catalogue
 * keys `reviewing.<enum>_<code>` in i18n/{en,ar}/reviewing.ts.
 */

/** Review invitation status: New 1, accepted (in review) 2, Reviewed 3, Rejected (refused) 4. */
export const REVIEW_STATUS = { invited: 1, accepted: 2, reviewed: 3, refused: 4 } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

/** The reviewer dashboard's filters (spec 01 §7 GET ReviewerHome) and the statuses each lists. */
export const REVIEWER_FILTERS = {
  newInvitations: [REVIEW_STATUS.invited],
  inPeerReview: [REVIEW_STATUS.accepted],
  reviewed: [REVIEW_STATUS.reviewed, REVIEW_STATUS.refused],
} as const satisfies Record<string, readonly ReviewStatus[]>;
export type ReviewerFilter = keyof typeof REVIEWER_FILTERS;
export const REVIEWER_FILTER_NAMES = Object.keys(REVIEWER_FILTERS) as ReviewerFilter[];

/** The reviewer's recommendation on the sheet: 4 accepted, 5 denied, 6 minor, 7 major, 8 ideal (0 unset). */
export const RECOMMENDATIONS = [4, 5, 6, 7, 8] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** The editor's final decision: 1 accept, 2 reject, 3 accept with modifications (needs a revision deadline). */
export const FINAL_DECISIONS = { accept: 1, reject: 2, acceptWithModifications: 3 } as const;
export type FinalDecision = (typeof FINAL_DECISIONS)[keyof typeof FINAL_DECISIONS];
export const FINAL_DECISION_CODES = Object.values(FINAL_DECISIONS);

/** Why a reviewer declines (beyond the spec: editors can see the reasons, not only read them). */
export const REFUSAL_CATEGORIES = ['noTime', 'outsideExpertise', 'conflictOfInterest', 'other'] as const;
export type RefusalCategory = (typeof REFUSAL_CATEGORIES)[number];

/**
 * The answer types of sheet questions (spec 01 §3) and their options: 0 rating 1–5, 1 yes/no, 2 vulnerable
 * population … 10 blinding. Yes/no answers are "true" or "false"; every other answer is its option's number.
 */
export const ANSWER_TYPES = {
  rating: 0,
  yesNo: 1,
  vulnerablePopulation: 2,
  risk: 3,
  harm: 4,
  benefit: 5,
  design: 6,
  descriptive: 7,
  analytic: 8,
  experimental: 9,
  blinding: 10,
} as const;
export type AnswerType = (typeof ANSWER_TYPES)[keyof typeof ANSWER_TYPES];
export const ANSWER_TYPE_CODES = Object.values(ANSWER_TYPES);

const range = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
export const ANSWER_OPTIONS: Record<AnswerType, readonly string[]> = {
  0: range(5),
  1: ['true', 'false'],
  2: range(7),
  3: range(2),
  4: range(6),
  5: range(5),
  6: range(3),
  7: range(6),
  8: range(3),
  9: range(7),
  10: range(4),
};

/** The design answer each conditional type waits for: 7 with design 1, 8 with 2, 9 and 10 with 3 (spec 01 §3). */
export const CONDITIONAL_ON_DESIGN: Partial<Record<AnswerType, string>> = { 7: '1', 8: '2', 9: '3', 10: '3' };

export interface SheetQuestion {
  id: number;
  type: number;
}

/**
 * The questions of a sheet that apply with these answers: a conditional type shows only when the sheet's design
 * question is answered with its design. One rule for the form (what to show) and the server (what to require).
 */
export function applicableQuestions<Q extends SheetQuestion>(
  questions: readonly Q[],
  answers: Readonly<Record<number, string | undefined>>,
): Q[] {
  const design = questions.find((question) => question.type === ANSWER_TYPES.design);
  const designAnswer = design ? answers[design.id] : undefined;
  return questions.filter((question) => {
    const needs = CONDITIONAL_ON_DESIGN[question.type as AnswerType];
    return needs === undefined || needs === designAnswer;
  });
}

/** An answer is one of its type's options. */
export const isValidAnswer = (type: number, value: string | undefined) =>
  value !== undefined && (ANSWER_OPTIONS[type as AnswerType]?.includes(value) ?? false);

/** Review and decision dates and limits (spec 01 §9, spec 02 §9). */
export const REVIEW_LIMITS = {
  defaultDeadlineDays: 14,
  refuseReason: 300,
  refusalReason: 1000,
  suggestion: 500,
  comment: 10_000,
  decisionComments: 10_000,
  /** The candidate list shows this many at a time; a search narrows it. */
  candidatesPage: 50,
  /** "Reviews finished in the last 12 months" on a candidate. */
  recentMonths: 12,
  /**
   * A reviewer's own extension (issue 19 §5): at most this many days past the current deadline, and at most this
   * many times before an editor must agree; a journal may set its own (journals.extension_max_days, _count).
   */
  extensionMaxDays: 30,
  extensionMaxCount: 2,
  /** "Remind late reviewers": an invitation reminded by an editor within this many minutes is not reminded again. */
  remindAgainAfterMinutes: 60,
} as const;

const IMAGES = {
  extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
} as const;
const WORD_PDF_TYPES = WORD_PDF;

/** A reviewer's two optional attachments: doc, docx, pdf or an image, under 25 MB each (spec 01 §5). */
export const REVIEW_ATTACHMENT_RULE: FileRule = {
  extensions: [...WORD_PDF_TYPES.extensions, ...IMAGES.extensions],
  mimeTypes: [...WORD_PDF_TYPES.mimeTypes, ...IMAGES.mimeTypes],
  maxBytes: 25 * MB,
};
/**
 * The attachment for the author crosses the anonymity line: docx, pdf or an image (no .doc, which cannot be
 * cleaned of its author details: docs/decisions/0028); the one for the editor keeps the whole rule.
 */
export const REVIEW_ATTACHMENT_RULES: Record<'attachForAuthor' | 'attachForEditor', FileRule> = {
  attachForAuthor: {
    extensions: REVIEW_ATTACHMENT_RULE.extensions.filter((extension) => extension !== 'doc'),
    mimeTypes: REVIEW_ATTACHMENT_RULE.mimeTypes.filter(
      (type) => type !== 'application/x-cfb' && type !== 'application/msword',
    ),
    maxBytes: REVIEW_ATTACHMENT_RULE.maxBytes,
    anonymised: true,
  },
  attachForEditor: REVIEW_ATTACHMENT_RULE,
};
/** The final decision's attachment: 7z, zip, rar, doc, docx, pdf or an image, 25 MB (spec 02 §5). */
export const DECISION_ATTACHMENT_RULE: FileRule = {
  extensions: ['7z', 'zip', 'rar', ...WORD_PDF_TYPES.extensions, ...IMAGES.extensions],
  mimeTypes: [
    'application/x-7z-compressed',
    'application/zip',
    'application/x-rar-compressed',
    'application/vnd.rar',
    ...WORD_PDF_TYPES.mimeTypes,
    ...IMAGES.mimeTypes,
  ],
  maxBytes: 25 * MB,
};
export const REVIEW_ATTACHMENT_SLOTS = ['attachForAuthor', 'attachForEditor'] as const;
export type ReviewAttachmentSlot = (typeof REVIEW_ATTACHMENT_SLOTS)[number];

/** A calendar day as YYYY-MM-DD (UTC), the shape of every deadline. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}
/** The invitation's default deadline: 14 days ahead (spec 02 §9). */
export const defaultDeadline = (today: string) => addDays(today, REVIEW_LIMITS.defaultDeadlineDays);
/** The earliest new deadline a reviewer may ask for: the day after the current one, or tomorrow (spec 01 §5). */
export const earliestExtension = (deadline: string | null, today: string) =>
  deadline && deadline >= today ? addDays(deadline, 1) : addDays(today, 1);
/** The latest new deadline a reviewer may choose themselves: the journal's bound past the current one (issue 19 §5). */
export const latestExtension = (deadline: string | null, today: string, maxDays: number) =>
  addDays(deadline ?? today, maxDays);

/** A reviewer's own extensions of one invitation: how many they made, and how many and how far the journal allows. */
export interface ExtensionAllowance {
  used: number;
  maxCount: number;
  maxDays: number;
}
export const extensionAllowance = (
  journal: { extensionMaxDays: number; extensionMaxCount: number },
  invitation: { extensionCount: number },
): ExtensionAllowance => ({
  used: invitation.extensionCount,
  maxCount: journal.extensionMaxCount,
  maxDays: journal.extensionMaxDays,
});

/**
 * What is wrong with a sheet's answers, under the spec's field names (`Answers[12]`): every applicable question
 * needs one of its options. Answers to questions that do not apply are not errors; `keptAnswers` drops them.
 */
export function sheetErrors(
  questions: readonly SheetQuestion[],
  answers: Readonly<Record<number, string | undefined>>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const question of applicableQuestions(questions, answers)) {
    if (!isValidAnswer(question.type, answers[question.id]))
      errors[`Answers[${question.id}]`] = ['validation.answer_required'];
  }
  return errors;
}

/** The answers worth keeping: valid answers to applicable questions (a changed design clears its sub-types). */
export function keptAnswers(
  questions: readonly SheetQuestion[],
  answers: Readonly<Record<number, string | undefined>>,
): Record<number, string> {
  const kept: Record<number, string> = {};
  for (const question of applicableQuestions(questions, answers)) {
    const value = answers[question.id];
    if (isValidAnswer(question.type, value)) kept[question.id] = value!;
  }
  return kept;
}

/** A sheet question with its texts, as the journal's table keeps it. */
export interface SheetQuestionText extends SheetQuestion {
  groupEn: string;
  groupAr: string;
  textEn: string;
  textAr: string;
}

/**
 * The answers as a review or a decision keeps them (DESIGN §4): each answered question with its texts as they are
 * now, in the sheet's order, so that editing the sheet later rewrites no review.
 */
export function answerSnapshot(questions: readonly SheetQuestionText[], answers: Readonly<Record<number, string>>) {
  return questions
    .filter((question) => answers[question.id] !== undefined)
    .map((question) => ({
      questionId: question.id,
      groupEn: question.groupEn,
      groupAr: question.groupAr,
      questionEn: question.textEn,
      questionAr: question.textAr,
      type: question.type,
      answer: answers[question.id]!,
    }));
}
