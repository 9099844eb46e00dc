import { MEMBERSHIP_TYPES } from '../enums';

/**
 * Who reads a published paper's full text (issue 21 §3 "Paid download", docs/decisions/0033): open to everyone
 * unless the journal charges at download; then to its members (a `journal_memberships` row running until a day not
 * yet past), the journal's editors and handling editors, and the paper's own author. Metadata is always open.
 */

/** Why a caller may read the full text, or `membersOnly` when they may not. */
export type FullTextAccess = 'open' | 'staff' | 'author' | 'member' | 'membersOnly';

export interface FullTextCaller {
  /** The journal charges at download (`journal_payment_settings.atDownload`). */
  atDownload: boolean;
  /** An editor or handling editor of the journal. */
  isStaff: boolean;
  /** The paper's author (its creator). */
  isAuthor: boolean;
  /** The last day (YYYY-MM-DD, inclusive) of the caller's membership of the journal, or null. */
  membershipUntil: string | null;
  /** Today as YYYY-MM-DD. */
  today: string;
}

/** The caller's membership runs today (its last day included). */
export const membershipRuns = (until: string | null, today: string) => until !== null && until >= today;

export function fullTextAccess(caller: FullTextCaller): FullTextAccess {
  if (!caller.atDownload) return 'open';
  if (caller.isStaff) return 'staff';
  if (caller.isAuthor) return 'author';
  if (membershipRuns(caller.membershipUntil, caller.today)) return 'member';
  return 'membersOnly';
}

export const canReadFullText = (caller: FullTextCaller) => fullTextAccess(caller) !== 'membersOnly';

/** Months a membership of each type lasts (spec 03 §3: 1 monthly, 2 yearly). */
const MONTHS: Record<number, number> = { [MEMBERSHIP_TYPES.monthly]: 1, [MEMBERSHIP_TYPES.yearly]: 12 };

/** A calendar day plus whole months, the day clamped to the month's end (31 January + 1 month = 28/29 February). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(date, lastDay))}`;
}

/**
 * The last day of a membership bought today: one period (a month or a year) from the later of today and the
 * current membership's last day, so that renewing early loses no day and renewing late does not pay for the gap.
 */
export function membershipEnd(current: string | null, today: string, membershipType: number): string {
  const months = MONTHS[membershipType] ?? MONTHS[MEMBERSHIP_TYPES.monthly]!;
  const from = current !== null && current > today ? current : today;
  return addMonths(from, months);
}
