import type { SpecializationItem } from '@journals/core/schemas/journals';
import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { usePick } from '../../../lib/journal';
import { requiredMark } from '../../../lib/forms';

interface SpecializationsFieldProps {
  specializations: SpecializationItem[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  /** Focus target for the first errored field. */
  inputRef?: Ref<HTMLInputElement>;
}

/** Specialization checkboxes, names in the interface language (spec 01 §2). */
export function SpecializationsField({ specializations, value, onChange, error, inputRef }: SpecializationsFieldProps) {
  const { t } = useTranslation();
  const pick = usePick();
  return (
    <Checkbox.Group
      label={t('accounts.specializations')}
      {...requiredMark}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      error={error}
    >
      {specializations.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('accounts.specializations_none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {specializations.map((item, index) => (
            <Checkbox
              key={item.id}
              value={String(item.id)}
              label={pick(item.name)}
              ref={index === 0 ? inputRef : undefined}
            />
          ))}
        </SimpleGrid>
      )}
    </Checkbox.Group>
  );
}
