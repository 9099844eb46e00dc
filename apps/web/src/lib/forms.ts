import { specFieldName } from '@journals/core/errors';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from './http';

/**
 * Puts the server's field errors (spec names: Email, FullName, …) on the form fields, focuses the first one and
 * returns the message for the red alert (spec 01 §8).
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  let focused = false;
  // Walk the form's own field order so the first errored field on screen gets the focus.
  for (const field of fields) {
    const key = error.fieldErrors[specFieldName([field])]?.[0];
    if (!key) continue;
    form.setError(field, { type: 'server', message: key }, { shouldFocus: !focused });
    focused = true;
  }
  return error.message;
}

/** Blocks copy, cut and paste in password fields (spec 01 §5). */
export const noClipboard = {
  onCopy: (event: { preventDefault: () => void }) => event.preventDefault(),
  onCut: (event: { preventDefault: () => void }) => event.preventDefault(),
  onPaste: (event: { preventDefault: () => void }) => event.preventDefault(),
};

/**
 * Required-field marks. The asterisk is drawn by CSS with empty alternative text, so a field's label and
 * accessible name stay exactly its catalogue text (tests find fields with getByLabel(…, { exact: true })).
 */
export const requiredMark = { labelProps: { 'data-mark': 'required' } } as const;
export const required = { ...requiredMark, 'aria-required': true } as const;
