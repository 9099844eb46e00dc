import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { LIMITS } from '@journals/core/limits';
import type { MessageKey } from '@journals/core/i18n/index';
import { Alert, PasswordInput, TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import {
  Controller,
  get,
  type Control,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { Captcha } from './Captcha';
import { noClipboard, required } from '../lib/forms';
import { useFieldError, useTranslation } from '../lib/i18n';

// The inputs and the alert the account forms share (spec 01 §2, §5, §8; spec 03 §4–5).

/** What an input bound to a form field takes: `register`'s props and the field's translated error. */
export type BoundField<N extends string = string> = UseFormRegisterReturn<N> & { error: string | undefined };

/**
 * Binds inputs to `form`: `const bind = useFieldBinder(form)`, then `<TextInput {...bind('email')} />`. A field is
 * registered where `bind` is called, in the form's own render, so the order in which fields first register (the
 * order a failed submit looks for the field to focus in) stays the order of those calls.
 */
export function useFieldBinder<T extends FieldValues>(form: UseFormReturn<T, any, any>) {
  const fieldError = useFieldError();
  const { errors } = form.formState;
  return <N extends Path<T>>(name: N): BoundField<N> => ({
    ...form.register(name),
    error: fieldError(get(errors, name)),
  });
}

/** The red alert with a refused request's message; nothing while there is none. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}

interface TextFieldPreset extends Pick<
  TextInputProps,
  'type' | 'dir' | 'autoComplete' | 'maxLength' | 'labelProps' | 'aria-required'
> {
  label: MessageKey;
  placeholder?: MessageKey;
}

/** Label, kind, autocomplete hint, length cap and required mark of each account text field, by field name. */
const TEXT_FIELDS = {
  fullName: { label: 'accounts.full_name', autoComplete: 'name', maxLength: LIMITS.fullName, ...required },
  nameOnPaper: { label: 'accounts.name_on_paper', maxLength: LIMITS.nameOnPaper, ...required },
  email: { type: 'email', label: 'accounts.email', autoComplete: 'email', maxLength: LIMITS.email, ...required },
  phone: { type: 'tel', dir: 'ltr', label: 'accounts.phone', autoComplete: 'tel', maxLength: LIMITS.phone },
  jobTitle: {
    label: 'accounts.job_title',
    autoComplete: 'organization-title',
    maxLength: LIMITS.jobTitle,
    ...required,
  },
  workPlace: { label: 'accounts.work_place', autoComplete: 'organization', maxLength: LIMITS.workPlace, ...required },
} satisfies Record<string, TextFieldPreset>;

type AccountTextInputProps = Omit<TextInputProps, 'name'> & {
  name: keyof typeof TEXT_FIELDS;
  ref?: Ref<HTMLInputElement>;
};

/**
 * An account text field set up from its name: `<AccountTextInput {...bind('fullName')} />`. Props given here win
 * over the preset (the sign-in forms ask for `autoComplete="username"` or no length cap).
 */
export function AccountTextInput({ name, ...props }: AccountTextInputProps) {
  const { t } = useTranslation();
  const { label, placeholder, ...preset }: TextFieldPreset = TEXT_FIELDS[name];
  return <TextInput name={name} {...preset} label={t(label)} placeholder={placeholder && t(placeholder)} {...props} />;
}

interface PasswordTexts {
  password: MessageKey;
  confirmation: MessageKey;
  description?: MessageKey;
}

const PASSWORD_TEXTS = {
  /** Choosing an account's first password; the hint says that copy and paste are blocked. */
  account: {
    password: 'accounts.password',
    confirmation: 'accounts.password_confirmation',
    description: 'accounts.clipboard_blocked',
  },
  /** Replacing a password (reset, profile). */
  new: { password: 'accounts.new_password', confirmation: 'accounts.new_password_confirmation' },
} satisfies Record<string, PasswordTexts>;

/** A new password and its confirmation, copy, cut and paste blocked (spec 01 §5). Lay them out in the caller's grid. */
export function PasswordPair({
  password,
  confirmation,
  labels,
}: {
  password: BoundField;
  confirmation: BoundField;
  labels: keyof typeof PASSWORD_TEXTS;
}) {
  const { t } = useTranslation();
  const text: PasswordTexts = PASSWORD_TEXTS[labels];
  const shared = {
    ...noClipboard,
    description: text.description && t(text.description),
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
    ...required,
  };
  return (
    <>
      <PasswordInput {...password} {...shared} label={t(text.password)} />
      <PasswordInput {...confirmation} {...shared} label={t(text.confirmation)} />
    </>
  );
}

/** The captcha of a form, its payload kept in the field `name`; a new `resetKey` asks for a fresh challenge. */
export function CaptchaField<T extends FieldValues>({
  control,
  name,
  resetKey,
}: {
  control: Control<T, any, any>;
  name: Path<T>;
  resetKey: number;
}) {
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Captcha onChange={field.onChange} error={fieldError(fieldState.error)} resetKey={resetKey} />
      )}
    />
  );
}
