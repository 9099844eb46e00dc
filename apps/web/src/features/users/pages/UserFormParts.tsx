import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

/** The user forms' fields after the login ones, in the order they stand (a server error focuses the first). */
export const ROLE_AND_PERSON_FIELDS = [
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

/** Save, and Cancel back to the list (spec 03 "Add new user", "Edit user"). */
export function UserFormActions({
  saving,
  listPath,
  saveTestId,
}: {
  saving: boolean;
  listPath: string;
  saveTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button
        type="submit"
        leftSection={<IconDeviceFloppy size={18} aria-hidden />}
        loading={saving}
        data-testid={saveTestId}
      >
        {t('users.save')}
      </Button>
      <Button component={Link} to={listPath} variant="default">
        {t('users.cancel')}
      </Button>
    </Group>
  );
}
