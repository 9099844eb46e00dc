import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { KEYWORD_SEPARATORS, splitKeywords } from '@journals/core/schemas/fields';
import type { SpecializationItem } from '@journals/core/schemas/journals';
import { Fieldset, MultiSelect, SimpleGrid, Stack, Switch, TagsInput, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { required } from '../lib/forms';
import { useFieldError, useTranslation } from '../lib/i18n';
import { usePick } from '../lib/journal';
import { AccountTextInput, useFieldBinder } from './AccountFields';

/** The fields of a person's details: their profile's and the journal's user form's (spec 01 §5, spec 03 §5). */
export interface PersonValues {
  fullName: string;
  nameOnPaper: string;
  phone?: string;
  jobTitle: string;
  workPlace: string;
  specializations: number[];
  personalKeywords?: string[];
  availableAsReviewer?: boolean;
}

/** The closed option list is removed from the page, so only the input itself carries the field's label. */
const UNMOUNT_CLOSED = { keepMounted: false } as const;

/**
 * The personal information and interests sections of a person's form: the profile's and the user form's. `form`
 * is the react-hook-form of a form whose values include PersonValues.
 */
export function PersonSections<T extends FieldValues>({
  form,
  specializations,
  children,
  locked = [],
  lockedNote,
}: {
  form: UseFormReturn<T, any, any>;
  specializations: SpecializationItem[];
  /** Fields shown read-only (the user form: the account's fields, core ACCOUNT_FIELDS, when not the journal's). */
  locked?: readonly string[];
  /** Why they are locked, shown under each. */
  lockedNote?: string;
  /** What follows the personal information's fields (the user form's read-only ORCID iD). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const pick = usePick();
  const bindField = useFieldBinder(form);
  const isLocked = (name: string) => locked.includes(name);
  const lockedProps = { readOnly: true, variant: 'filled', 'data-locked': 'true' } as const;
  const bind = (name: 'fullName' | 'nameOnPaper' | 'phone' | 'jobTitle' | 'workPlace') => ({
    ...(bindField(name as Path<T>) as ReturnType<typeof bindField> & { name: typeof name }),
    ...(isLocked(name) ? lockedProps : {}),
  });
  const control = form.control as unknown as Control<PersonValues>;
  const errors = form.formState.errors as FieldErrors<PersonValues>;
  const options = specializations.map((item) => ({ value: String(item.id), label: pick(item.name) }));
  return (
    <>
      <Fieldset legend={t('accounts.personal_info')} radius="md">
        {locked.length > 0 && lockedNote && (
          <Text size="sm" mb="sm" data-testid="account-locked-note">
            {lockedNote}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AccountTextInput {...bind('fullName')} />
          <AccountTextInput {...bind('nameOnPaper')} />
          <AccountTextInput {...bind('phone')} />
          <AccountTextInput {...bind('jobTitle')} />
          <AccountTextInput {...bind('workPlace')} />
          {children}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('accounts.interests')} radius="md">
        <Stack gap="md">
          <Controller
            control={control}
            name="specializations"
            render={({ field }) => (
              <MultiSelect
                ref={field.ref}
                label={t('accounts.specializations')}
                data={options}
                value={field.value.map(String)}
                onChange={(ids) => field.onChange(ids.map(Number))}
                onBlur={field.onBlur}
                searchable
                clearable
                comboboxProps={UNMOUNT_CLOSED}
                {...required}
                error={fieldError(errors.specializations)}
              />
            )}
          />
          <Controller
            control={control}
            name="personalKeywords"
            render={({ field }) => (
              <TagsInput
                ref={field.ref}
                label={t('accounts.personal_keywords')}
                description={t('accounts.personal_keywords_hint')}
                value={field.value ?? []}
                onChange={(values) => field.onChange(splitKeywords(values))}
                onBlur={field.onBlur}
                readOnly={isLocked('personalKeywords')}
                variant={isLocked('personalKeywords') ? 'filled' : undefined}
                splitChars={[...KEYWORD_SEPARATORS]}
                acceptValueOnBlur
                clearable
                comboboxProps={UNMOUNT_CLOSED}
                error={fieldError(errors.personalKeywords)}
              />
            )}
          />
          <Controller
            control={control}
            name="availableAsReviewer"
            render={({ field }) => (
              <Switch
                ref={field.ref}
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                disabled={isLocked('availableAsReviewer')}
                label={t('accounts.available_reviewer_switch')}
              />
            )}
          />
        </Stack>
      </Fieldset>
    </>
  );
}
