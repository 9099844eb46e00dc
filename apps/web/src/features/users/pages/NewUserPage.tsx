import '@mantine/core/styles/Fieldset.layer.css';
import { LIMITS } from '@journals/core/limits';
import { newUserRequest, type NewUserRequest } from '@journals/core/schemas/users';
import { Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AccountTextInput, ErrorAlert, useFieldBinder } from '../../../components/AccountFields';
import { PersonSections } from '../../../components/PersonSections';
import { applyServerErrors, noClipboard, required } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useAddUser } from '../api';
import { ManagerOnly } from './ManagerOnly';
import { ROLE_AND_PERSON_FIELDS, UserFormActions } from './UserFormParts';
import { NO_ROLES, RoleFields, rolesOf, useFormRoles, useSpecializationOptions, withRoleErrors } from '../RoleFields';
import { ScreenHeading } from '../../../components/ScreenHeading';

/** The form's fields in the order they stand, for the first server error's focus. */
const FIELDS = ['email', 'emailConfirmation', ...ROLE_AND_PERSON_FIELDS] as const;

const EMPTY: NewUserRequest = {
  email: '',
  emailConfirmation: '',
  ...rolesOf(NO_ROLES),
  fullName: '',
  nameOnPaper: '',
  phone: '',
  jobTitle: '',
  workPlace: '',
  specializations: [],
  personalKeywords: [],
  availableAsReviewer: false,
};

const resolver = withRoleErrors<NewUserRequest, ReturnType<typeof newUserRequest.parse>>(newUserRequest);

/**
 * Add new user (spec 03 "Add new user", §5; issue 22 §1): login information (the e-mail twice, copy and paste
 * blocked, and the roles here with what each needs), personal information and interests. Saving answers with the
 * server's message and goes back to the list; an e-mail that already has an account gets the roles only, a new
 * account a mail to choose its password (decision 0039), so the form asks for no password.
 */
export function NewUserPage() {
  return (
    <ManagerOnly>
      <NewUserForm />
    </ManagerOnly>
  );
}

function NewUserForm() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const { options, specializations } = useSpecializationOptions(slug);
  const add = useAddUser(slug);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ resolver, defaultValues: EMPTY });
  const roles = useFormRoles(form, NO_ROLES);
  const bind = useFieldBinder(form);
  const listPath = `/${slug}/dashboard/users`;

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    add.mutate(values, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message, autoClose: 6000 });
        void navigate(listPath);
      },
      onError: (error) => setAlert(applyServerErrors(form, error, FIELDS)),
    });
  });

  return (
    <Stack gap="lg" maw={960}>
      <ScreenHeading title={t('users.new_title')} intro={t('users.new_intro')} />
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <ErrorAlert message={alert} />
          <Fieldset legend={t('users.section_login')} radius="md">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <AccountTextInput {...bind('email')} autoComplete="off" {...noClipboard} />
                <TextInput
                  {...bind('emailConfirmation')}
                  type="email"
                  label={t('accounts.email_confirmation')}
                  maxLength={LIMITS.email}
                  autoComplete="off"
                  {...required}
                  {...noClipboard}
                />
              </SimpleGrid>
              <RoleFields {...roles} options={options} />
            </Stack>
          </Fieldset>
          <PersonSections form={form} specializations={specializations} />
          <UserFormActions saving={add.isPending} listPath={listPath} saveTestId="new-user-save" />
        </Stack>
      </form>
    </Stack>
  );
}
