import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

/**
 * A list's search box (spec 03: Enter or the icon runs the search, clear resets it): the words typed, a clear icon
 * while there is something to clear, and the search icon.
 */
export function SearchBox({
  label,
  placeholder,
  typed,
  onType,
  active,
  onRun,
  onClear,
  labels,
  testId,
  fullWidth = false,
}: {
  label: string;
  placeholder: string;
  typed: string;
  onType: (words: string) => void;
  /** The search the list shows now (the clear icon stays while there is one). */
  active: string;
  onRun: () => void;
  onClear: () => void;
  labels: { run: string; clear: string };
  testId: string;
  /** Fills its container (a side panel) instead of a list's 380 px. */
  fullWidth?: boolean;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={typed}
      onChange={(event) => onType(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onRun();
      }}
      rightSectionWidth={64}
      rightSection={
        <Group gap={0} wrap="nowrap">
          {typed !== '' || active !== '' ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onClear}
              aria-label={labels.clear}
              data-testid={`${testId}-clear`}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          ) : null}
          <ActionIcon variant="subtle" onClick={onRun} aria-label={labels.run} data-testid={`${testId}-run`}>
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        </Group>
      }
      w={fullWidth ? '100%' : { base: '100%', sm: 380 }}
      data-testid={testId}
    />
  );
}
