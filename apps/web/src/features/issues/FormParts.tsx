import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

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

/** The form's Cancel and Save buttons, at its end; Save spins while the form is saved. */
export function FormActions({
  onCancel,
  saving,
  saveTestId,
}: {
  onCancel: () => void;
  saving: boolean;
  saveTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('issues.cancel')}
      </Button>
      <Button type="submit" loading={saving} data-testid={saveTestId}>
        {t('issues.save')}
      </Button>
    </Group>
  );
}
