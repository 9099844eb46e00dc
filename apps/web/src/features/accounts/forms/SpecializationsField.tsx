import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Text.layer.css';
import type { SpecializationItem } from '@journals/core/schemas/journals';
import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { usePick } from '../../../lib/journal';
import { requiredMark } from '../../../lib/forms';
import { useFieldError, useTranslation } from '../../../lib/i18n';

interface SpecializationsFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  /** The form field holding the chosen ids. */
  name: FieldPathByValue<T, number[]>;
  specializations: SpecializationItem[];
}

/** Specialization checkboxes, names in the interface language (spec 01 §2), bound to a form field. */
export function SpecializationsField<T extends FieldValues>({
  control,
  name,
  specializations,
}: SpecializationsFieldProps<T>) {
  const { t } = useTranslation();
  const pick = usePick();
  const fieldError = useFieldError();
  const { field, fieldState } = useController({ control, name });
  // `name` only names fields holding number[] (FieldPathByValue), which TypeScript cannot see through here.
  const value = field.value as number[];
  return (
    <Checkbox.Group
      label={t('accounts.specializations')}
      {...requiredMark}
      value={value.map(String)}
      onChange={(ids) => field.onChange(ids.map(Number))}
      error={fieldError(fieldState.error)}
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
              // Focus target for the first errored field.
              ref={index === 0 ? field.ref : undefined}
            />
          ))}
        </SimpleGrid>
      )}
    </Checkbox.Group>
  );
}
