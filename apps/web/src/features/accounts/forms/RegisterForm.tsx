import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@journals/core/limits';
import { registerRequest } from '@journals/core/schemas/accounts';
import type { SpecializationItem } from '@journals/core/schemas/journals';
import { Alert, Button, Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Captcha } from '../../../components/Captcha';
import { applyServerErrors, noClipboard, required } from '../../../lib/forms';
import { useFieldError } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useRegister } from '../api';
import { SpecializationsField } from './SpecializationsField';

const FIELDS = [
  'fullName',
  'email',
  'password',
  'passwordConfirmation',
  'phone',
  'jobTitle',
  'specializations',
  'availableAsReviewer',
  'captcha',
] as const;

/** Every field and rule of spec 01 §5, validated by the shared registerRequest schema. */
export function RegisterForm({
  specializations,
  onRegistered,
}: {
  specializations: SpecializationItem[];
  onRegistered: (message: string, email: string) => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { slug } = useJournal();
  const register = useRegister(slug);
  const [alert, setAlert] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = useForm({
    resolver: zodResolver(registerRequest),
    defaultValues: {
      fullName: '',
      email: '',
      password: '',
      passwordConfirmation: '',
      phone: '',
      jobTitle: '',
      specializations: [],
      availableAsReviewer: false,
      captcha: '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    register.mutate(values, {
      onSuccess: (answer) => onRegistered(answer.message, answer.email),
      onError: (error) => {
        setCaptchaReset((n) => n + 1);
        setAlert(applyServerErrors(form, error, FIELDS));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...form.register('fullName')}
            label={t('accounts.full_name')}
            autoComplete="name"
            maxLength={LIMITS.fullName}
            {...required}
            error={fieldError(errors.fullName)}
          />
          <TextInput
            {...form.register('email')}
            type="email"
            label={t('accounts.email')}
            autoComplete="email"
            maxLength={LIMITS.email}
            {...required}
            error={fieldError(errors.email)}
          />
          <PasswordInput
            {...form.register('password')}
            {...noClipboard}
            label={t('accounts.password')}
            description={t('accounts.clipboard_blocked')}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            {...required}
            error={fieldError(errors.password)}
          />
          <PasswordInput
            {...form.register('passwordConfirmation')}
            {...noClipboard}
            label={t('accounts.password_confirmation')}
            description={t('accounts.clipboard_blocked')}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            {...required}
            error={fieldError(errors.passwordConfirmation)}
          />
          <TextInput
            {...form.register('phone')}
            type="tel"
            dir="ltr"
            label={t('accounts.phone')}
            autoComplete="tel"
            maxLength={LIMITS.phone}
            error={fieldError(errors.phone)}
          />
          <TextInput
            {...form.register('jobTitle')}
            label={t('accounts.job_title')}
            autoComplete="organization-title"
            maxLength={LIMITS.jobTitle}
            {...required}
            error={fieldError(errors.jobTitle)}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="specializations"
          render={({ field }) => (
            <SpecializationsField
              specializations={specializations}
              value={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              error={fieldError(errors.specializations)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="availableAsReviewer"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              label={t('accounts.available_reviewer')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="captcha"
          render={({ field }) => (
            <Captcha onChange={field.onChange} error={fieldError(errors.captcha)} resetKey={captchaReset} />
          )}
        />
        <div>
          <Button type="submit" size="md" loading={register.isPending} data-testid="register-submit">
            {t('accounts.register_button')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
