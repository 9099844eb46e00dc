import { z } from 'zod';
import { JOURNAL_ROLES } from '../enums';
import { LIMITS } from '../limits';
import {
  email,
  id,
  isOneLine,
  newPassword,
  ONE_LINE,
  phone,
  requiredLine,
  specializationIds,
  splitKeywords,
} from './fields';

/** Request and response schemas of accounts (spec 01 §5, spec 03 §4–5). Server validation and web forms share them. */

const fullName = requiredLine('validation.fullName_required', LIMITS.fullName, 'validation.fullName_max');
const jobTitle = requiredLine('validation.jobTitle_required', LIMITS.jobTitle, 'validation.jobTitle_max');
const nameOnPaper = requiredLine('validation.nameOnPaper_required', LIMITS.nameOnPaper, 'validation.nameOnPaper_max');
const workPlace = requiredLine('validation.workPlace_required', LIMITS.workPlace, 'validation.workPlace_max');
const captcha = z.string({ error: 'validation.recaptcha' }).min(1, { error: 'validation.recaptcha' });
const confirmation = z
  .string({ error: 'validation.password_confirmation_required' })
  .min(1, { error: 'validation.password_confirmation_required' });

function confirmationMatches(mismatchKey: string) {
  return (value: { password: string; passwordConfirmation: string }, ctx: z.RefinementCtx) => {
    if (value.passwordConfirmation && value.password !== value.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: mismatchKey });
    }
  };
}

export const registerRequest = z
  .object({
    fullName,
    email,
    password: newPassword,
    passwordConfirmation: confirmation,
    phone,
    jobTitle,
    specializations: specializationIds,
    availableAsReviewer: z.boolean().default(false),
    captcha,
  })
  .superRefine(confirmationMatches('validation.password_confirmation_match'));
export type RegisterRequest = z.input<typeof registerRequest>;

export const orcidRegisterRequest = z
  .object({
    fullName,
    email,
    password: newPassword,
    passwordConfirmation: confirmation,
    specializations: specializationIds,
    captcha,
    /** The signed ticket the ORCID callback handed to the register page: proves the ORCID iD. */
    ticket: z.string().min(1),
  })
  .superRefine(confirmationMatches('validation.password_confirmation_match'));
export type OrcidRegisterRequest = z.input<typeof orcidRegisterRequest>;

/** Login and forgot password use the loose rules of spec 01 §5. */
const looseEmail = z
  .string({ error: 'validation.email_required' })
  .trim()
  .min(1, { error: 'validation.email_required', abort: true })
  .max(LIMITS.email, { error: 'validation.email_max', abort: true })
  .regex(/^\S+@\S+$/, { error: 'validation.valid_email' })
  .transform((value) => value.toLowerCase());

