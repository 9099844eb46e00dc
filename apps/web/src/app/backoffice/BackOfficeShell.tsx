import { Anchor, AppShell, Burger, Center, Group, Loader, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useJournal, usePick } from '../../lib/journal';
import { useSession } from '../../lib/session';
import { DrawerNav } from './DrawerNav';
import { UserMenu } from './UserMenu';
import { useTranslation } from '../../lib/i18n';

/** Drawer, top bar (journal title, language switch, user menu) and footer with a contact link (spec 01 §2). */
export function BackOfficeShell() {
  const { t } = useTranslation();
  const { slug, journal } = useJournal();
  const pick = usePick();
  const session = useSession(slug);
  const { pathname } = useLocation();
  // On small screens the drawer stays open only on the page where it was opened: navigating closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const opened = openedAt === pathname;

  if (session.isPending) {
    return (
      <Center mih="100vh" component="main">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const user = session.data?.user;
  // Login required: anyone else goes back to the journal home (spec 03 §2).
  if (!user) return <Navigate to={`/${slug}/`} replace />;

  // The contact bar is no AppShell.Footer: that one is fixed over the page, and controls scrolled to the bottom of
  // the screen (or focused there) sat under it. It closes the page in the flow instead (app/styles/back-office.css,
  // issue 9 §6).
  return (
    <AppShell
      className="backoffice-shell"
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header className="topbar">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={() => setOpenedAt(opened ? null : pathname)}
              hiddenFrom="md"
              size="sm"
              color="white"
              aria-label={t('backoffice.toggle_drawer')}
            />
            {journal.logoUrl && (
              <img src={journal.logoUrl} alt="" width={36} height={36} style={{ objectFit: 'contain' }} />
            )}
            <Anchor
              component={Link}
              to={`/${slug}/`}
              c="white"
              fw={700}
              truncate="end"
              title={t('backoffice.public_site')}
            >
              {pick(journal.journalData.title)}
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {journal.journalData.multiLanguage && <LanguageSwitch variant="white" />}
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('backoffice.drawer_label')}>
        <DrawerNav user={user} />
      </AppShell.Navbar>

      <AppShell.Main className="backoffice-main">
        <Outlet />
      </AppShell.Main>

      <footer className="backoffice-footer">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="gray.7" visibleFrom="sm">
            {t('backoffice.footer_note')}
          </Text>
          <Anchor href={`mailto:${journal.journalData.email}`} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconMail size={16} aria-hidden />
              {t('backoffice.contact_us')}
            </Group>
          </Anchor>
        </Group>
      </footer>
    </AppShell>
  );
}
