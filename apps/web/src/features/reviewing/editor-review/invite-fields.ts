import { inviteReviewerRequest } from '@journals/core/schemas/reviewing';
import type { FieldErrors } from '@journals/core/errors';
import { dayError } from '../../../components/DayInput';
import type { InviteBody } from './api';

/** The invite form's fields, and what it finds wrong with an invitation before and after sending it. */
export type InviteField = 'specializationId' | 'reviewerId' | 'fullName' | 'email' | 'deadline' | 'confirm';
export type InviteErrors = Partial<Record<InviteField, string>>;

/** The server's field names (spec spelling) → the form's fields. */
const SERVER_FIELDS: Record<string, InviteField> = {
  specializationid: 'specializationId',
  reviewerid: 'reviewerId',
  'newreviewer.fullname': 'fullName',
  'newreviewer.email': 'email',
  deadline: 'deadline',
};
/** zod issue paths of inviteReviewerRequest → the form's fields. */
const ISSUE_FIELDS: Record<string, InviteField> = {
  specializationId: 'specializationId',
  reviewerId: 'reviewerId',
  'newReviewer.fullName': 'fullName',
  'newReviewer.email': 'email',
  deadline: 'deadline',
};

/**
 * What the browser finds before sending: the server's request schema, the deadline's day rules, and a conflict of
 * interest the editor has not confirmed.
 */
export function inviteErrors(body: InviteBody, unconfirmedConflict: boolean): InviteErrors {
  const found: InviteErrors = {};
  const parsed = inviteReviewerRequest.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = ISSUE_FIELDS[issue.path.join('.')];
      if (field) found[field] ??= issue.message;
    }
  const deadlineProblem = dayError(body.deadline);
  if (deadlineProblem) found.deadline = deadlineProblem;
  if (unconfirmedConflict) found.confirm = 'decisions.confirm_conflict_required';
  return found;
}

/** A refused invitation's field errors under the form's fields. */
export function serverInviteErrors(fieldErrors: FieldErrors): InviteErrors {
  const fields: InviteErrors = {};
  for (const [name, keys] of Object.entries(fieldErrors)) {
    const field = SERVER_FIELDS[name.toLowerCase()];
    if (field && keys[0]) fields[field] = keys[0];
  }
  return fields;
}
