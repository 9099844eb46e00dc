import '@mantine/core/styles/Fieldset.layer.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@journals/core/limits';
import { newUserRequest, type NewUserRequest, rolesRequest } from '@journals/core/schemas/users';
import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { mayEditRoles } from '@journals/core/rules/permissions';
import { Link, Navigate, useNavigate } from 'react-router';
import { AccountTextInput, ErrorAlert, useFieldBinder } from '../../../components/AccountFields';
import { PersonSections } from '../../../components/PersonSections';
import { applyServerErrors, noClipboard, required } from '../../../lib/forms';
import { useFieldError, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { actorOf, useSession } from '../../../lib/session';
import { useAddUser } from '../api';
import { NO_ROLES, RoleFields, rolesOf, type RoleValues, useSpecializationOptions } from '../RoleFields';

/** The form's fields in the order they stand, for the first server error's focus. */
const FIELDS = [
  'email',
  'emailConfirmation',
  'roles',
  'reviewerSpecializations',
  'editorType',
  'editorSpecializations',
  'fullName',
  'nameOnPaper',
  'phone',
  'jobTitle',
  'workPlace',
  'specializations',
  'personalKeywords',
] as const;

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

const byRequest = zodResolver(newUserRequest);
/**
 * The request's rules, with the roles' own shown too when another field is refused (zod skips an object's
 * cross-field rules once one of its fields is refused; the roles' fields refuse nothing on their own), so that one
 * save shows every refusal.
 */
const resolver: Resolver<NewUserRequest, unknown, ReturnType<typeof newUserRequest.parse>> = async (
  values,
  context,
  options,
) => {
  const result = await byRequest(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const roles = rolesRequest.safeParse(values);
  for (const issue of roles.success ? [] : roles.error.issues) {
    const name = String(issue.path[0]) as keyof NewUserRequest;
    result.errors[name] ??= { type: 'custom', message: issue.message };
  }
  return result;
};

/**
 * Add new user (spec 03 "Add new user", §5; issue 22 §1): login information (the e-mail twice, copy and paste
 * blocked, and the roles here with what each needs), personal information and interests. Saving answers with the
 * server's message and goes back to the list; an e-mail that already has an account gets the roles only, a new
 * account a mail to choose its password (decision 0039), so the form asks for no password.
 */
export function NewUserPage() {
  const { slug } = useJournal();
  // Adding people is the journal manager's, as roles are (the server refuses anyone else).
  if (!mayEditRoles(actorOf(useSession(slug).data?.user))) {
    return <Navigate to={`/${slug}/dashboard/unauthorized`} replace />;
  }
  return <NewUserForm />;
}

function NewUserForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const { options, specializations } = useSpecializationOptions(slug);
  const add = useAddUser(slug);
  const [alert, setAlert] = useState<string | null>(null);
  const [roles, setRoles] = useState<RoleValues>(NO_ROLES);
  const form = useForm({ resolver, defaultValues: EMPTY });
  const bind = useFieldBinder(form);
  const { errors } = form.formState;
  const listPath = `/${slug}/dashboard/users`;

  // The role pickers hold strings; the form's values are the request's, kept in step on each change.
  const changeRoles = (patch: Partial<RoleValues>) => {
    const next = { ...roles, ...patch };
    setRoles(next);
    for (const [name, value] of Object.entries(rolesOf(next))) {
      form.setValue(name as keyof ReturnType<typeof rolesOf>, value as never, {
        shouldValidate: form.formState.isSubmitted,
      });
    }
  };
  const roleError = (field: string) => {
    const name = (field[0]!.toLowerCase() + field.slice(1)) as keyof typeof errors;
    return fieldError(errors[name] as never);
  };

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
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {t('users.new_title')}
        </Title>
        <Text c="gray.7">{t('users.new_intro')}</Text>
      </Stack>
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
              <RoleFields values={roles} change={changeRoles} errorOf={roleError} options={options} />
            </Stack>
          </Fieldset>
          <PersonSections form={form} specializations={specializations} />
          <Group>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              loading={add.isPending}
              data-testid="new-user-save"
            >
              {t('users.save')}
            </Button>
            <Button component={Link} to={listPath} variant="default">
              {t('users.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
