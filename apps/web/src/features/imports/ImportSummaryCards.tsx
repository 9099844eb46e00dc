import { IMPORT_ACTIONS, type ImportAction, type ImportSummary } from '@journals/core/schemas/imports';
import { SimpleGrid } from '@mantine/core';
import { StatCard } from '../../components/StatCard';
import { useDynamicT } from '../../lib/i18n';
import { ACTION_COLORS } from './display';

/**
 * The counts of a dry run ("to create", …) or of the import that ran ("created", …), each a card that filters the
 * report below to its records (chosen again, it shows them all).
 */
export function ImportSummaryCards({
  summary,
  ran,
  action,
  onAction,
}: {
  summary: ImportSummary;
  /** The import ran: the counts are what it did, not what it would do. */
  ran: boolean;
  action: ImportAction | null;
  onAction: (action: ImportAction | null) => void;
}) {
  const dynamicT = useDynamicT();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="import-summary">
      {IMPORT_ACTIONS.map((each) => (
        <StatCard
          key={each}
          count={summary[each]}
          label={dynamicT(`imports.${ran ? 'did' : 'sum'}_${each}`)}
          color={ACTION_COLORS[each]}
          active={action === each}
          onClick={() => onAction(action === each ? null : each)}
          testId={`summary-${each}`}
        />
      ))}
    </SimpleGrid>
  );
}
