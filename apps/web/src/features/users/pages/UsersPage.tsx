import { JOURNAL_ROLES, type JournalRole } from '@journals/core/enums';
import type { JournalUser } from '@journals/core/schemas/users';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { mayEditRoles } from '@journals/core/rules/permissions';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPanel } from '../../../components/ListPanel';
import { QueryView } from '../../../components/QueryView';
import { useDynamicT, useTranslation } from '../../../lib/i18n';
import { useJournal } from '../../../lib/journal';
import { actorOf, useSession } from '../../../lib/session';
import { type UserFilters, useActivateUser, useBanUser, useUsers } from '../api';
import { OpenReviewsDialog } from '../OpenReviewsDialog';
import { UsersTable } from '../UsersTable';
import { RolesDialog } from '../RolesDialog';
import { PendingInvitations } from '../PendingInvitations';
import { SearchBox } from '../../../components/SearchBox';
import { ScreenHeading } from '../../../components/ScreenHeading';
import { notifyFailed } from '../../../lib/notify';

/**
 * The journal's users (spec 03 "User list", issue 22 §1): everyone with a role here, newest account first; the role
 * filter, a search over name and e-mail run by Enter or the icon (the cross clears it), the server's pages; each row's
 * name, e-mail, phone and job title cut at 25 with a tooltip, the roles as chips (three, then "+n"), and the
 * activation icon, which activates an account once, after a confirmation; the journal's ban, each way after one.
 */
/** A name or an address kept whole inside a sentence of the other direction (Unicode first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

export function UsersPage() {
  const { t } = useTranslation();
  const dynamicT = useDynamicT();
  const { slug } = useJournal();
  const [filters, setFilters] = useState<UserFilters>({ role: null, search: '', page: 1 });
  const list = useUsers(slug, filters);
  const editsRoles = mayEditRoles(actorOf(useSession(slug).data?.user));
  // The person whose roles are open (kept while the dialog closes), and the one whose owed reviews are shown.
  const [rolesOpened, setRolesOpened] = useState(false);
  const [rolesOf, setRolesOf] = useState<number | null>(null);
  const [owing, setOwing] = useState<{ id: number; fullName: string } | null>(null);
  const activate = useActivateUser(slug);
  const ban = useBanUser(slug);
  const filtered = filters.search !== '' || filters.role !== null;

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
          onError: notifyFailed,
        }),
    });

  // The journal's ban, each way after a confirmation (decision 0040).
  const confirmBan = (user: JournalUser) => {
    const banning = !user.bannedHere;
    const name = isolated(user.fullName);
    modals.openConfirmModal({
      title: t(banning ? 'users.ban_title' : 'users.unban_title', { name }),
      children: <Text size="sm">{t(banning ? 'users.ban_body' : 'users.unban_body')}</Text>,
      labels: { confirm: t(banning ? 'users.ban' : 'users.unban'), cancel: t('users.cancel') },
      confirmProps: { color: banning ? 'red' : undefined, 'data-testid': 'confirm-ban' } as never,
      onConfirm: () =>
        ban.mutate(
          { userId: user.id, ban: banning },
          {
            onSuccess: (said) => notifications.show({ color: 'green', message: said.message, autoClose: 3000 }),
            onError: notifyFailed,
          },
        ),
    });
  };

  return (
    <Stack gap="lg">
      <ScreenHeading
        title={t('backoffice.screen_users')}
        intro={t('users.intro')}
        action={
          editsRoles && (
            <Button
              component={Link}
              to={`/${slug}/dashboard/users/create`}
              leftSection={<IconUserPlus size={16} aria-hidden />}
              data-testid="add-user"
            >
              {t('users.add_user')}
            </Button>
          )
        }
      />

      <Group align="flex-end" gap="md">
        <SearchBox
          label={t('users.search_label')}
          placeholder={t('users.search_placeholder')}
          active={filters.search}
          onSearch={(search) => setFilters((now) => ({ ...now, search, page: 1 }))}
          testId="users-search"
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
              onToggleBan={editsRoles ? confirmBan : null}
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

      <PendingInvitations slug={slug} />

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
