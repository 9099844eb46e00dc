import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useBulkMailBudget } from './bulk-mail-api';

/**
 * What is left of the journal's bulk mail budget (decision 0073): messages this hour and today, one per person
 * written to. A message past it is refused by the server with the same numbers.
 */
export function BulkMailBudgetPanel({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const budget = useBulkMailBudget(slug).data;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="budget-title" data-testid="bulk-budget">
      <Stack gap={4}>
        <Title order={2} fz="md" id="budget-title">
          {t('bulkMail.budget_title')}
        </Title>
        {budget && (
          <>
            <Text size="sm" fw={600} data-testid="budget-hour">
              {t('bulkMail.budget_hour', { remaining: budget.leftThisHour, limit: budget.perHour })}
            </Text>
            <Text size="sm" fw={600} data-testid="budget-day">
              {t('bulkMail.budget_day', { remaining: budget.leftToday, limit: budget.perDay })}
            </Text>
          </>
        )}
        <Text size="xs" c="gray.7">
          {t('bulkMail.budget_note')}
        </Text>
      </Stack>
    </Paper>
  );
}
