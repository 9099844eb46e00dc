import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import type { SpecializationItem } from '@journals/core/schemas/journals';
import { Button, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useJournal } from '../../../lib/journal';
import { type RegisterAnswer, useRegister } from '../api';
import {
  AccountTextInput,
  CaptchaField,
  ErrorAlert,
  PasswordPair,
  useFieldBinder,
} from '../../../components/AccountFields';
import { SpecializationsField } from './SpecializationsField';
import { useRegistrationSubmit } from './useRegistrationSubmit';
import { lazyZodResolver } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';

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
  onRegistered: (answer: RegisterAnswer) => void;
}) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const register = useRegister(slug);
  const form = useForm({
    resolver: lazyZodResolver(async () => (await import('@journals/core/schemas/accounts')).registerRequest),
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
  const bind = useFieldBinder(form);
  const { submit, alert, captchaReset } = useRegistrationSubmit(form, FIELDS, register, onRegistered);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert message={alert} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AccountTextInput {...bind('fullName')} />
          <AccountTextInput {...bind('email')} />
          <PasswordPair password={bind('password')} confirmation={bind('passwordConfirmation')} labels="account" />
          <AccountTextInput {...bind('phone')} />
          <AccountTextInput {...bind('jobTitle')} />
        </SimpleGrid>
        <SpecializationsField control={form.control} name="specializations" specializations={specializations} />
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
        <CaptchaField control={form.control} name="captcha" resetKey={captchaReset} />
        <div>
          <Button type="submit" size="md" loading={register.isPending} data-testid="register-submit">
            {t('accounts.register_button')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
