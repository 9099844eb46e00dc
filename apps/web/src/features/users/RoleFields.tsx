import { JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import type { RegistrationInfo } from '@journals/core/schemas/journals';
import type { RolesRequest } from '@journals/core/schemas/users';
import { Checkbox, Group, MultiSelect, Select, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';

/** The role fields as a form holds them: the pickers' values are strings. */
export interface RoleValues {
  roles: JournalRole[];
  reviewerSpecializations: string[];
  externalReviewer: boolean;
  editorType: string | null;
  editorSpecializations: string[];
}

export const NO_ROLES: RoleValues = {
  roles: [],
  reviewerSpecializations: [],
  externalReviewer: false,
  editorType: null,
  editorSpecializations: [],
};

/** The request's roles part: what a role does not need is left empty. */
export function rolesOf(values: RoleValues): RolesRequest {
  const has = (role: JournalRole) => values.roles.includes(role);
  return {
    roles: values.roles,
    reviewerSpecializations: has('reviewer') ? values.reviewerSpecializations.map(Number) : [],
    externalReviewer: has('reviewer') && values.externalReviewer,
    editorType: has('editor') && values.editorType !== null ? Number(values.editorType) : null,
    editorSpecializations: has('handlingEditor') ? values.editorSpecializations.map(Number) : [],
  };
}

/** The journal's specializations as picker options, in the page's language. */
export function useSpecializationOptions(slug: string) {
  const language = useLanguage();
  const info = useQuery({
    queryKey: ['registration-info', slug, language],
    queryFn: () => api<RegistrationInfo>(`/api/journals/${encodeURIComponent(slug)}/auth/register`),
    staleTime: 5 * 60_000,
  });
  return {
    specializations: info.data?.specializations ?? [],
    options: (info.data?.specializations ?? []).map((item) => ({ value: String(item.id), label: item.name[language] })),
  };
}

/**
 * A person's roles in the journal with what each needs (spec 03 "Roles dialog", §5): reviewer specializations and
 * the external flag for a reviewer, the editor type for an editor, editor specializations for a handling editor.
 * Editor and handling editor exclude each other. The roles dialog's fields and the user form's.
 */
export function RoleFields({
  values,
  change,
  errorOf,
  options,
}: {
  values: RoleValues;
  change: (patch: Partial<RoleValues>) => void;
  errorOf: (field: string) => string | undefined;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const has = (role: JournalRole) => values.roles.includes(role);
  return (
    <>
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
    </>
  );
}
