import { USERS_ROLE_CHIPS, type JournalUser } from '@journals/core/schemas/users';
import { ActionIcon, Badge, Group, Table, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconPencil, IconUserCog } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CutText } from '../../components/CutText';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';

/**
 * A page of the journal's users as a table: name, e-mail, phone and job title cut at 25 with a tooltip, the roles
 * as chips, the activation icon (a button while the account is not active), and the roles action when the caller
 * may set roles.
 */
export function UsersTable({
  users,
  onActivate,
  onEditRoles,
}: {
  users: JournalUser[];
  onActivate: (user: JournalUser) => void;
  /** Null when the caller may not edit people or their roles (the secretary): no action is shown. */
  onEditRoles: ((user: JournalUser) => void) | null;
}) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.col_name')}</Table.Th>
            <Table.Th>{t('users.col_email')}</Table.Th>
            <Table.Th>{t('users.col_phone')}</Table.Th>
            <Table.Th>{t('users.col_job')}</Table.Th>
            <Table.Th>{t('users.col_roles')}</Table.Th>
            <Table.Th>{t('users.col_activation')}</Table.Th>
            {onEditRoles && <Table.Th>{t('users.col_actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="user-row" data-email={user.email}>
              <Table.Td fw={600}>
                <CutText text={user.fullName} />
              </Table.Td>
              <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                <CutText text={user.email} />
              </Table.Td>
              <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                {user.phone ? <CutText text={user.phone} /> : null}
              </Table.Td>
              <Table.Td>
                <CutText text={user.jobTitle} />
              </Table.Td>
              <Table.Td>
                <RoleChips user={user} />
              </Table.Td>
              <Table.Td>
                {user.emailConfirmed ? (
                  <Tooltip label={t('users.active')}>
                    <ThemeIcon
                      variant="transparent"
                      color="green"
                      aria-label={t('users.active')}
                      role="img"
                      tabIndex={0}
                    >
                      <IconCircleCheck size={20} aria-hidden />
                    </ThemeIcon>
                  </Tooltip>
                ) : (
                  <Tooltip label={t('users.not_active')}>
                    <ActionIcon
                      variant="subtle"
                      color="orange"
                      onClick={() => onActivate(user)}
                      aria-label={t('users.not_active')}
                      data-testid="activate-user"
                    >
                      <IconCircleDashed size={20} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Table.Td>
              {onEditRoles && (
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={t('users.edit_user')}>
                      <ActionIcon
                        variant="subtle"
                        component={Link}
                        to={`/${slug}/dashboard/users/edit/${user.id}`}
                        aria-label={t('users.edit_user')}
                        data-testid="edit-user"
                      >
                        <IconPencil size={20} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('users.edit_roles')}>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => onEditRoles(user)}
                        aria-label={t('users.edit_roles')}
                        data-testid="edit-roles"
                      >
                        <IconUserCog size={20} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The roles as chips, an editor's by their editor type; three, then "+n" with the rest in a tooltip. */
function RoleChips({ user }: { user: JournalUser }) {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const language = useLanguage();
  const names = user.roles.map((role) =>
    role === 'editor' && user.editorType !== null
      ? dynamicT(`users.editor_type_${user.editorType}`)
      : dynamicT(`users.role_${role}`),
  );
  const shown = names.slice(0, USERS_ROLE_CHIPS);
  const rest = names.slice(USERS_ROLE_CHIPS);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((name) => (
        <Badge key={name} variant="light" radius="sm" tt="none" data-testid="user-role">
          {name}
        </Badge>
      ))}
      {rest.length > 0 ? (
        <Tooltip label={new Intl.ListFormat(language).format(rest)}>
          <Badge variant="outline" radius="sm" tabIndex={0}>
            {t('users.more_roles', { count: rest.length })}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
