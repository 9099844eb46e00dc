import { ActionIcon, Alert, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { get, useWatch } from 'react-hook-form';
import { useDynamicT, useFieldError, useTranslation } from '../../../lib/i18n';
import type { WizardForm } from './form';
import { PersonDialog, type PersonValues } from './PersonDialog';
import { PersonCells, PersonHeads } from '../PersonCells';

type ListName = 'authors' | 'reviewers';
const PERSON_LABELS: Record<string, string> = {
  fullName: 'name',
  email: 'email',
  phone: 'phone',
  workPlace: 'work',
  orcid: 'orcid',
};

/** The signed-in author's account: their row carries the ORCID iD it signed in with. */
type Account = { email: string; orcid: string | null } | null;

/** Step 2: authors (exactly one main) and, where the journal asks for them, suggested reviewers. */
export function PeopleStep({
  form,
  reviewersMin,
  authorsError,
  account = null,
}: {
  form: WizardForm;
  reviewersMin: number;
  authorsError: boolean;
  account?: Account;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      {authorsError && Boolean(get(form.formState.errors, 'authors')) && (
        <Alert color="red" role="alert">
          {t('validation.all_authors_required')}
        </Alert>
      )}
      <PeopleList form={form} name="authors" account={account} />
      {reviewersMin > 0 && <PeopleList form={form} name="reviewers" min={reviewersMin} />}
    </Stack>
  );
}

function PeopleList({
  form,
  name,
  min,
  account,
}: {
  form: WizardForm;
  name: ListName;
  min?: number;
  account?: Account;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const dynamicT = useDynamicT();
  const people = (useWatch({ control: form.control, name }) ?? []) as PersonValues[];
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const isAuthors = name === 'authors';
  const errors = form.formState.errors;
  const listError = fieldError((get(errors, `${name}.root`) ?? get(errors, name)) as { message?: string } | undefined);
  const rowErrors = people
    .map((_, index) => {
      const row = get(errors, `${name}.${index}`) as Record<string, { message?: string }> | undefined;
      if (!row) return [];
      return Object.entries(row)
        .filter(([, error]) => error?.message)
        .map(([field, error]) => {
          const label = dynamicT(`submissions.person_${PERSON_LABELS[field] ?? 'name'}`);
          return `${people[index]?.fullName || index + 1} — ${label}: ${fieldError(error)}`;
        });
    })
    .flat();

  const save = (person: PersonValues) => {
    let next =
      editing === 'new' || editing === null ? [...people, person] : people.map((p, i) => (i === editing ? person : p));
    if (isAuthors && person.isMain) {
      const chosen = editing === 'new' || editing === null ? next.length - 1 : editing;
      next = next.map((p, i) => ({ ...p, isMain: i === chosen }));
    }
    if (isAuthors && next.length === 1) next = [{ ...next[0]!, isMain: true }];
    form.setValue(name, next, { shouldDirty: true });
    form.clearErrors(name);
    setEditing(null);
  };

  const remove = (index: number) => {
    let next = people.filter((_, i) => i !== index);
    if (isAuthors && next.length > 0 && !next.some((p) => p.isMain))
      next = next.map((p, i) => ({ ...p, isMain: i === 0 }));
    form.setValue(name, next, { shouldDirty: true });
    form.clearErrors(name);
  };

  const testId = isAuthors ? 'author' : 'reviewer';
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} fz="lg">
          {t(isAuthors ? 'submissions.authors' : 'submissions.reviewers')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          data-testid={`add-${testId}`}
        >
          {t(isAuthors ? 'submissions.add_author' : 'submissions.add_reviewer')}
        </Button>
      </Group>
      {!isAuthors && (
        <Text size="sm" c="gray.7">
          {t('submissions.reviewers_hint', { count: min ?? 0 })}
        </Text>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <PersonHeads />
              <Table.Th>
                <VisuallyHidden>{t('submissions.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((person, index) => (
              <Table.Tr key={`${person.email}-${index}`} data-testid={`${testId}-row`}>
                <PersonCells person={person} />
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('submissions.edit_person', { name: person.fullName })}
                      onClick={() => setEditing(index)}
                    >
                      <IconEdit size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('submissions.remove_person', { name: person.fullName })}
                      onClick={() => remove(index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {people.length === 0 && (
        <Text size="sm" c="gray.7">
          {t(isAuthors ? 'submissions.no_authors' : 'submissions.no_reviewers')}
        </Text>
      )}
      {[listError, ...rowErrors].filter(Boolean).map((message, index) => (
        <Text key={index} size="sm" c="red.8" role="alert">
          {message}
        </Text>
      ))}
      <PersonDialog
        opened={editing !== null}
        kind={isAuthors ? 'author' : 'reviewer'}
        initial={typeof editing === 'number' ? (people[editing] ?? null) : null}
        onClose={() => setEditing(null)}
        onSave={save}
        account={account}
      />
    </Stack>
  );
}
