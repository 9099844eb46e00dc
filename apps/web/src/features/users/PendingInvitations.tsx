import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { formatDay } from '@journals/core/format';
import type { PendingInvitation } from '@journals/core/schemas/invitations';
import { Badge, Button, Fieldset, Group, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { usePendingInvitations, useWithdrawInvitation } from './invitations-api';

const STATUS_COLORS = { waiting: 'blue', expired: 'gray', declined: 'red' } as const;

/**
 * The invitations under the user list (decision 0071): each address and name as the manager typed them, the roles
 * offered, when it was sent and until when its link works, and whether it waits, expired or was declined. A new
 * account and an existing one look the same here; a person appears in the list above once they answer.
 */
export function PendingInvitations({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = usePendingInvitations(slug);
  const items = query.data?.items ?? [];
  const withdraw = useWithdrawInvitation(slug);
  const confirmWithdraw = (item: PendingInvitation) =>
    modals.openConfirmModal({
      title: t('users.invitation_withdraw_title', { email: item.email }),
      children: <Text size="sm">{t('users.invitation_withdraw_body')}</Text>,
      labels: { confirm: t('users.invitation_withdraw'), cancel: t('users.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-withdraw-invitation' } as never,
      onConfirm: () =>
        withdraw.mutate(item.id, {
          onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message, autoClose: 4000 }),
          onError: (error) => notifications.show({ color: 'red', message: error.message, autoClose: 6000 }),
        }),
    });
  const roleName = (item: PendingInvitation, role: PendingInvitation['roles'][number]) =>
    role === 'editor' && item.editorType !== null
      ? `${t(`users.role_${role}`)} (${t(`users.editor_type_${item.editorType}` as 'users.editor_type_0')})`
      : t(`users.role_${role}`);
  return (
    <Fieldset legend={t('users.invitations_title')} radius="md" data-testid="pending-invitations">
      <Text size="sm" mb="sm">
        {t('users.invitations_intro')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" data-testid="invitations-empty">
          {t('users.invitations_empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.col_name')}</Table.Th>
                <Table.Th>{t('users.col_email')}</Table.Th>
                <Table.Th>{t('users.col_roles')}</Table.Th>
                <Table.Th>{t('users.col_sent')}</Table.Th>
                <Table.Th>{t('users.col_expires')}</Table.Th>
                <Table.Th>{t('users.col_status')}</Table.Th>
                <Table.Th>{t('users.col_invitation_actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} data-testid="invitation-row">
                  <Table.Td>{item.fullName}</Table.Td>
                  <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                    {item.email}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {item.roles.map((role) => (
                        <Badge key={role} variant="light" radius="sm" tt="none">
                          {roleName(item, role)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDay(item.sentAt, language)}</Table.Td>
                  <Table.Td>{formatDay(item.expiresAt, language)}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={STATUS_COLORS[item.status]}
                      variant="light"
                      radius="sm"
                      tt="none"
                      data-testid="invitation-status"
                    >
                      {t(`users.status_${item.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => confirmWithdraw(item)}
                      data-testid="withdraw-invitation"
                    >
                      {t('users.invitation_withdraw')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Fieldset>
  );
}
