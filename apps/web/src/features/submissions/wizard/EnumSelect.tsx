import type { MessageKey } from '@journals/core/i18n/index';
import { Select } from '@mantine/core';
import { Controller, get } from 'react-hook-form';
import { required } from '../../../lib/forms';
import { useDynamicT, useFieldError, useTranslation } from '../../../lib/i18n';
import type { WizardForm, WizardValues } from './form';

type CodeField = {
  [K in keyof WizardValues]-?: NonNullable<WizardValues[K]> extends number ? K : never;
}[keyof WizardValues];

interface EnumSelectProps {
  form: WizardForm;
  name: CodeField;
  label: MessageKey;
  /** Catalogue prefix of the labels: `papers.<prefix>_<code>`. */
  prefix: string;
  values: readonly number[];
  onPicked?: (value: number | null) => void;
}

/** A select of one paper enumeration, labels from the `papers` catalogue, bound to a number field. */
export function EnumSelect({ form, name, label, prefix, values, onPicked }: EnumSelectProps) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const fieldError = useFieldError();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          ref={field.ref}
          name={name}
          label={t(label)}
          placeholder={t('submissions.choose')}
          {...required}
          data={values.map((value) => ({ value: String(value), label: dynamicT(`papers.${prefix}_${value}`) }))}
          value={field.value == null ? null : String(field.value)}
          onChange={(value) => {
            const code = value === null ? null : Number(value);
            field.onChange(code);
            onPicked?.(code);
          }}
          onBlur={field.onBlur}
          error={fieldError(get(form.formState.errors, name))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}
