import { specFieldName } from '@journals/core/errors';
import type { FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';
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

/**
 * zodResolver(schema), with zod, the resolver and the schema loaded on the first validation instead of with the
 * page (zod alone is about 20 KB compressed; issue 8 §4). The form gets the same messages and types.
 */
export function lazyZodResolver<Schema extends $ZodType<unknown, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): Resolver<input<Schema>, unknown, output<Schema>> {
  let resolver: Promise<Resolver<input<Schema>, unknown, output<Schema>>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<input<Schema>, unknown, output<Schema>>,
    );
    return (await resolver)(values, context, options);
  };
}
