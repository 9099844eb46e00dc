import { rolesRequest, type UserRolesResponse } from '@journals/core/schemas/users';
import { Alert, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CheckedForm, FormActions } from '../../components/FormParts';
import { QueryView } from '../../components/QueryView';
import { parseErrors, serverErrors, useFieldErrors } from '../../lib/field-errors';
import { isApiError } from '../../lib/http';
import { useTranslation } from '../../lib/i18n';
import { useSaveRoles, useUserRoles } from './api';
import { RoleFields, rolesOf, type RoleValues, useSpecializationOptions } from './RoleFields';

/**
 * The roles dialog (spec 03 "Roles dialog", §5): the person's roles here, with reviewer specializations and the
 * external flag for a reviewer, the editor type for an editor, editor specializations for a handling editor. Editor
 * and handling editor exclude each other. A refusal because reviews are still owed hands over to `onOwedReviews`.
 */
export function RolesDialog({
  slug,
  userId,
  opened,
  onClose,
  onOwedReviews,
}: {
  slug: string;
  userId: number | null;
  opened: boolean;
  onClose: () => void;
  onOwedReviews: (person: UserRolesResponse) => void;
}) {
  const { t } = useTranslation();
  const roles = useUserRoles(slug, opened ? userId : null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={roles.data ? t('users.roles_title', { name: roles.data.fullName }) : t('users.edit_roles')}
      size="lg"
      centered
    >
      {opened && (
        <QueryView query={roles} failedTitle={t('users.load_failed')}>
          {(person) => <RolesForm slug={slug} person={person} onClose={onClose} onOwedReviews={onOwedReviews} />}
        </QueryView>
      )}
    </Modal>
  );
}

function RolesForm({
  slug,
  person,
  onClose,
  onOwedReviews,
}: {
  slug: string;
  person: UserRolesResponse;
  onClose: () => void;
  onOwedReviews: (person: UserRolesResponse) => void;
}) {
  const { t } = useTranslation();
  const { options } = useSpecializationOptions(slug);
  const save = useSaveRoles(slug, person.id);
  const [values, setValues] = useState<RoleValues>({
    roles: person.roles,
    reviewerSpecializations: person.reviewerSpecializations.map(String),
    externalReviewer: person.externalReviewer,
    editorType: person.editorType === null ? null : String(person.editorType),
    editorSpecializations: person.editorSpecializations.map(String),
  });
  const { setErrors, errorOf } = useFieldErrors();
  // A change clears the errors shown: they were about the values before it.
  const change = (patch: Partial<RoleValues>) => {
    setErrors({});
    setValues((now) => ({ ...now, ...patch }));
  };
  const submit = () => {
    const parsed = rolesRequest.safeParse(rolesOf(values));
    if (!parsed.success) {
      setErrors(parseErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message, autoClose: 2500 });
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.messageKey === 'users.reviewer_has_reviews') {
          onClose();
          onOwedReviews(person);
          return;
        }
        setErrors(serverErrors(error));
      },
    });
  };

  return (
    <CheckedForm onSubmit={submit}>
      <Stack gap="md">
        <RoleFields values={values} change={change} errorOf={errorOf} options={options} />
        {save.error && !isApiError(save.error, 400) && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          saving={save.isPending}
          saveTestId="roles-save"
          labels={{ cancel: t('users.cancel'), save: t('users.save') }}
        />
      </Stack>
    </CheckedForm>
  );
}
