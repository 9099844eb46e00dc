import { Paper, Text } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { ListPages } from './ListPages';

/**
 * One page of a server-paginated list in its frame: how many there are above, the table (or, when the page is
 * empty, the text that says why), the page numbers below. `busy` marks the frame while the next page loads.
 */
export function ListPanel({
  busy,
  summary,
  summaryTestId,
  empty,
  emptyTestId,
  pages,
  children,
}: {
  busy: boolean;
  /** The count line above the table. */
  summary: ReactNode;
  summaryTestId: string;
  /** Shown instead of the table when the page has no rows; null when it has some. */
  empty: string | null;
  emptyTestId: string;
  /** The list's size, the page shown and the page numbers' test id. */
  pages: ComponentProps<typeof ListPages>;
  /** The table of the page's rows. */
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md" aria-busy={busy}>
      <Text size="sm" c="gray.7" mb="xs" data-testid={summaryTestId}>
        {summary}
      </Text>
      {empty === null ? (
        children
      ) : (
        <Text ta="center" c="gray.7" py="lg" data-testid={emptyTestId}>
          {empty}
        </Text>
      )}
      <ListPages {...pages} />
    </Paper>
  );
}
