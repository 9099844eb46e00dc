import type { SessionUser } from '@journals/core/schemas/accounts';
import { BACK_OFFICE_SCREENS, DRAWER_GROUPS, canSee, type BackOfficeScreen } from '@journals/core/rules/permissions';
import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconUserCircle, IconWorld } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useJournal } from '../../lib/journal';
import { actorOf, dashboardPath } from '../../lib/session';
import { groupTitleKey, screenTitleKey } from './screens';
import { useTranslation } from '../../lib/i18n';

/** The drawer: the groups and screens the user's roles allow, in the order of DRAWER_GROUPS (spec 01 §6). */
export function DrawerNav({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const { pathname } = useLocation();
  const actor = actorOf(user);
  const groups = DRAWER_GROUPS.map((group) => ({
    ...group,
    screens: group.screens.filter((screen) => canSee(actor, screen)),
  })).filter((group) => group.screens.length > 0);
  const isActive = (screen: BackOfficeScreen) => {
    const path = dashboardPath(slug, screen);
    return BACK_OFFICE_SCREENS[screen].path === ''
      ? pathname === path || pathname === path.slice(0, -1)
      : pathname.startsWith(path);
  };

  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap="md">
        {groups.map((group) => (
          <div key={group.group}>
            <Text size="xs" fw={700} tt="uppercase" c="gray.7" px="sm" mb={4}>
              {t(groupTitleKey(group.group))}
            </Text>
            {group.screens.map((screen) => (
              <NavLink
                key={screen}
                component={Link}
                to={dashboardPath(slug, screen)}
                label={t(screenTitleKey(screen))}
                active={isActive(screen)}
                aria-current={isActive(screen) ? 'page' : undefined}
              />
            ))}
          </div>
        ))}
        <Divider />
        <div>
          {canSee(actor, 'profile') && (
            <NavLink
              component={Link}
              to={dashboardPath(slug, 'profile')}
              label={t('backoffice.screen_profile')}
              leftSection={<IconUserCircle size={18} aria-hidden />}
              active={isActive('profile')}
            />
          )}
          <NavLink
            component={Link}
            to={`/${slug}/`}
            label={t('backoffice.public_site')}
            leftSection={<IconWorld size={18} aria-hidden />}
          />
        </div>
      </Stack>
    </ScrollArea>
  );
}
