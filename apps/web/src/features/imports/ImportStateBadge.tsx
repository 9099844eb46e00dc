import type { ImportState } from '@journals/core/schemas/imports';
import { StatusBadge } from '../../components/StatusBadge';
import { useDynamicT } from '../../lib/i18n';
import { STATE_COLORS } from './display';

/** An import's state as a chip in its colour. */
export function ImportStateBadge({ state }: { state: ImportState }) {
  const dynamicT = useDynamicT();
  return (
    <StatusBadge color={STATE_COLORS[state]} data-testid="import-state">
      {dynamicT(`imports.state_${state}`)}
    </StatusBadge>
  );
}
