import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A screen's heading: its title (the page's one h1), the sentence under it that says what the screen is for, and
 * the screen's main action on the other side (a button or a link), which goes under the title on a narrow screen.
 */
export function ScreenHeading({
  title,
  intro,
  action,
  titleTestId,
}: {
  title: ReactNode;
  intro?: ReactNode;
  action?: ReactNode;
  titleTestId?: string;
}) {
  const heading = (
    <Stack gap={4} maw={760}>
      <Title order={1} fz={28} data-testid={titleTestId}>
        {title}
      </Title>
      {intro != null && <Text c="gray.7">{intro}</Text>}
    </Stack>
  );
  if (!action) return heading;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      {heading}
      {action}
    </Group>
  );
}
