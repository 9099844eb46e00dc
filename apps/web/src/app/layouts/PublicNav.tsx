import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Container.layer.css';
import type { CustomTabNode } from '@journals/core/schemas/journals';
import { ActionIcon, Container, Group } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useJournalTabs } from '../../features/journals/api';
import { useJournal, usePick } from '../../lib/journal';
import { NavMenu } from './NavMenu';
import { useTranslation } from '../../lib/i18n';

const INFO_PAGES = [
  { path: 'about-us', label: 'public.about_us' },
  { path: 'editorial-board', label: 'public.editorial_board' },
  { path: 'aims-scopes', label: 'public.aims_scopes' },
  { path: 'contact-us', label: 'public.contact_us' },
  { path: 'statistics', label: 'public.editorial_statistics' },
] as const;

/** Home, Browse, the journal's custom tabs (sub-tabs as dropdowns), Info, and the search icon (spec 01 §2). */
export function PublicNav() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const { pathname } = useLocation();
  const tabs = useJournalTabs(slug).data?.customTabs ?? [];
  const to = (path: string) => `/${slug}/${path}`;
  const active = (path: string) =>
    path === '' ? pathname === `/${slug}/` || pathname === `/${slug}` : pathname.startsWith(to(path));

  return (
    <nav className="main-nav" aria-label={t('public.nav_label')}>
      <Container size="xl">
        <Group gap={0} justify="space-between" wrap="nowrap">
          <Group gap={0} wrap="wrap">
            <Link
              className="nav-item"
              to={to('')}
              data-active={active('')}
              aria-current={active('') ? 'page' : undefined}
            >
              {t('public.nav_home')}
            </Link>
            <Link
              className="nav-item"
              to={to('archive')}
              data-active={active('archive')}
              aria-current={active('archive') ? 'page' : undefined}
            >
              {t('public.nav_browse')}
            </Link>
            {tabs.map((tab) => (
              <TabItem key={tab.id} tab={tab} to={to} active={active} />
            ))}
            <NavMenu
              label={t('public.nav_info')}
              active={INFO_PAGES.some((page) => active(page.path))}
              links={INFO_PAGES.map((page) => ({ key: page.path, to: to(page.path), label: t(page.label) }))}
            />
          </Group>
          <ActionIcon
            component={Link}
            to={to('search')}
            variant="transparent"
            c="white"
            size="lg"
            aria-label={t('public.nav_search')}
          >
            <IconSearch size={20} aria-hidden />
          </ActionIcon>
        </Group>
      </Container>
    </nav>
  );
}

function TabItem({
  tab,
  to,
  active,
}: {
  tab: CustomTabNode;
  to: (path: string) => string;
  active: (path: string) => boolean;
}) {
  const pick = usePick();
  const path = `page/${tab.slug}`;
  if (tab.subTabs.length === 0) {
    return (
      <Link className="nav-item" to={to(path)} data-active={active(path)}>
        {pick(tab.name)}
      </Link>
    );
  }
  return (
    <NavMenu
      label={pick(tab.name)}
      active={[tab, ...tab.subTabs].some((item) => active(`page/${item.slug}`))}
      links={tab.subTabs.map((sub) => ({ key: sub.id, to: to(`page/${sub.slug}`), label: pick(sub.name) }))}
    />
  );
}
