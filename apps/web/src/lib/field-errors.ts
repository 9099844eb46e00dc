import { specFieldName } from '@journals/core/errors';
import { useState } from 'react';
import { isApiError } from './http';
import { useDynamicT } from './i18n';

/** Field errors by the spec's field names (Issue, OrderInIssue, …), from a zod parse or from the server's answer. */
export type FieldErrorMap = Record<string, string[]>;

export function parseErrors(issues: readonly { path: readonly PropertyKey[]; message?: string }[]): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const issue of issues) (errors[specFieldName(issue.path)] ??= []).push(issue.message ?? 'validation.invalid');
  return errors;
}

export const serverErrors = (error: unknown): FieldErrorMap => (isApiError(error) ? error.fieldErrors : {});

/** A form's field errors, and the first one of a field translated (undefined when the field has none). */
export function useFieldErrors() {
  const dynamicT = useDynamicT();
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const errorOf = (field: string) => {
    const key = errors[field]?.[0];
    return key ? dynamicT(key) : undefined;
  };
  return { setErrors, errorOf };
}
