import { z } from 'zod';
import { JOURNAL_ROLES, type JournalRole } from '../enums';
import { checkLoginChange, loginChangeFields, personalKeywordList, personFields } from './accounts';
import { email, MAX_ID, phoneOrCleared } from './fields';

/**
 * The journal's users (spec 03 "User list", issue 22 §1): the people holding a role in the journal, a page at a time,
 * filtered by role and searched by name or e-mail.
 */

/** Rows of the user list (spec 03: server pagination, no page-size choice). */
export const USERS_PAGE_SIZE = 10;
/**
 * The most people the list counts (as the paper logs, decision 0024): a journal of 100,000 members is counted up to
 * here, and the list says "more than"; the role filter and the search narrow it.
 */
export const USERS_COUNT_CAP = 10_000;
/** The roles shown as chips in a row before "+n" (issue 22 §1). */
export const USERS_ROLE_CHIPS = 3;

const invalid = { error: 'validation.invalid' } as const;

/** GET users: a role (none for all), words of the name or e-mail, a page from 1. */
export const usersQuery = z.object({
  role: z.enum(JOURNAL_ROLES, invalid).optional(),
  search: z.string().max(200, invalid).optional(),
  page: z.coerce
    .number(invalid)
    .int(invalid)
    .min(1, invalid)
    .max(USERS_COUNT_CAP / USERS_PAGE_SIZE, invalid)
    .default(1),
});
export type UsersQuery = z.infer<typeof usersQuery>;

/** A person of the list: their account and their roles in this journal. */
export const journalUser = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  jobTitle: z.string(),
  roles: z.array(z.enum(JOURNAL_ROLES)).describe('Their roles in this journal, in the order of JOURNAL_ROLES.'),
  editorType: z.number().nullable().describe('0 journal manager, 1 secretary, 2 member; null without the editor role.'),
  emailConfirmed: z.boolean().describe('The account is activated (its e-mail confirmed).'),
  bannedHere: z.boolean().describe('This journal has banned the person (no sign-in here; decision 0040).'),
  bannedEverywhere: z.boolean().describe('The platform administrator has suspended the account on every journal.'),
});
export type JournalUser = z.infer<typeof journalUser>;

export const usersResponse = z.object({
  items: z.array(journalUser),
  total: z.number().describe(`The people found, counted up to ${USERS_COUNT_CAP}.`),
  more: z.boolean().describe(`True when there are more than ${USERS_COUNT_CAP} (total is then the cap).`),
  page: z.number(),
  pageSize: z.number(),
});
export type UsersResponse = z.infer<typeof usersResponse>;

/** The roles dialog's answer as the form holds it (spec 03 "Roles dialog", §5). */
const specializationIds = z
  .array(z.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid), invalid)
  .max(100, invalid);

/** A person's roles in the journal, with what each needs: the roles dialog's fields, and the user form's. */
const roleFields = {
  roles: z.array(z.enum(JOURNAL_ROLES, invalid), invalid).max(JOURNAL_ROLES.length, invalid),
  reviewerSpecializations: specializationIds.default([]),
  externalReviewer: z.boolean(invalid).default(false),
  editorType: z.number(invalid).int(invalid).min(0, invalid).max(2, invalid).nullable().default(null),
  editorSpecializations: specializationIds.default([]),
};

/**
 * The rules of roles (spec 03 §5): at least one role, editor and handling editor never together, reviewer
 * specializations for a reviewer, editor specializations for a handling editor, an editor type for an editor.
 */
function checkRoles(value: z.output<z.ZodObject<typeof roleFields>>, context: z.RefinementCtx) {
  const has = (role: JournalRole) => value.roles.includes(role);
  const fail = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (value.roles.length === 0) fail('roles', 'validation.roles_required');
  if (has('editor') && has('handlingEditor')) fail('roles', 'validation.roles_conflict');
  if (has('reviewer') && value.reviewerSpecializations.length === 0) {
    fail('reviewerSpecializations', 'validation.specializations');
  }
  if (has('handlingEditor') && value.editorSpecializations.length === 0) {
    fail('editorSpecializations', 'validation.specializations');
  }
  if (has('editor') && value.editorType === null) fail('editorType', 'validation.editorType_required');
}

/**
 * PUT users/{id}/roles: the person's roles in this journal (spec 03 "Roles dialog"); what a role does not need is
 * ignored. (Its fields refuse nothing on their own, so the rules always run; the user form below checks them apart
 * too, since zod skips an object's rules once a field of it is refused.)
 */
