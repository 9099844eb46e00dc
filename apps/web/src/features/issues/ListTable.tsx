import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list screen's table: it scrolls sideways below `minWidth`, striped, with its column headings (a `false` heading
 * is a column the screen does not show) and its rows.
 */
export function ListTable({
  testId,
  minWidth,
  headings,
  highlightOnHover = true,
  children,
}: {
  testId: string;
  minWidth: number;
  headings: (string | false)[];
  highlightOnHover?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {headings.map((heading) => heading !== false && <Table.Th key={heading}>{heading}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
