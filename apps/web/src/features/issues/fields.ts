import { specFieldName } from '@journals/core/errors';
import { isApiError } from '../../lib/http';

/** Field errors by the spec's field names (Issue, OrderInIssue, …), from a zod parse or from the server's answer. */
export type FieldErrorMap = Record<string, string[]>;

export function parseErrors(issues: readonly { path: readonly PropertyKey[]; message?: string }[]): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const issue of issues) (errors[specFieldName(issue.path)] ??= []).push(issue.message ?? 'validation.invalid');
  return errors;
}

export const serverErrors = (error: unknown): FieldErrorMap => (isApiError(error) ? error.fieldErrors : {});
