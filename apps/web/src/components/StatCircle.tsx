import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { abbreviateNumber, formatNumber } from '@journals/core/format';
import { Stack, Text } from '@mantine/core';
import { useLanguage } from '../lib/i18n';

/** A statistic in a circle, abbreviated with K, M and B (spec 01 §1). */
export function StatCircle({ value, label }: { value: number; label: string }) {
  const language = useLanguage();
  return (
    <Stack align="center" gap={6}>
      <div className="stat-circle" title={formatNumber(value, language)}>
        <Text component="span" fz={30} fw={700} c="brand.8" lh={1}>
          {abbreviateNumber(value, language)}
        </Text>
      </div>
      <Text fw={600} c="gray.8">
        {label}
      </Text>
    </Stack>
  );
}
