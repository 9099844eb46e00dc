import { JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import type { RegistrationInfo } from '@journals/core/schemas/journals';
import { type RolesRequest, rolesRequest } from '@journals/core/schemas/users';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import { useState } from 'react';
import { useFieldError } from '../../lib/i18n';
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

/**
 * The resolver of a user form's schema, with the roles' own refusals shown too when another field is refused (zod
 * skips an object's cross-field rules once one of its fields is refused; the roles' fields refuse nothing on their
 * own), so that one save shows every refusal.
 */
export function withRoleErrors<Input extends FieldValues, Output>(
  schema: Parameters<typeof zodResolver>[0],
): Resolver<Input, unknown, Output> {
  const byRequest = zodResolver(schema) as unknown as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await byRequest(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const roles = rolesRequest.safeParse(values);
    const errors = result.errors as Record<string, unknown>;
    for (const issue of roles.success ? [] : roles.error.issues) {
      errors[String(issue.path[0])] ??= { type: 'custom', message: issue.message };
    }
    return result;
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

/**
 * The role fields of a react-hook-form user form: the pickers hold strings, the form's values are the request's,
 * kept in step on each change; the errors are the form's, by the request's field names.
 */
export function useFormRoles<T extends FieldValues>(form: UseFormReturn<T, any, any>, initial: RoleValues) {
  const fieldError = useFieldError();
  const [roles, setRoles] = useState<RoleValues>(initial);
  const typed = form as unknown as UseFormReturn<RolesRequest>;
  const change = (patch: Partial<RoleValues>) => {
    const next = { ...roles, ...patch };
    setRoles(next);
    for (const [name, value] of Object.entries(rolesOf(next))) {
      typed.setValue(name as keyof RolesRequest, value as never, { shouldValidate: typed.formState.isSubmitted });
    }
  };
  const errorOf = (field: string) => {
    const name = (field[0]!.toLowerCase() + field.slice(1)) as keyof RolesRequest;
    return fieldError(typed.formState.errors[name] as never);
  };
  return { values: roles, change, errorOf };
}
