import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A table row's icon link (open, edit): its label is both the tooltip and the accessible name. */
export function LinkAction({
  to,
  label,
  icon,
  testId,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} variant="subtle" aria-label={label} data-testid={testId}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
