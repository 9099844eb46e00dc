import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of a long form (journal data, payment settings). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
