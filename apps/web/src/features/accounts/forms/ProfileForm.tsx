import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateRequest, type Profile } from '@journals/core/schemas/accounts';
import type { SpecializationItem } from '@journals/core/schemas/journals';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useUpdateProfile } from '../api';
import { ErrorAlert } from '../../../components/AccountFields';
import { PersonSections } from '../../../components/PersonSections';
import { LoginInfoSection } from '../../../components/LoginInfoSection';
import { OrcidConnection } from './OrcidConnection';
import type { ProfileFormApi } from './profile-form';

const FIELDS = [
  'email',
  'emailConfirmation',
  'password',
  'passwordConfirmation',
  'currentPassword',
  'fullName',
  'nameOnPaper',
  'phone',
  'jobTitle',
  'workPlace',
  'specializations',
  'personalKeywords',
  'availableAsReviewer',
] as const;

const valuesOf = (profile: Profile) => ({
  changeEmail: false,
  email: profile.email,
  emailConfirmation: '',
  changePassword: false,
  password: '',
  passwordConfirmation: '',
  currentPassword: '',
  fullName: profile.fullName,
  nameOnPaper: profile.nameOnPaper,
  phone: profile.phone ?? '',
  jobTitle: profile.jobTitle,
  workPlace: profile.workPlace,
  specializations: profile.specializations,
  personalKeywords: profile.personalKeywords,
  availableAsReviewer: profile.availableAsReviewer,
});

/**
 * Login info, personal info and interests, saved together (spec 01 §2, §5); the ORCID iD, linked on its own, follows
 * the form. A refetched profile updates the fields the user has not edited and keeps the ones they have.
 */
export function ProfileForm({ profile, specializations }: { profile: Profile; specializations: SpecializationItem[] }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const update = useUpdateProfile(slug);
  const [alert, setAlert] = useState<string | null>(null);
  const saved = useMemo(() => valuesOf(profile), [profile]);
  const form: ProfileFormApi = useForm({
    resolver: zodResolver(profileUpdateRequest),
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    update.mutate(values, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', title: t('common.success_title'), message: answer.message });
        const email = values.changeEmail && values.email ? values.email : profile.email;
        form.reset({
          ...valuesOf(profile),
          ...values,
          email,
          phone: values.phone ?? '',
          changeEmail: false,
          emailConfirmation: '',
          changePassword: false,
          password: '',
          passwordConfirmation: '',
          currentPassword: '',
        });
      },
      onError: (error) => setAlert(applyServerErrors(form, error, FIELDS)),
    });
  });

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <ErrorAlert message={alert} />
          <LoginInfoSection form={form} currentEmail={profile.email} askCurrentPassword />

          <PersonSections form={form} specializations={specializations} />

          <Group>
            <Button
              type="submit"
              size="md"
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              loading={update.isPending}
              data-testid="profile-save"
            >
              {t('accounts.save_profile')}
            </Button>
          </Group>
        </Stack>
      </form>
      <OrcidConnection orcid={profile.orcid} unsavedChanges={form.formState.isDirty} />
    </Stack>
  );
}
