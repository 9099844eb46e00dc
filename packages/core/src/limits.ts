/** Business constants and limits (spec 01 §9, spec 03 §9). One place, used by server and web. */
export const LIMITS = {
  fullName: 75,
  email: 75,
  passwordMin: 8,
  passwordMax: 30,
  phone: 16,
  jobTitle: 50,
  nameOnPaper: 50,
  workPlace: 200,
  orcid: 19,
  personalKeyword: 100,
  aboutClip: 300,
  tableTitleCut: 25,
  menuJobTitleCut: 20,
  specializationName: 100,
  codePrefix: 5,
  impactFactorMax: 5,
  journalTitleEn: 75,
  foundationNameEn: 100,
  website: 100,
  journalPassword: 75,
  welcomeMsgEn: 150,
  tabName: 15,
  slideCaption: 100,
  maxSlides: 5,
  imageFileBytes: 5 * 1024 * 1024,
} as const;

/**
 * The most words a search's text holds (`or` not counted; each word of a "phrase" counts): each word is one more
 * list of papers the engine reads and, in a phrase, one more check of each paper's text, so a long query of common
 * words is what a heavy search is (issue 44, decision 0074). A title pasted whole fits.
 */
export const SEARCH_MAX_WORDS = 16;

/**
 * A journal's budget of bulk mail ("Send an e-mail message", one message per person written to; issue 44 §5, decision
 * 0073): at most `perHour` messages in any 60 minutes and `perDay` in any 24 hours. A message past either is refused
 * whole, and the screen shows what is left. Workflow mail is not counted.
 */
export const BULK_MAIL_BUDGET = {
  perHour: 1_000,
  perDay: 5_000,
} as const;

/**
 * What moving in and out may keep on a journal's disk at once (issue 45, decision 0084). An import keeps its upload
 * (up to IMPORT_LIMITS.fileBytes) while it is checked, waits to run or runs; a journal keeps `keptUploads` at most:
 * a new upload first removes those of its finished imports (done, failed or undone; their reports stay), oldest
 * first, and is refused with a 409 while that many are still in use. An export writes the whole archive with its
 * PDFs: `exportsAtOnce` at most wait or run for a journal (another is refused with a 409), and a new one removes its
 * finished exports past the newest `keptExports` (and any past EXPORT_LIMITS.keepDays).
 */
export const JOURNAL_DISK_BUDGET = {
  keptUploads: 5,
  exportsAtOnce: 1,
  keptExports: 3,
} as const;

export const TIMINGS = {
  visitWindowMs: 86_400_000,
  scrollTopThresholdPx: 20,
  successDialogMs: 2_500,
  toastMs: 5_000,
  errorToastMs: 6_000,
  dashboardToastMs: 10_000,
  orcidRedirectMs: 1_000,
} as const;

export const TOKEN_LIFETIMES = {
  activationHours: 48,
  passwordResetHours: 2,
  /** The link of an account the journal's editors made, to choose its password (issue 22 §1). */
  invitationDays: 7,
  sessionDays: 14,
} as const;

/**
 * Failed sign-ins (ASVS 2.2.1, decision 0014): at most this many failed attempts an hour for one account from
 * browsers it has never signed in from; a browser the owner signed in from keeps its own allowance of the same size.
 */
export const LOGIN_THROTTLE = {
  failuresPerHour: 100,
  trustedDeviceDays: 180,
} as const;

/**
 * The scheduled reminders' day counts (issue 10 §2), each a journal setting (journals.reminder_days) with this
 * default: invitations not answered after `invitationUnanswered` days; reviews due in `reviewDueSoon` days (then on
 * the day and when late); authors whose revision deadline is `revisionDueSoon` days away; editors about submitted
 * papers with no reviewer after `noReviewer` days.
 */
export const REMINDER_DAYS = {
  invitationUnanswered: 3,
  reviewDueSoon: 3,
  revisionDueSoon: 7,
  noReviewer: 7,
} as const;
export type ReminderDays = { [K in keyof typeof REMINDER_DAYS]: number };

/**
 * A journal's reminder day counts: what it stored (journals.reminder_days, only the counts it changed) over the
 * defaults. A stored count that is not a whole number of days from 1 to 365 is ignored, so a damaged setting
 * falls back to the default instead of reminding on day 0 or never.
 */
export function reminderDaysOf(stored: unknown): ReminderDays {
  const own = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const days: { -readonly [K in keyof ReminderDays]: number } = { ...REMINDER_DAYS };
  for (const key of Object.keys(REMINDER_DAYS) as (keyof ReminderDays)[]) {
    const value = own[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 365) days[key] = value;
  }
  return days;
}

/**
 * Budgets of the heavy work an uploaded file gets (DESIGN §7, decision 0070). Every expansion (zip entry, deflate
 * stream) stops at `expandedBytes` in all for one file, and at `expansionRatio` times its compressed size once past
 * `ratioFreeBytes`; an image may claim at most `imagePixels` (width × height). The work runs off the request loop
 * in a worker that is stopped after `workMs` and whose JavaScript heap is capped at `workHeapMb`. A file past any
 * of them is refused (413, errors.fileTooComplex).
 */
export const HEAVY_WORK = {
  expandedBytes: 128 * 1024 * 1024,
  expansionRatio: 200,
  ratioFreeBytes: 1024 * 1024,
  /** About Pillow's decompression-bomb threshold; a 61-megapixel camera photo is under it. */
  imagePixels: 90_000_000,
  workMs: 30_000,
  workHeapMb: 256,
} as const;

/**
 * What an uploaded zip may hold when an import opens it (issue 45, decision 0078): at most `entries` files, no entry
 * past `entryBytes` and all of them within `totalBytes` once unpacked, and no entry unpacking to more than
 * `expansionRatio` times what it weighs once past `ratioFreeBytes` (the ratio of HEAVY_WORK: a PDF barely
 * compresses, an XML about ten times, a bomb of zeros a thousand). Declared sizes are checked when the zip is opened,
 * before anything is unpacked; the bytes really inflated are counted as they come. Room for 10,000 papers with
 * their PDFs (issue 45 §Scale).
 */
export const ZIP_READ_LIMITS = {
  entries: 30_000,
  entryBytes: 512 * 1024 * 1024,
  totalBytes: 4 * 1024 * 1024 * 1024,
  expansionRatio: HEAVY_WORK.expansionRatio,
  ratioFreeBytes: HEAVY_WORK.ratioFreeBytes,
} as const;

/**
 * What one JATS article's front matter may hold once read (decision 0078): the reader keeps an article's <front>
 * in memory, one article at a time, and skips its body; a front past these is refused as a record.
 */
export const JATS_READ_LIMITS = {
  frontChars: 1_000_000,
  frontElements: 20_000,
} as const;

/**
 * What an import reader reads of an XML export before it refuses it (issue 45 §1, decision 0077). The file is parsed
 * as a stream, so these bound what one record, one text and one embedded file may hold, not the file: past
 * `embeddedFileBytes` (decoded) or `recordElements` the record is refused and the reader goes on; past `depth`,
 * `elements` or `textChars` (characters between two tags, as an attribute or a text) the whole file is refused.
 */
export const IMPORT_READ_LIMITS = {
  embeddedFileBytes: 100 * 1024 * 1024,
  depth: 64,
  elements: 50_000_000,
  recordElements: 20_000,
  textChars: 4 * 1024 * 1024,
} as const;
