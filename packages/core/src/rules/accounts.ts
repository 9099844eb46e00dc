import { type Actor, managesJournal } from './permissions';

/**
 * Who edits what belongs to the account rather than to a journal (DESIGN §3, issue 44 §3, decision 0071). An account
 * is one person's across every journal: its e-mail, password, names, phone, job title, work place, keywords and
 * availability as a reviewer are written once and read by every journal. A journal's manager changes them only for
 * a person whose roles are all in that journal and who is not a platform administrator; the platform administrator
 * changes anyone's; the person always changes their own (their profile). Roles and the journal's specializations
 * stay the journal's.
 */

/** The user form's fields that are the account's (the server refuses a change of any of them; the form locks them). */
export const ACCOUNT_FIELDS = [
  'email',
  'password',
  'fullName',
  'nameOnPaper',
  'phone',
  'jobTitle',
  'workPlace',
  'personalKeywords',
  'availableAsReviewer',
] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

export const isAccountField = (name: string): name is AccountField =>
  (ACCOUNT_FIELDS as readonly string[]).includes(name);

/** Where the person's account reaches beyond the journal asking. */
export interface AccountReach {
  /** They hold a role in another journal. */
  rolesElsewhere: boolean;
  /** They are a platform administrator (whose account no journal may take over). */
  platformAdmin: boolean;
}

/** Whether `actor`, in a journal, may change the account fields of a person of that journal. */
export function mayEditAccount(actor: Actor, person: AccountReach): boolean {
  if (actor.isPlatformAdmin) return true;
  return managesJournal(actor) && !person.rolesElsewhere && !person.platformAdmin;
}

type AccountValues = {
  fullName: string;
  nameOnPaper: string;
  phone: string | null | undefined;
  jobTitle: string;
  workPlace: string;
  personalKeywords: readonly string[];
  availableAsReviewer: boolean;
};

/**
 * The account fields a save would change: `before` as stored, `after` as the form sends it (the form always sends
 * every field, so an unchanged one is the stored value). The e-mail and the password change only behind their pencils.
 */
export function changedAccountFields(
  before: AccountValues,
  after: AccountValues & { changeEmail?: boolean; changePassword?: boolean },
): AccountField[] {
  const text = (value: string | null | undefined) => (value ?? '').trim();
  const changed: AccountField[] = [];
  if (after.changeEmail) changed.push('email');
  if (after.changePassword) changed.push('password');
  for (const field of ['fullName', 'nameOnPaper', 'phone', 'jobTitle', 'workPlace'] as const) {
    if (text(before[field]) !== text(after[field])) changed.push(field);
  }
  const keywords = [...new Set(after.personalKeywords)];
  if (keywords.length !== before.personalKeywords.length || keywords.some((k, i) => k !== before.personalKeywords[i])) {
    changed.push('personalKeywords');
  }
  if (before.availableAsReviewer !== after.availableAsReviewer) changed.push('availableAsReviewer');
  return changed;
}
