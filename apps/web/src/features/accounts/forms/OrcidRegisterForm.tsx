import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import type { SpecializationItem } from '@journals/core/schemas/journals';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useJournal } from '../../../lib/journal';
import { type RegisterAnswer, useOrcidRegister } from '../api';
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

const FIELDS = ['fullName', 'email', 'password', 'passwordConfirmation', 'specializations', 'captcha'] as const;

interface OrcidRegisterFormProps {
  ticket: string;
  name: string;
  email: string;
  specializations: SpecializationItem[];
  onRegistered: (answer: RegisterAnswer) => void;
}

/** Completes a registration started at ORCID (spec 03 §2, §5); the ticket proves the ORCID iD. */
export function OrcidRegisterForm({ ticket, name, email, specializations, onRegistered }: OrcidRegisterFormProps) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const register = useOrcidRegister(slug);
  const form = useForm({
    resolver: lazyZodResolver(async () => (await import('@journals/core/schemas/accounts')).orcidRegisterRequest),
    defaultValues: {
      fullName: name,
      email,
      password: '',
      passwordConfirmation: '',
      specializations: [],
      captcha: '',
      ticket,
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
        </SimpleGrid>
        <SpecializationsField control={form.control} name="specializations" specializations={specializations} />
        <CaptchaField control={form.control} name="captcha" resetKey={captchaReset} />
        <div>
          <Button type="submit" size="md" loading={register.isPending} data-testid="orcid-register-submit">
            {t('accounts.register_button')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
