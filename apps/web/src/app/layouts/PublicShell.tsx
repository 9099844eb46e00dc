import '@mantine/core/styles/Container.layer.css';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { LoginDialogContext } from '../../lib/login-dialog';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import { PublicNav } from './PublicNav';
import { useLanguage, useTranslation } from '../../lib/i18n';
import { pick, useJournal } from '../../lib/journal';

// The dialog and its forms (react-hook-form, the zod schemas) load when a reader first opens it.
const LoginDialog = lazy(async () => ({
  default: (await import('../../features/accounts/forms/LoginDialog')).LoginDialog,
}));

/** The public site of a journal: header, menu, page, footer, and the login dialog any page can open. */
export function PublicShell() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { journal } = useJournal();
  // `?login` opens the dialog at once: where the server sends a guest who needs to log in first.
  const [params] = useSearchParams();
  const [loginOpen, login] = useDisclosure(params.has('login'));
  // Mantine keeps `open` the same function for the component's life (its handlers are memoised).
  const openLogin = login.open;
  // The server asks for a login this way only when a guest follows the profile's Connect ORCID link (decision 0012).
  const [forOrcid, setForOrcid] = useState(params.get('login') === 'required');
  const [stay, setStay] = useState(false);
  const control = useMemo(
    () => ({
      open: () => {
        setStay(false);
        openLogin();
      },
      openStaying: () => {
        setStay(true);
        openLogin();
      },
    }),
    [openLogin],
  );
  // Mounted from the first opening on, so that closing keeps Mantine's closing transition.
  const [wanted, setWanted] = useState(loginOpen);
  if (loginOpen && !wanted) setWanted(true);

  return (
    <LoginDialogContext.Provider value={control}>
      <div className="app-frame">
        <a className="skip-link" href="#main">
          {t('common.skip_to_content')}
        </a>
        <PublicHeader />
        <PublicNav />
        <main id="main" tabIndex={-1}>
          <Container size="xl" py="xl">
            {journal.active ? (
              <Outlet />
            ) : (
              // Switched off by the platform administrator (decision 0051): its pages say so and nothing else.
              <Stack gap="sm" maw={640} mx="auto" py="xl" role="status" data-testid="journal-off">
                <Title order={1} fz={28}>
                  {t('public.journal_off_title', { journal: pick(journal.journalData.title, language) })}
                </Title>
                <Text c="gray.7">{t('public.journal_off_body')}</Text>
              </Stack>
            )}
          </Container>
        </main>
        <PublicFooter />
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <LoginDialog
            opened={loginOpen}
            onClose={() => {
              login.close();
              setForOrcid(false);
            }}
            reason={forOrcid ? t('accounts.orcid_login_to_connect') : null}
            stay={stay}
          />
        </Suspense>
      )}
    </LoginDialogContext.Provider>
  );
}
