import { ACCOUNT_FIELDS } from '@journals/core/rules/accounts';
import { editUserRequest, type EditUserRequest, type UserDetailsResponse } from '@journals/core/schemas/users';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/AccountFields';
import { LoginInfoSection } from '../../../components/LoginInfoSection';
import { PersonSections } from '../../../components/PersonSections';
import { QueryView } from '../../../components/QueryView';
import { applyServerErrors } from '../../../lib/forms';
import { isApiError } from '../../../lib/http';
import { useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { useEditUser, useRemoveUser, useUserDetails } from '../api';
import { OpenReviewsDialog } from '../OpenReviewsDialog';
import {
  RoleFields,
  rolesOf,
  type RoleValues,
  useFormRoles,
  useSpecializationOptions,
  withRoleErrors,
} from '../RoleFields';
import { ManagerOnly } from './ManagerOnly';
import { ROLE_AND_PERSON_FIELDS, UserFormActions } from './UserFormParts';

const FIELDS = ['email', 'emailConfirmation', 'password', 'passwordConfirmation', ...ROLE_AND_PERSON_FIELDS] as const;

const resolver = withRoleErrors<EditUserRequest, ReturnType<typeof editUserRequest.parse>>(editUserRequest);
/** The account's details, which the form leaves out when they are locked: the server keeps them as they are. */
const ACCOUNT_DETAILS = ACCOUNT_FIELDS.filter((field) => field !== 'email' && field !== 'password');
/**
 * For a locked account: the request without its details, checked and sent so (decision 0071), so that a detail the
 * account never had (a work place) cannot stop the journal's own fields from being saved.
 */
const lockedResolver: typeof resolver = (values, context, options) =>
  resolver(
    Object.fromEntries(
      Object.entries(values).filter(([field]) => !(ACCOUNT_DETAILS as readonly string[]).includes(field)),
    ) as typeof values,
    context,
    options,
  );

/**
 * Edit user (spec 03 "Edit user", §5; issue 22 §1): login information (the e-mail and the password locked until their
 * pencils, each with its confirmation, and the roles here), personal information and interests; the ORCID iD is
 * shown, never edited (decision 0012). Someone who also belongs to another journal keeps their e-mail and password
 * locked: only the platform administrator changes them (decision 0039). Removing the reviewer role from someone who
 * still owes reviews opens the list of those reviews.
 */
export function EditUserPage() {
  const { slug } = useJournal();
  const id = Number(useParams().id);
  const { t } = useTranslation();
  const person = useUserDetails(slug, id);
  return (
    <ManagerOnly>
      <QueryView query={person} failedTitle={t('users.load_failed')}>
        {(loaded) => <EditUserForm person={loaded} />}
      </QueryView>
    </ManagerOnly>
  );
}

function EditUserForm({ person }: { person: UserDetailsResponse }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const { options, specializations } = useSpecializationOptions(slug);
  const save = useEditUser(slug, person.id);
  const remove = useRemoveUser(slug, person.id);
  const [alert, setAlert] = useState<string | null>(null);
  const [owing, setOwing] = useState<{ id: number; fullName: string } | null>(null);
  const initialRoles: RoleValues = {
    roles: person.roles,
    reviewerSpecializations: person.reviewerSpecializations.map(String),
    externalReviewer: person.externalReviewer,
    editorType: person.editorType === null ? null : String(person.editorType),
    editorSpecializations: person.editorSpecializations.map(String),
  };
  const form = useForm({
    resolver: person.accountEditable ? resolver : lockedResolver,
    defaultValues: {
      changeEmail: false,
      email: person.email,
      emailConfirmation: '',
      changePassword: false,
      password: '',
      passwordConfirmation: '',
      ...rolesOf(initialRoles),
      fullName: person.fullName,
      nameOnPaper: person.nameOnPaper,
      phone: person.phone ?? '',
      jobTitle: person.jobTitle,
      workPlace: person.workPlace,
      specializations: person.specializations,
      personalKeywords: person.personalKeywords,
      availableAsReviewer: person.availableAsReviewer,
    } satisfies EditUserRequest,
  });
  const roles = useFormRoles(form, initialRoles);
  const listPath = `/${slug}/dashboard/users`;

  // A refusal because reviews are still owed lists them; any other refusal is the alert's.
  const refused = (error: unknown, fallback: () => string) => {
    if (isApiError(error) && error.messageKey === 'users.reviewer_has_reviews') {
      setAlert(error.message);
      setOwing({ id: person.id, fullName: person.fullName });
      return;
    }
    setAlert(fallback());
  };
  const confirmRemoval = () =>
    modals.openConfirmModal({
      title: t('users.remove_title', { name: person.fullName }),
      children: <Text size="sm">{t('users.remove_body')}</Text>,
      labels: { confirm: t('users.remove'), cancel: t('users.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove' } as never,
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: (answer) => {
            notifications.show({ color: 'green', message: answer.message, autoClose: 4000 });
            void navigate(listPath);
          },
          onError: (error) => refused(error, () => error.message),
        }),
    });

  const submit = form.handleSubmit((values) => {
    setAlert(null);
    save.mutate(values, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message, autoClose: 4000 });
        void navigate(listPath);
      },
      onError: (error) => refused(error, () => applyServerErrors(form, error, FIELDS)),
    });
  });

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={28}>
          {t('users.edit_title', { name: person.fullName })}
        </Title>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconUserMinus size={16} aria-hidden />}
          onClick={confirmRemoval}
          loading={remove.isPending}
          data-testid="remove-user"
        >
          {t('users.remove')}
        </Button>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <ErrorAlert message={alert} />
          <LoginInfoSection
            form={form}
            currentEmail={person.email}
            editable={person.accountEditable}
            lockedNote={t('users.account_elsewhere')}
          >
            <RoleFields {...roles} options={options} />
          </LoginInfoSection>
          <PersonSections
            form={form}
            specializations={specializations}
            locked={person.accountEditable ? [] : ACCOUNT_FIELDS}
            lockedNote={t('users.account_elsewhere')}
          >
            <TextInput
              label={t('accounts.orcid')}
              value={person.orcid ?? '—'}
              readOnly
              variant="filled"
              dir="ltr"
              description={t('users.orcid_read_only')}
            />
          </PersonSections>
          <UserFormActions saving={save.isPending} listPath={listPath} saveTestId="edit-user-save" />
        </Stack>
      </form>
      <OpenReviewsDialog person={owing} onClose={() => setOwing(null)} />
    </Stack>
  );
}
