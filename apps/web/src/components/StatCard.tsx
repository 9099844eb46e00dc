import type { ColorName } from '@journals/core/colors';
import { abbreviateNumber, formatNumber } from '@journals/core/format';
import { Paper, Text, UnstyledButton } from '@mantine/core';
import { useLanguage } from '../lib/i18n';

/**
 * A dashboard's statistic card that filters the table below it or opens a list: the count abbreviated with K, M
 * and B in the page's digits (the exact number in its title, "…" while unknown) over its label; the chosen card is outlined in its colour.
 */
export function StatCard({
  count,
  label,
  color,
  active,
  opensDialog,
  onClick,
  testId,
}: {
  count: number | undefined;
  label: string;
  color: ColorName;
  /** A card that filters: whether its filter is the one shown (aria-pressed). */
  active?: boolean;
  /** A card that opens a dialog instead of filtering (aria-haspopup). */
  opensDialog?: boolean;
  onClick: () => void;
  testId: string;
}) {
  const language = useLanguage();
  return (
    <UnstyledButton
      onClick={onClick}
      aria-pressed={active}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      title={count === undefined ? undefined : formatNumber(count, language)}
      h="100%"
      data-testid={testId}
    >
      <Paper
        withBorder
        radius="lg"
        p="md"
        h="100%"
        style={{
          borderColor: active ? `var(--mantine-color-${color}-6)` : undefined,
          borderWidth: active ? 2 : undefined,
        }}
      >
        <Text fz={28} fw={700} c={`${color}.7`} data-testid="stat-count">
          {count === undefined ? '…' : abbreviateNumber(count, language)}
        </Text>
        <Text size="sm" c="gray.7">
          {label}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}
