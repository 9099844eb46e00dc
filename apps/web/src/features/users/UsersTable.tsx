import { USERS_ROLE_CHIPS, type JournalUser } from '@journals/core/schemas/users';
import { ActionIcon, Badge, Group, Table, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBan, IconCircleCheck, IconCircleDashed, IconLock, IconPencil, IconUserCog } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CutText } from '../../components/CutText';
import { useDynamicT, useLanguage, useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';

/**
 * A page of the journal's users as a table: name, e-mail, phone and job title cut at 25 with a tooltip, the roles
 * as chips, the activation icon (a button while the account is not active), the journal's ban, and the person's
 * actions when the caller may edit people.
 */
export function UsersTable({
  users,
  onActivate,
  onToggleBan,
  onEditRoles,
}: {
  users: JournalUser[];
  onActivate: (user: JournalUser) => void;
  /** Null when the caller may not ban (the secretary): the ban is shown, not a button. */
  onToggleBan: ((user: JournalUser) => void) | null;
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
                <Group gap={2} wrap="nowrap">
                  <Activation user={user} onActivate={onActivate} />
                  <BanState user={user} onToggleBan={onToggleBan} />
                </Group>
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

/** The activation icon: a check once active, else a button that activates (after a confirmation). */
function Activation({ user, onActivate }: { user: JournalUser; onActivate: (user: JournalUser) => void }) {
  const { t } = useTranslation();
  return user.emailConfirmed ? (
    <Tooltip label={t('users.active')}>
      <ThemeIcon variant="transparent" color="green" aria-label={t('users.active')} role="img" tabIndex={0}>
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
  );
}

/**
 * The journal's ban as an icon: red while banned here, faint while not; a button for the journal manager (each way
 * after a confirmation), a plain icon for the secretary. A suspension of the whole platform shows beside it.
 */
function BanState({ user, onToggleBan }: { user: JournalUser; onToggleBan: ((user: JournalUser) => void) | null }) {
  const { t } = useTranslation();
  const color = user.bannedHere ? 'red' : 'gray';
  const icon = user.bannedHere ? <IconBan size={20} aria-hidden /> : <IconBan size={20} aria-hidden opacity={0.35} />;
  const label = onToggleBan
    ? t(user.bannedHere ? 'users.banned_here_toggle' : 'users.not_banned_toggle')
    : t(user.bannedHere ? 'users.banned_here' : 'users.not_banned');
  return (
    <>
      <Tooltip label={label}>
        {onToggleBan ? (
          <ActionIcon
            variant="subtle"
            color={color}
            onClick={() => onToggleBan(user)}
            aria-label={label}
            aria-pressed={user.bannedHere}
            data-testid="ban-user"
            data-banned={user.bannedHere}
          >
            {icon}
          </ActionIcon>
        ) : (
          <ThemeIcon
            variant="transparent"
            color={color}
            aria-label={label}
            role="img"
            tabIndex={0}
            data-testid="ban-state"
            data-banned={user.bannedHere}
          >
            {icon}
          </ThemeIcon>
        )}
      </Tooltip>
      {user.bannedEverywhere ? (
        <Tooltip label={t('users.banned_platform')}>
          <ThemeIcon
            variant="transparent"
            color="red"
            aria-label={t('users.banned_platform')}
            role="img"
            tabIndex={0}
            data-testid="banned-platform"
          >
            <IconLock size={20} aria-hidden />
          </ThemeIcon>
        </Tooltip>
      ) : null}
    </>
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
