import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Text.layer.css';
import { ActionIcon, Anchor, Button, Container, Group, Text } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandX,
  IconLayoutDashboard,
  IconLogin,
  IconLogout,
  IconMail,
  IconUserPlus,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../features/accounts/api';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useJournal, usePick } from '../../lib/journal';
import { useLoginDialog } from '../../lib/login-dialog';
import { landingPathOf, useSession } from '../../lib/session';
import { useTranslation } from '../../lib/i18n';

/** Contact links, account links, language switch, then the journal's logo, title and foundation (spec 01 §2). */
export function PublicHeader() {
  const { t } = useTranslation();
  const { slug, journal } = useJournal();
  const pick = usePick();
  const data = journal.journalData;
  const title = pick(data.title);
  const socials = [
    { href: data.facebook, label: t('public.facebook'), icon: IconBrandFacebook },
    { href: data.twitter, label: t('public.twitter'), icon: IconBrandX },
    { href: data.linkedin, label: t('public.linkedin'), icon: IconBrandLinkedin },
  ].filter((social) => social.href);

  return (
    <header>
      <div className="topbar">
        <Container size="xl" py={6}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              {data.email && (
                <Anchor
                  href={`mailto:${data.email}`}
                  size="sm"
                  c="white"
                  aria-label={`${t('public.email_journal')}: ${data.email}`}
                >
                  <Group gap={6} wrap="nowrap">
                    <IconMail size={16} aria-hidden />
                    <span dir="ltr">{data.email}</span>
                  </Group>
                </Anchor>
              )}
              {socials.map(({ href, label, icon: Icon }) => (
                <ActionIcon
                  key={label}
                  component="a"
                  href={href!}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="transparent"
                  c="white"
                  aria-label={label}
                >
                  <Icon size={18} aria-hidden />
                </ActionIcon>
              ))}
            </Group>
            <Group gap="xs" wrap="wrap">
              <AccountLinks />
              {data.multiLanguage && <LanguageSwitch variant="white" />}
            </Group>
          </Group>
        </Container>
      </div>
      <div className="masthead">
        <Container size="xl" py="md">
          <Group gap="md" wrap="nowrap">
            {journal.logoUrl && (
              <img className="journal-logo" src={journal.logoUrl} alt={t('public.logo_alt', { name: title })} />
            )}
            <div>
              <Anchor component={Link} to={`/${slug}/`} underline="never" c="brand.9">
                <Text component="span" fz={{ base: 22, sm: 30 }} fw={700} ff="heading" lh={1.2}>
                  {title}
                </Text>
              </Anchor>
              {pick(data.foundationName) && (
                <Text size="sm" c="gray.7" mt={4}>
                  {data.website ? (
                    <Anchor href={data.website} target="_blank" rel="noopener noreferrer" c="gray.8">
                      {pick(data.foundationName)}
                    </Anchor>
                  ) : (
                    pick(data.foundationName)
                  )}
                </Text>
              )}
            </div>
          </Group>
        </Container>
      </div>
    </header>
  );
}

function AccountLinks() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const navigate = useNavigate();
  const session = useSession(slug);
  const loginDialog = useLoginDialog();
  const logout = useLogout(slug);
  const user = session.data?.user;

  if (session.isPending) return null;
  if (!user) {
    return (
      <>
        <Button
          variant="white"
          size="compact-sm"
          leftSection={<IconLogin size={16} aria-hidden />}
          onClick={loginDialog.open}
          data-testid="header-login"
        >
          {t('accounts.login')}
        </Button>
        <Button
          component={Link}
          to={`/${slug}/register`}
          data-testid="header-register"
          variant="outline"
          color="white"
          c="white"
          size="compact-sm"
          leftSection={<IconUserPlus size={16} aria-hidden />}
        >
          {t('accounts.register')}
        </Button>
      </>
    );
  }
  return (
    <>
      <Text size="sm" fw={600} c="white" data-testid="header-greeting">
        {t('accounts.greeting', { name: user.fullName })}
      </Text>
      <Button
        component={Link}
        to={landingPathOf(slug, user) ?? `/${slug}/dashboard/`}
        data-testid="header-dashboard"
        variant="white"
        size="compact-sm"
        leftSection={<IconLayoutDashboard size={16} aria-hidden />}
      >
        {t('accounts.dashboard')}
      </Button>
      <Button
        variant="outline"
        color="white"
        c="white"
        size="compact-sm"
        leftSection={<IconLogout size={16} aria-hidden />}
        loading={logout.isPending}
        data-testid="header-logout"
        onClick={() => logout.mutate(undefined, { onSettled: () => navigate(`/${slug}/`) })}
      >
        {t('accounts.logout')}
      </Button>
    </>
  );
}
