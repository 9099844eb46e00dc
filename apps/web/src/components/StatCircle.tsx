import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { abbreviateNumber } from '@journals/core/format';
import { Stack, Text } from '@mantine/core';

/** A statistic in a circle, abbreviated with K, M and B (spec 01 §1). */
export function StatCircle({ value, label }: { value: number; label: string }) {
  return (
    <Stack align="center" gap={6}>
      <div className="stat-circle" title={value.toLocaleString()}>
        <Text component="span" fz={30} fw={700} c="brand.8" lh={1}>
          {abbreviateNumber(value)}
        </Text>
      </div>
      <Text fw={600} c="gray.8">
        {label}
      </Text>
    </Stack>
  );
}
