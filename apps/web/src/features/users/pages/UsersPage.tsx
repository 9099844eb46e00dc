import { JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import { USERS_ROLE_CHIPS, type JournalUser } from '@journals/core/schemas/users';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCircleDashed, IconSearch, IconUserCog, IconUserPlus, IconX } from '@tabler/icons-react';
import { mayEditRoles } from '@journals/core/rules/permissions';
import { useState } from 'react';
import { CutText } from '../../../components/CutText';
import { ListPanel } from '../../../components/ListPanel';
import { QueryView } from '../../../components/QueryView';
import { useDynamicT, useLanguage, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { actorOf, useSession } from '../../../lib/session';
import { type UserFilters, useActivateUser, useUsers } from '../api';
import { OpenReviewsDialog } from '../OpenReviewsDialog';
import { RolesDialog } from '../RolesDialog';

/**
 * The journal's users (spec 03 "User list", issue 22 §1): everyone with a role here, newest account first; the role
 * filter, a search over name and e-mail run by Enter or the icon (the cross clears it), the server's pages; each row's
 * name, e-mail, phone and job title cut at 25 with a tooltip, the roles as chips (three, then "+n"), and the
 * activation icon, which activates an account once, after a confirmation.
 */
/** A name or an address kept whole inside a sentence of the other direction (Unicode first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

export function UsersPage() {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const { slug } = useJournal();
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<UserFilters>({ role: null, search: '', page: 1 });
  const list = useUsers(slug, filters);
  const editsRoles = mayEditRoles(actorOf(useSession(slug).data?.user));
  // The person whose roles are open (kept while the dialog closes), and the one whose owed reviews are shown.
  const [rolesOpened, setRolesOpened] = useState(false);
  const [rolesOf, setRolesOf] = useState<number | null>(null);
  const [owing, setOwing] = useState<{ id: number; fullName: string } | null>(null);
  const activate = useActivateUser(slug);
  const filtered = filters.search !== '' || filters.role !== null;
  const runSearch = () => setFilters((now) => ({ ...now, search: typed.trim(), page: 1 }));
  const clearSearch = () => {
    setTyped('');
    setFilters((now) => ({ ...now, search: '', page: 1 }));
  };

  const confirmActivation = (user: JournalUser) =>
    modals.openConfirmModal({
      title: t('users.activate_title'),
      children: (
        <Text size="sm">
          {t('users.activate_body', { name: isolated(user.fullName), email: isolated(user.email) })}
        </Text>
      ),
      labels: { confirm: t('users.activate_confirm'), cancel: t('users.cancel') },
      confirmProps: { 'data-testid': 'confirm-activate' } as never,
      onConfirm: () =>
        activate.mutate(user.id, {
          onSuccess: (said) => notifications.show({ color: 'green', message: said.message, autoClose: 2500 }),
          onError: (error) => notifications.show({ color: 'red', message: error.message, autoClose: 5000 }),
        }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz={28}>
            {t('backoffice.screen_users')}
          </Title>
          <Text c="gray.7">{t('users.intro')}</Text>
        </Stack>
        {/* Adding people is the next part of this screen: the button says so rather than open nothing. */}
        <Tooltip label={t('users.add_user_pending')}>
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            data-disabled
            aria-disabled
            onClick={(event) => event.preventDefault()}
            data-testid="add-user"
          >
            {t('users.add_user')}
          </Button>
        </Tooltip>
      </Group>

      <Group align="flex-end" gap="md">
        <TextInput
          label={t('users.search_label')}
          placeholder={t('users.search_placeholder')}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') runSearch();
          }}
          rightSectionWidth={64}
          rightSection={
            <Group gap={0} wrap="nowrap">
              {typed !== '' || filters.search !== '' ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={clearSearch}
                  aria-label={t('users.search_clear')}
                  data-testid="users-search-clear"
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              ) : null}
              <ActionIcon
                variant="subtle"
                onClick={runSearch}
                aria-label={t('users.search_run')}
                data-testid="users-search-run"
              >
                <IconSearch size={16} aria-hidden />
              </ActionIcon>
            </Group>
          }
          w={{ base: '100%', sm: 380 }}
          data-testid="users-search"
        />
        <Select
          label={t('users.role_label')}
          data={[
            { value: '', label: t('users.role_all') },
            ...JOURNAL_ROLES.map((role) => ({ value: role, label: dynamicT(`users.role_${role}`) })),
          ]}
          value={filters.role ?? ''}
          onChange={(value) => setFilters((now) => ({ ...now, role: (value || null) as JournalRole | null, page: 1 }))}
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
          data-testid="users-role"
        />
      </Group>

      <QueryView query={list} failedTitle={t('users.load_failed')}>
        {(data) => (
          <ListPanel
            busy={list.isPlaceholderData}
            summary={data.more ? t('users.total_more', { count: data.total }) : t('users.total', { count: data.total })}
            summaryTestId="users-total"
            empty={data.items.length > 0 ? null : filtered ? t('users.no_match') : t('users.empty')}
            emptyTestId="users-empty"
            pages={{
              total: data.total,
              pageSize: data.pageSize,
              page: filters.page,
              onChange: (page) => setFilters((now) => ({ ...now, page })),
              testId: 'users-pages',
            }}
          >
            <UsersTable
              users={data.items}
              onActivate={confirmActivation}
              onEditRoles={
                editsRoles
                  ? (user) => {
                      setRolesOf(user.id);
                      setRolesOpened(true);
                    }
                  : null
              }
            />
          </ListPanel>
        )}
      </QueryView>

      <RolesDialog
        slug={slug}
        userId={rolesOf}
        opened={rolesOpened}
        onClose={() => setRolesOpened(false)}
        onOwedReviews={(person) => setOwing(person)}
      />
      <OpenReviewsDialog person={owing} onClose={() => setOwing(null)} />
    </Stack>
  );
}

function UsersTable({
  users,
  onActivate,
  onEditRoles,
}: {
  users: JournalUser[];
  onActivate: (user: JournalUser) => void;
  /** Null when the caller may not set roles (the secretary): no action is shown. */
  onEditRoles: ((user: JournalUser) => void) | null;
}) {
  const { t } = useTranslation();
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
