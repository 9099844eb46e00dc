/**
 * After a form's errors render, the first field in error in the form's order takes the focus. Fields carry their
 * spec name in `data-field`; a wrapper (an editor, an image slot) hands the focus to its first control.
 */
export function focusFirstError(form: HTMLElement | null, errors: Record<string, unknown>) {
  requestAnimationFrame(() => {
    const fields = [...(form?.querySelectorAll<HTMLElement>('[data-field]') ?? [])];
    const first = fields.find((element) => errors[element.dataset.field ?? '']);
    const target = first?.matches('input, textarea, button')
      ? first
      : first?.querySelector<HTMLElement>('input, textarea, [contenteditable="true"], button');
    target?.focus();
    target?.scrollIntoView({ block: 'center' });
  });
}
