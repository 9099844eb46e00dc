import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n';

/**
 * A list's search box (spec 03: Enter or the icon runs the search, clear resets it): the words being typed (its own
 * until run), a clear icon while there is something to clear, and the search icon. `onSearch` gets the trimmed
 * words when the search runs, and '' when it is cleared.
 */
export function SearchBox({
  label,
  placeholder,
  active,
  onSearch,
  testId,
  fullWidth = false,
}: {
  label: string;
  placeholder: string;
  /** The search the list shows now (the clear icon stays while there is one). */
  active: string;
  onSearch: (words: string) => void;
  testId: string;
  /** Fills its container (a side panel) instead of a list's 380 px. */
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(active);
  const onRun = () => onSearch(typed.trim());
  const onClear = () => {
    setTyped('');
    onSearch('');
  };
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
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
              aria-label={t('users.search_clear')}
              data-testid={`${testId}-clear`}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          ) : null}
          <ActionIcon variant="subtle" onClick={onRun} aria-label={t('users.search_run')} data-testid={`${testId}-run`}>
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        </Group>
      }
      w={fullWidth ? '100%' : { base: '100%', sm: 380 }}
      data-testid={testId}
    />
  );
}
