import { truncate, formatDay } from '@journals/core/format';
import { LIMITS } from '@journals/core/limits';
import type { SessionUser } from '@journals/core/schemas/accounts';
import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../features/accounts/api';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { dashboardPath } from '../../lib/session';

/** Name, e-mail, job title (cut at 20), membership date, profile link and logout (spec 01 §2). */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const logout = useLogout(slug);
  const initials = user.fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => Array.from(part)[0])
    .join('');

  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('accounts.user_menu', { name: user.fullName })} c="white">
          <Group gap={6} wrap="nowrap">
            <Avatar color="brand" variant="white" radius="xl" size={34}>
              {initials}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" truncate="end" maw={180}>
              {user.fullName}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={2} px="sm" py="xs">
          <Text fw={700}>{user.fullName}</Text>
          <Text size="sm" c="gray.7">
            <bdi>{user.email}</bdi>
          </Text>
          {user.jobTitle && (
            <Text size="sm" c="gray.7" title={user.jobTitle}>
              {truncate(user.jobTitle, LIMITS.menuJobTitleCut)}
            </Text>
          )}
          {user.membershipUntil && (
            <Text size="xs" c="brand.8">
              {t('accounts.membership_until', { date: formatDay(user.membershipUntil, language) })}
            </Text>
          )}
        </Stack>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={dashboardPath(slug, 'profile')}
          leftSection={<IconUserCircle size={16} aria-hidden />}
        >
          {t('accounts.profile_link')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate(`/${slug}/`) })}
        >
          {t('accounts.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
