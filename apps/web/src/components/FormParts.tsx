import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form the screen checks itself (no browser bubbles): Enter or Save calls `onSubmit`. */
export function CheckedForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** The form's Cancel and Save buttons (their labels the feature's), at its end; Save spins while the form is saved. */
export function FormActions({
  onCancel,
  saving,
  saveTestId,
  labels,
}: {
  onCancel: () => void;
  saving: boolean;
  saveTestId: string;
  labels: { cancel: string; save: string };
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {labels.cancel}
      </Button>
      <Button type="submit" loading={saving} data-testid={saveTestId}>
        {labels.save}
      </Button>
    </Group>
  );
}
