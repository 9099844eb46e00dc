import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/forms';
import type { RegisterAnswer } from '../api';

interface RegistrationMutation<V> {
  mutate: (
    values: V,
    callbacks: {
      onSuccess: (answer: RegisterAnswer) => void;
      onError: (error: unknown) => void;
    },
  ) => void;
}

/**
 * Submits a registration form, plain or ORCID (spec 01 §5, spec 03 §5): the server's answer goes to
 * `onRegistered`; a refusal gets a fresh captcha, its field errors on the fields and its message in the alert.
 */
export function useRegistrationSubmit<T extends FieldValues, V extends T>(
  form: UseFormReturn<T, any, V>,
  fields: readonly Path<T>[],
  mutation: RegistrationMutation<V>,
  onRegistered: (answer: RegisterAnswer) => void,
) {
  const [alert, setAlert] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    mutation.mutate(values, {
      onSuccess: onRegistered,
      onError: (error) => {
        setCaptchaReset((n) => n + 1);
        setAlert(applyServerErrors(form, error, fields));
      },
    });
  });

  return { submit, alert, captchaReset };
}
