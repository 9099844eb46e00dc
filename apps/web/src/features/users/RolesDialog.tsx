import { JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import type { RegistrationInfo } from '@journals/core/schemas/journals';
import { rolesRequest, type UserRolesResponse } from '@journals/core/schemas/users';
import { Alert, Checkbox, Group, Modal, MultiSelect, Select, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckedForm, FormActions } from '../../components/FormParts';
import { QueryView } from '../../components/QueryView';
import { parseErrors, serverErrors, useFieldErrors } from '../../lib/field-errors';
import { api, isApiError } from '../../lib/http';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { useSaveRoles, useUserRoles } from './api';

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

function useSpecializationOptions(slug: string) {
  const language = useLanguage();
  const info = useQuery({
    queryKey: ['registration-info', slug, language],
    queryFn: () => api<RegistrationInfo>(`/api/journals/${encodeURIComponent(slug)}/auth/register`),
    staleTime: 5 * 60_000,
  });
  return (info.data?.specializations ?? []).map((item) => ({ value: String(item.id), label: item.name[language] }));
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
  const dynamicT = useDynamicT();
  const options = useSpecializationOptions(slug);
  const save = useSaveRoles(slug, person.id);
  const [values, setValues] = useState({
    roles: person.roles as JournalRole[],
    reviewerSpecializations: person.reviewerSpecializations.map(String),
    externalReviewer: person.externalReviewer,
    editorType: person.editorType === null ? null : String(person.editorType),
    editorSpecializations: person.editorSpecializations.map(String),
  });
  const { setErrors, errorOf } = useFieldErrors();
  // A change clears the errors shown: they were about the values before it.
  const change = (patch: Partial<typeof values>) => {
    setErrors({});
    setValues((now) => ({ ...now, ...patch }));
  };
  const has = (role: JournalRole) => values.roles.includes(role);

  const submit = () => {
    const parsed = rolesRequest.safeParse({
      roles: values.roles,
      reviewerSpecializations: has('reviewer') ? values.reviewerSpecializations.map(Number) : [],
      externalReviewer: has('reviewer') && values.externalReviewer,
      editorType: has('editor') && values.editorType !== null ? Number(values.editorType) : null,
      editorSpecializations: has('handlingEditor') ? values.editorSpecializations.map(Number) : [],
    });
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
        <Checkbox.Group
          label={t('users.roles_label')}
          value={values.roles}
          onChange={(roles) => change({ roles: roles as JournalRole[] })}
          error={errorOf('Roles')}
          data-testid="roles"
        >
          <Group gap="lg" mt={6}>
            {JOURNAL_ROLES.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={dynamicT(`users.role_${role}`)}
                // Editor and handling editor are never held together (spec 03 §5): each disables the other.
                disabled={(role === 'editor' && has('handlingEditor')) || (role === 'handlingEditor' && has('editor'))}
                data-testid={`role-${role}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {has('reviewer') && (
          <>
            <MultiSelect
              searchable
              label={t('users.reviewer_specializations')}
              data={options}
              value={values.reviewerSpecializations}
              onChange={(ids) => change({ reviewerSpecializations: ids })}
              error={errorOf('ReviewerSpecializations')}
              data-testid="reviewer-specializations"
            />
            <Switch
              label={t('users.external_reviewer')}
              checked={values.externalReviewer}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                change({ externalReviewer: checked });
              }}
              data-testid="external-reviewer"
            />
          </>
        )}
        {has('editor') && (
          <Select
            label={t('users.editor_type')}
            data={[0, 1, 2].map((type) => ({ value: String(type), label: dynamicT(`users.editor_type_${type}`) }))}
            value={values.editorType}
            onChange={(type) => change({ editorType: type })}
            error={errorOf('EditorType')}
            allowDeselect={false}
            data-testid="editor-type"
          />
        )}
        {has('handlingEditor') && (
          <MultiSelect
            searchable
            label={t('users.editor_specializations')}
            data={options}
            value={values.editorSpecializations}
            onChange={(ids) => change({ editorSpecializations: ids })}
            error={errorOf('EditorSpecializations')}
            data-testid="editor-specializations"
          />
        )}
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
