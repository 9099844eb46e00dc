import { specFieldName } from '@journals/core/errors';
import { TIMINGS } from '@journals/core/limits';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { type FieldErrorMap, parseErrors, serverErrors } from '../../lib/field-errors';
import type { MessageKey } from '@journals/core/i18n/index';
import { useDynamicT, useTranslation } from '../../lib/i18n';
import { notifyDone } from '../../lib/notify';
import { focusFirstError } from './focus-error';

type Options<Values, Request> = {
  initial: () => Values;
  save: UseMutationResult<{ message: string }, Error, Request>;
  /** The request the values make, as the server reads it. */
  request: (values: Values) => Request;
  /** The form's check with the server's rules; what it is given may differ from the request (a stored secret). */
  check: { schema: ZodType; value: (values: Values) => unknown };
  /** The toast when the form's own check fails. */
  incomplete: MessageKey;
  /** A secret field emptied once saved (the stored one is never shown). */
  secret: keyof Values;
};

/**
 * A journal settings screen's form (the payment gateway and fees, the DOI registration): its values, each field's
 * translated error (cleared as the field changes), the check with the server's rules before sending, a toast and
 * the focus on the first field in error, the server's field errors shown the same way, and the secret field emptied
 * after a save.
 */
export function useSettingsForm<Values extends Record<string, unknown>, Request>(options: Options<Values, Request>) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const { save, request, check, incomplete, secret } = options;
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [specFieldName([String(field)])]: [] }));
  };
  const errorOf = (field: keyof Values) => {
    const key = errors[specFieldName([String(field)])]?.[0];
    return key ? dynamicT(key) : undefined;
  };
  const showErrors = (found: FieldErrorMap) => {
    setErrors(found);
    focusFirstError(formRef.current, found);
  };
  const submit = () => {
    const parsed = check.schema.safeParse(check.value(values));
    if (!parsed.success) {
      notifications.show({ color: 'red', message: t(incomplete), autoClose: TIMINGS.toastMs });
      return showErrors(parseErrors(parsed.error.issues));
    }
    setErrors({});
    save.mutate(request(values), {
      onSuccess: (answer) => {
        set(secret, '' as Values[typeof secret]);
        notifyDone(answer);
      },
      onError: (error) => {
        const fields = serverErrors(error);
        if (Object.keys(fields).length > 0) showErrors(fields);
      },
    });
  };
  /** The save failed for a reason no field carries (shown above the form). */
  const formError = save.error && Object.keys(serverErrors(save.error)).length === 0 ? save.error.message : null;
  return { values, set, errorOf, submit, formRef, formError, saving: save.isPending };
}