export const rolesRequest = z.object(roleFields).superRefine(checkRoles);
export type RolesRequest = z.infer<typeof rolesRequest>;

/** A person as the roles dialog opens them: their roles here and what each role holds. */
export const userRolesResponse = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  roles: z.array(z.enum(JOURNAL_ROLES)),
  reviewerSpecializations: z.array(z.number()),
  externalReviewer: z.boolean(),
  editorType: z.number().nullable(),
  editorSpecializations: z.array(z.number()),
});
export type UserRolesResponse = z.infer<typeof userRolesResponse>;

/** A review the person still owes (invitation new or accepted): why their reviewer role cannot go yet. */
export const openReview = z.object({
  invitationId: z.number(),
  paperId: z.number(),
  code: z.string().nullable(),
  title: z.string(),
  specialization: z.object({ nameEn: z.string(), nameAr: z.string() }),
  paperStatus: z.number(),
  invitationStatus: z.number(),
});
export type OpenReview = z.infer<typeof openReview>;

/**
 * POST users: a person invited to the journal (spec 03 "Add new user", issue 22 §1, issue 44 §3): their e-mail, their
 * roles here and their details. A new account is made without a password, with the roles, and its owner is mailed a
 * link to choose one (decision 0039); an e-mail that already has an account is mailed an invitation it accepts or
 * declines, and nothing of the account changes. The answer is the same in both cases (decision 0071).
 */
export const newUserRequest = z
  .object({ email, emailConfirmation: z.string(invalid).max(200, invalid).default(''), ...roleFields, ...personFields })
  .superRefine((value, context) => {
    checkRoles(value, context);
    const fail = (message: string) => context.addIssue({ code: 'custom', path: ['emailConfirmation'], message });
    const confirmation = value.emailConfirmation.trim().toLowerCase();
    if (!confirmation) fail('validation.email_confirmation_required');
    else if (confirmation !== value.email) fail('validation.email_confirmation_match');
  });
export type NewUserRequest = z.input<typeof newUserRequest>;

export const newUserResponse = z
  .object({ messageKey: z.string(), message: z.string() })
  .describe(
    'The same answer whether or not the address already had an account (decision 0071): an invitation was sent to it.',
  );
export type NewUserResponse = z.infer<typeof newUserResponse>;

/**
 * PUT users/{id}: a person of the journal edited (spec 03 "Edit user", §5): the e-mail and the password behind their
 * pencils, each with its confirmation; their roles here; their details. The account's fields (core ACCOUNT_FIELDS)
 * are the account's across journals: the server refuses a change of them (403) unless core `mayEditAccount` allows it
 * (decisions 0039, 0071).
 */
/**
 * The account's details in the edit form, each left out when the account is not the journal's (core ACCOUNT_FIELDS,
 * decision 0071): a field left out is kept as it is, so a locked person whose account misses a required detail (a
 * work place never given) can still have their roles and specializations here saved.
 */
const accountDetailFields = {
  fullName: personFields.fullName.optional(),
  nameOnPaper: personFields.nameOnPaper.optional(),
  phone: phoneOrCleared,
  jobTitle: personFields.jobTitle.optional(),
  workPlace: personFields.workPlace.optional(),
  personalKeywords: personalKeywordList.optional(),
  availableAsReviewer: z.boolean().optional(),
};

export const editUserRequest = z
  .object({ ...loginChangeFields, ...roleFields, ...personFields, ...accountDetailFields })
  .superRefine((value, ctx) => {
    checkLoginChange(value, ctx);
    checkRoles(value, ctx);
  });
export type EditUserRequest = z.input<typeof editUserRequest>;

/** GET users/{id}: the person as the edit form opens them. */
export const userDetailsResponse = userRolesResponse.extend({
  nameOnPaper: z.string(),
  phone: z.string().nullable(),
  jobTitle: z.string(),
  workPlace: z.string(),
  orcid: z.string().nullable().describe('Read-only: iDs are linked only through ORCID itself (decision 0012).'),
  specializations: z.array(z.number()).describe("The person's specializations of this journal."),
  personalKeywords: z.array(z.string()),
  availableAsReviewer: z.boolean(),
  accountEditable: z
    .boolean()
    .describe(
      'Whether the caller may change the account fields (core ACCOUNT_FIELDS): false when the person has roles in another journal or is a platform administrator, unless the caller is the platform administrator (core mayEditAccount).',
    ),
});
export type UserDetailsResponse = z.infer<typeof userDetailsResponse>;