export const loginRequest = z.object({
  email: looseEmail,
  password: z
    .string({ error: 'validation.password_required' })
    .min(1, { error: 'validation.password_required', abort: true })
    .max(LIMITS.passwordMax, { error: 'validation.password_max' }),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const forgotPasswordRequest = z.object({ email: looseEmail, captcha });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

export const resendActivationRequest = z.object({ email: looseEmail });

export const activateRequest = z.object({ userId: id, code: z.string().min(1) });

/** Reset: a mismatched confirmation gives the confirmation-required message (spec 01 §5). */
export const resetPasswordRequest = z
  .object({ code: z.string().min(1), email, password: newPassword, passwordConfirmation: confirmation })
  .superRefine(confirmationMatches('validation.password_confirmation_required'));
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

const keyword = z.string().trim().min(1).max(LIMITS.personalKeyword).refine(isOneLine, ONE_LINE);

/** A person's keywords, typed as one text or a list; no default (`personFields` adds the empty list). */
export const personalKeywordList = z.array(z.string()).transform(splitKeywords).pipe(z.array(keyword).max(50));

/** A person's details as their profile and the journal's user form hold them (spec 01 §5, spec 03 §5). */
export const personFields = {
  fullName,
  nameOnPaper,
  phone,
  jobTitle,
  workPlace,
  // No ORCID iD here: it is linked only by the ORCID authorization flow (docs/decisions/0012-orcid-linking.md).
  specializations: specializationIds,
  personalKeywords: z.array(z.string()).default([]).transform(splitKeywords).pipe(z.array(keyword).max(50)),
  availableAsReviewer: z.boolean().default(false),
};

/** The login part of a form that changes an account's e-mail or password behind a pencil (spec 01 §5, spec 03 §5). */
export const loginChangeFields = {
  changeEmail: z.boolean().default(false),
  email: z.string().optional(),
  emailConfirmation: z.string().optional(),
  changePassword: z.boolean().default(false),
  password: z.string().optional(),
  passwordConfirmation: z.string().optional(),
};

type LoginChange = z.output<z.ZodObject<typeof loginChangeFields>>;

/** The new e-mail and password, each with its confirmation, when its pencil is open. */
export function checkLoginChange(value: LoginChange, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.changeEmail) {
    const parsed = email.safeParse(value.email ?? '');
    if (!parsed.success) issue('email', parsed.error.issues[0]!.message);
    if (!value.emailConfirmation) issue('emailConfirmation', 'validation.email_confirmation_required');
    else if (value.emailConfirmation.trim().toLowerCase() !== (value.email ?? '').trim().toLowerCase())
      issue('emailConfirmation', 'validation.email_confirmation_match');
  }
  if (value.changePassword) {
    const parsed = newPassword.safeParse(value.password ?? '');
    if (!parsed.success) issue('password', parsed.error.issues[0]!.message);
    if (!value.passwordConfirmation) issue('passwordConfirmation', 'validation.password_confirmation_required');
    else if (value.passwordConfirmation !== value.password)
      issue('passwordConfirmation', 'validation.password_confirmation_match');
  }
}

export const profileUpdateRequest = z
  .object({
    ...loginChangeFields,
    /** Asked whenever the e-mail or the password changes, so a left-open session cannot take the account. */
    currentPassword: z.string().optional(),
    ...personFields,
  })
  .superRefine((value, ctx) => {
    checkLoginChange(value, ctx);
    if ((value.changeEmail || value.changePassword) && !value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'validation.currentPassword_required' });
    }
  });
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

export const sessionUser = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  jobTitle: z.string(),
  membershipUntil: z.string().nullable(),
  isPlatformAdmin: z.boolean(),
  /** Roles in the journal of the request; empty = guest there. */
  roles: z.array(z.enum(JOURNAL_ROLES)),
  editorType: z.number().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const meResponse = z.object({ user: sessionUser.nullable(), csrfToken: z.string() });
export type MeResponse = z.infer<typeof meResponse>;

export const profileResponse = z.object({
  email: z.string(),
  fullName: z.string(),
  nameOnPaper: z.string(),
  phone: z.string().nullable(),
  jobTitle: z.string(),
  workPlace: z.string(),
  /** The iD linked through ORCID, read-only here. */
  orcid: z.string().nullable(),
  specializations: z.array(z.number()),
  personalKeywords: z.array(z.string()),
  availableAsReviewer: z.boolean(),
});
export type Profile = z.infer<typeof profileResponse>;

export const messageResponse = z.object({ messageKey: z.string(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * When the journal charges at registration, the answer carries the hosted payment page to open (a popup) and
 * the reference to poll (docs/decisions/0006-payments.md).
 */
export const registerResponse = messageResponse.extend({
  email: z.string(),
  paymentUrl: z.string().optional(),
  paymentReference: z.string().optional(),
});

/** GET /api/captcha: an ALTCHA challenge (altcha-lib v2) for the widget to solve (DESIGN §6). */
export const captchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z
    .object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() })
    .optional(),
});
